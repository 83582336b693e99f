/**
 * Load for the fault suite: a few signed-in users, each sending jobs (a blog title, which spends
 * quota; an image test job, which writes a file) and reads, one after another, through the proxy.
 * Every request has a hard bound; one that hits it counts as unanswered.
 */
export interface Reply {
  phase: string;
  path: string;
  /** HTTP status, or 'network' (connection reset, e.g. its api was killed) or 'timeout'. */
  status: number | 'network' | 'timeout';
  ms: number;
  sentAt: number;
  creationId?: string;
  /** The reply's message, for anything but 200. */
  message?: string;
}

export interface User {
  token: string;
  id: string;
  email: string;
}

export const REQUEST_BOUND_MS = 25_000;

async function send(url: string, path: string, token: string, body?: unknown): Promise<Omit<Reply, 'phase'>> {
  const started = Date.now();
  try {
    const res = await fetch(`${url}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(REQUEST_BOUND_MS),
    });
    const json = (await res.json().catch(() => ({}))) as { creationId?: string; message?: string };
    return {
      path, status: res.status, ms: Date.now() - started, sentAt: started,
      creationId: res.ok ? json.creationId : undefined, message: res.ok ? undefined : json.message,
    };
  } catch (err) {
    const timedOut = (err as Error).name === 'TimeoutError';
    return { path, status: timedOut ? 'timeout' : 'network', ms: Date.now() - started, sentAt: started };
  }
}

export async function signUpUser(url: string, n: number): Promise<User> {
  const email = `load-${n}-${Date.now()}@example.com`;
  const res = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ name: `Load ${n}`, email, password: 'correct horse battery' }),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(body)}`);
  return { token: body.token, id: body.user.id, email };
}

/** Runs until stop(); replies are tagged with the phase current when they were sent. */
export function startLoad(url: string, users: User[]) {
  const replies: Reply[] = [];
  let phase = 'warm-up';
  let running = true;
  let counter = 0;
  const loops = users.map(async (user) => {
    while (running) {
      const sentIn = phase;
      const n = counter++;
      const step = n % 3 === 0
        ? send(url, '/api/ai/generate-blog-title', user.token, { prompt: `Generate a blog title for the keyword topic${n} in the category Food` })
        : n % 3 === 1
          ? send(url, '/api/ai/test-echo', user.token, { text: `load ${n}`, mode: 'image' })
          : send(url, '/api/user/usage', user.token);
      replies.push({ phase: sentIn, ...(await step) });
      await new Promise((r) => setTimeout(r, 50));
    }
  });
  return {
    replies,
    setPhase(next: string) { phase = next; },
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}
