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
    const json = (await res.json().catch(() => ({}))) as { creationId?: string; message?: string; jobId?: string };
    // A 202 is the api's "your job may still run, poll it" (a queue outage): the client polls it
    // to its end, within the same bound, as the web client does.
    if (res.status === 202 && json.jobId) return { path, ...(await pollToEnd(url, json.jobId, token, started)) };
    return {
      path, status: res.status, ms: Date.now() - started, sentAt: started,
      creationId: res.ok ? json.creationId : undefined, message: res.ok ? undefined : json.message,
    };
  } catch (err) {
    const timedOut = (err as Error).name === 'TimeoutError';
    return { path, status: timedOut ? 'timeout' : 'network', ms: Date.now() - started, sentAt: started };
  }
}

/**
 * A polled job's end as the reply it stands for: 200 with its creation, or 503 when the queue
 * lost it (a client sends it again). Polls through 503s (the queue away) until the bound.
 */
async function pollToEnd(url: string, jobId: string, token: string, started: number): Promise<Omit<Reply, 'phase' | 'path'>> {
  const done = (status: Reply['status'], extra: Partial<Reply> = {}) => ({ status, ms: Date.now() - started, sentAt: started, ...extra });
  while (Date.now() - started < REQUEST_BOUND_MS) {
    await new Promise((r) => setTimeout(r, 250));
    let res: Response;
    try {
      res = await fetch(`${url}/api/jobs/${jobId}`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(REQUEST_BOUND_MS) });
    } catch {
      continue;
    }
    const json = (await res.json().catch(() => ({}))) as { state?: string; creationId?: string; message?: string; code?: string };
    if (res.status === 200 && json.state === 'completed') return done(200, { creationId: json.creationId });
    if (res.status === 200 && json.state === 'failed') return done(json.code === 'job_lost' ? 503 : 500, { message: `after 202: [${json.code}] ${json.message}` });
    // Not the user's request any more (an unmetered job the queue lost saved nothing): lost too.
    if (res.status === 404) return done(503, { message: `after 202: ${json.message}` });
  }
  return done('timeout');
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
