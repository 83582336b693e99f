/**
 * Every reply tells the truth about its job, across Redis outages (`npm run test:faults`): a
 * deployment of two apis and two workers on private Redis (append-only file) and Postgres, under
 * load from users who send charged text and image jobs the way the web client does (one
 * Idempotency-Key per request, re-sent with it after a 503 or a dropped connection; a 202 is
 * polled to its end). Redis is killed for 10 s and then frozen (SIGSTOP) for 20 s while image jobs
 * wait. Afterwards, for every user: uses charged = creations = successful replies (a 202 whose job
 * later succeeded counts), and no retry with the same key made a second job.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresToolsAvailable } from '../support/private-services.js';
import { startCluster, type Cluster } from './support/cluster.js';
import { signUpUser, type User } from './support/load.js';

/**
 * A reply may wait for a frozen Redis, but never as long as a job may run: the suite's invariant
 * (no request waits for JOB_WAIT_TIMEOUT_MS, 60 s in the cluster; docs/operating.md).
 */
const REQUEST_BOUND_MS = 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const canRun = postgresToolsAvailable();
const PHOTO = fs.readFileSync(fileURLToPath(new URL('../fixtures/real-photos/iopaint-dog.jpg', import.meta.url)));
/** The client's waits before re-sending a request that got a 503 or no answer (same key). */
const RETRY_DELAYS_MS = [1000, 2000, 4000, 4000, 4000, 4000, 4000];
/** How long a client polls a 202's job through 503s before it gives up. */
const POLL_LIMIT_MS = 120_000;

type Status = number | 'network' | 'timeout';

interface Request {
  user: User;
  kind: 'title' | 'image';
  key: string;
  phase: string;
  /** Every reply the request got, in order: statuses of posts and polls. */
  trail: Status[];
  outcome: 'ok' | 'failed' | 'unanswered';
  creationId?: string;
  slowestMs: number;
  /** Its body, made again for each send. */
  make: ReturnType<typeof bodyFor>;
}

async function send(url: string, init: RequestInit): Promise<{ status: Status; body: Record<string, unknown>; ms: number }> {
  const started = Date.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_BOUND_MS) });
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: res.status, body, ms: Date.now() - started };
  } catch (err) {
    return { status: (err as Error).name === 'TimeoutError' ? 'timeout' : 'network', body: {}, ms: Date.now() - started };
  }
}

function bodyFor(kind: Request['kind'], n: number): () => { body: BodyInit; headers: Record<string, string>; path: string } {
  if (kind === 'title') {
    const json = JSON.stringify({ prompt: `Generate a blog title for the keyword honest${n} in the category Food` });
    return () => ({ path: '/api/ai/generate-blog-title', body: json, headers: { 'content-type': 'application/json' } });
  }
  return () => {
    const form = new FormData();
    form.append('image', new Blob([PHOTO], { type: 'image/jpeg' }), 'dog.jpg');
    return { path: '/api/ai/remove-image-background', body: form, headers: {} };
  };
}

/** One request as the web client makes it: posts with its key (re-sent on 503 or no answer), polls a 202. */
async function clientRequest(baseUrl: string, request: Request): Promise<void> {
  const auth = { authorization: `Bearer ${request.user.token}`, 'idempotency-key': request.key };
  let jobId: string | undefined;
  for (let attempt = 0; ; attempt++) {
    const { path: route, body, headers } = request.make();
    const reply = await send(`${baseUrl}${route}`, { method: 'POST', body, headers: { ...headers, ...auth } });
    request.trail.push(reply.status);
    request.slowestMs = Math.max(request.slowestMs, reply.ms);
    if (reply.status === 200) {
      request.outcome = 'ok';
      request.creationId = reply.body.creationId as string;
      return;
    }
    if (reply.status === 202) {
      jobId = reply.body.jobId as string;
      break;
    }
    const retry = RETRY_DELAYS_MS[attempt];
    if ((reply.status === 503 || reply.status === 409 || reply.status === 'network' || reply.status === 'timeout') && retry !== undefined) {
      await sleep(retry);
      continue;
    }
    request.outcome = reply.status === 'timeout' ? 'unanswered' : 'failed';
    return;
  }
  const deadline = Date.now() + POLL_LIMIT_MS;
  while (Date.now() < deadline) {
    await sleep(500);
    const poll = await send(`${baseUrl}/api/jobs/${jobId}`, { headers: { authorization: auth.authorization } });
    request.slowestMs = Math.max(request.slowestMs, poll.ms);
    if (request.trail.at(-1) !== poll.status) request.trail.push(poll.status);
    if (poll.status === 200 && poll.body.state === 'completed') {
      request.outcome = 'ok';
      request.creationId = poll.body.creationId as string;
      return;
    }
    if ((poll.status === 200 && poll.body.state === 'failed') || poll.status === 404) {
      request.outcome = 'failed';
      return;
    }
  }
  request.outcome = 'unanswered';
}

describe.skipIf(!canRun)('honest replies across Redis outages', () => {
  let cluster: Cluster;
  let users: User[];
  let db: pg.Client;

  beforeAll(async () => {
    // Text and image queues, one job at a time per worker: enough to keep image jobs waiting.
    cluster = await startCluster({}, { queues: 'text,image', concurrency: 1 });
    users = [];
    for (let i = 0; i < 4; i++) users.push(await signUpUser(cluster.url, 200 + i));
  }, 600_000);

  afterAll(async () => {
    await db?.end().catch(() => undefined);
    cluster?.redis.signal('SIGCONT');
    await cluster?.stop();
  }, 60_000);

  it('when Redis is killed and frozen while image jobs wait, then charged uses = creations = successful replies for every user, and a retried key never makes a second job', async () => {
    const requests: Request[] = [];
    let phase = 'warm-up';
    let running = true;
    let counter = 0;
    const loops = users.map(async (user, u) => {
      while (running) {
        const n = counter++;
        // Mostly image jobs (they wait in the image queue), some charged titles between them.
        const kind: Request['kind'] = n % 3 === 2 ? 'title' : 'image';
        const request: Request = { user, kind, key: `u${u}-${n}-${Date.now()}`, phase, trail: [], outcome: 'unanswered', slowestMs: 0, make: bodyFor(kind, n) };
        requests.push(request);
        await clientRequest(cluster.url, request);
        await sleep(100);
      }
    });
    const during = async (name: string, fault: () => Promise<void>, settleMs: number) => {
      phase = name;
      await fault();
      await sleep(settleMs);
    };
    try {
      await sleep(8000);
      await during('redis killed 10 s (append-only file kept)', async () => {
        await cluster.redis.kill();
        await sleep(10_000);
        await cluster.redis.start();
      }, 10_000);
      await during('redis frozen (SIGSTOP) 20 s', async () => {
        cluster.redis.signal('SIGSTOP');
        await sleep(20_000);
        cluster.redis.signal('SIGCONT');
      }, 10_000);
      phase = 'recovery';
      await sleep(10_000);
    } finally {
      cluster.redis.signal('SIGCONT');
      running = false;
      await Promise.all(loops);
    }

    const table = [...new Set(requests.map((r) => r.phase))].map((p) => {
      const of = requests.filter((r) => r.phase === p);
      return {
        phase: p, requests: of.length, ok: of.filter((r) => r.outcome === 'ok').length,
        'ok after a 202': of.filter((r) => r.outcome === 'ok' && r.trail.includes(202)).length,
        're-sent with the key': of.filter((r) => r.trail.filter((s) => s === 503 || s === 'network').length > 0 && r.outcome === 'ok').length,
        failed: of.filter((r) => r.outcome === 'failed').map((r) => r.trail.join('>')).join(' | '),
        'max ms': Math.max(...of.map((r) => r.slowestMs)),
      };
    });
    console.table(table);

    // Every request came to an end a client can act on, each HTTP reply within the bound.
    expect(requests.filter((r) => r.outcome === 'unanswered').map((r) => r.trail.join('>'))).toEqual([]);
    expect(Math.max(...requests.map((r) => r.slowestMs))).toBeLessThan(REQUEST_BOUND_MS);
    // The outages were felt: some requests were re-sent or answered 202.
    expect(requests.some((r) => r.trail.includes(202) || r.trail.includes(503))).toBe(true);

    // Let handed-back or resumed jobs and the reservation sweep finish.
    await sleep(8000);
    db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    const { rows: creations } = await db.query('SELECT id, job_id, user_id FROM creations');
    const { rows: counted } = await db.query('SELECT user_id, sum(used)::int AS used FROM usage_counters GROUP BY user_id');
    const { rows: held } = await db.query('SELECT job_id FROM usage_reservations');
    expect(held).toEqual([]);
    const perUser = users.map((user) => ({
      user: user.email,
      charged: counted.find((r) => r.user_id === user.id)?.used ?? 0,
      creations: creations.filter((c) => c.user_id === user.id).length,
      'successful replies': requests.filter((r) => r.user.id === user.id && r.outcome === 'ok').length,
    }));
    console.table(perUser);
    for (const row of perUser) {
      expect(row, row.user).toEqual({ user: row.user, charged: row['successful replies'], creations: row['successful replies'], 'successful replies': row['successful replies'] });
    }
    // Each successful request has its own creation; none made two.
    const ok = requests.filter((r) => r.outcome === 'ok');
    expect(new Set(ok.map((r) => r.creationId)).size).toBe(ok.length);
    const saved = new Set(creations.map((c) => c.id));
    expect(ok.filter((r) => !saved.has(r.creationId!))).toEqual([]);

    // A client re-sending a finished request with its key gets the same creation, and nothing new.
    for (const request of [...ok.filter((r) => r.kind === 'image').slice(0, 4), ...ok.filter((r) => r.kind === 'title').slice(0, 2)]) {
      const { path: route, body, headers } = request.make();
      const again = await send(`${cluster.url}${route}`, {
        method: 'POST', body, headers: { ...headers, authorization: `Bearer ${request.user.token}`, 'idempotency-key': request.key },
      });
      expect(again.status).toBe(200);
      expect(again.body.creationId).toBe(request.creationId);
    }
    const { rows: after } = await db.query('SELECT count(*)::int AS n FROM creations');
    expect(after[0].n).toBe(creations.length);
  }, 420_000);
});
