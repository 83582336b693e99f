/**
 * Redis losing its data (FLUSHALL, a restart without persistence) while requests wait for their
 * jobs: the wait ends within seconds with 503 and a retry hint, a result that was saved is
 * returned rather than reported lost or cancelled, and job status answers 503 while Redis is down.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceUrl } from '../support/services.js';
import { startPrivateRedis, type PrivateRedis } from '../support/private-services.js';
import { authed, signUp, startTestApp, type TestApp } from '../support/app.js';

const postgresUrl = serviceUrl('postgres');

describe.skipIf(!postgresUrl)('redis data loss', () => {
  let redis: PrivateRedis;
  let app: TestApp;
  let token: string;

  const echo = (body: Record<string, unknown>, query = '') =>
    fetch(`${app.url}/api/ai/test-echo${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...authed(token) },
      body: JSON.stringify(body),
    });

  /**
   * FLUSHALL as soon as the test job runs (a fixed delay could flush before it is enqueued), and
   * when that was. On a busy machine the first job waits seconds for its worker thread to start:
   * flushing before it runs would lose a waiting job, not a running one, so it is never done.
   */
  async function flushWhenActive(): Promise<number> {
    const client = new Redis(redis.url);
    try {
      const activeKey = `${app.env.QUEUE_PREFIX}:text:active`;
      const deadline = Date.now() + 30_000;
      while ((await client.llen(activeKey)) === 0) {
        if (Date.now() > deadline) throw new Error('the test job never started running');
        await new Promise((r) => setTimeout(r, 20));
      }
      await client.flushall();
      return Date.now();
    } finally {
      client.disconnect();
    }
  }

  beforeAll(async () => {
    redis = await startPrivateRedis();
    app = await startTestApp({ postgresUrl: postgresUrl!, redisUrl: redis.url, env: { RUN_WORKERS: 'true', WORKER_CONCURRENCY: '4', JOB_WAIT_TIMEOUT_MS: '120000' } });
    token = (await signUp(app.url)).token;
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await redis?.destroy();
  });

  it('when Redis loses a waiting job, then the request gets 503 with Retry-After within seconds', async () => {
    const [res, flushedAt] = await Promise.all([echo({ text: 'lost', mode: 'sleep', sleepMs: 8000 }), flushWhenActive()]);
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await res.json()).message).toMatch(/try again/i);
    // Found lost at the next existence check (2 s), then its result is looked for a moment
    // (LOST_JOB_RESULT_WAIT_MS): well before the 8 s job would have ended.
    expect(Date.now() - flushedAt).toBeLessThan(7000);
  }, 60_000);

  /** A job Redis loses as soon as it runs, sleeping `sleepMs`: its saved result is the reply. */
  async function expectSavedResultReturned(text: string, sleepMs: number) {
    const [res] = await Promise.all([echo({ text, mode: 'sleep', sleepMs }), flushWhenActive()]);
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body.content).toBe(`echo: ${text}`);
    expect(body.creationId).toMatch(/^[0-9a-f-]{36}$/);
  }

  it('when Redis loses a job whose result was saved, then the saved result is returned, not "lost" or "cancelled"', async () => {
    await expectSavedResultReturned('kept', 800);
  }, 60_000);

  it('when Redis loses a job that its worker is still finishing, then the request waits a moment for its result instead of "try again"', async () => {
    // The loss is seen at the 2 s existence check, while the job still runs until 2.3 s.
    await expectSavedResultReturned('late', 2300);
  }, 60_000);

  it('when workers serve every queue, then /readyz says so per queue', async () => {
    // Their connections may still be coming back after the flushes above on a busy machine.
    let body: { status: string; checks: { workers: unknown } } | undefined;
    for (const deadline = Date.now() + 15_000; Date.now() < deadline;) {
      body = await (await fetch(`${app.url}/readyz`)).json();
      if (body?.status === 'ready') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(body?.checks.workers).toEqual({ text: 'ok', image: 'ok', pdf: 'ok' });
    expect(body?.status).toBe('ready');
  }, 30_000);

  it('when Redis is down, then job status answers 503, not 500', async () => {
    const accepted = await echo({ text: 'poll' }, '?async=1');
    const { jobId } = await accepted.json();
    await redis.kill();
    try {
      const res = await fetch(`${app.url}/api/jobs/${jobId}`, { headers: authed(token) });
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await redis.start();
    }
  }, 60_000);
});
