/**
 * The whole pipeline through HTTP with the pipeline's test job: api → queue → worker → storage →
 * Postgres → reply, on both queue adapters, plus its failure paths.
 */
import pg from 'pg';
import { createPool } from '@craftwell/core/db/pool';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceUrl } from '../support/services.js';
import { authed, signUp, startTestApp, type TestApp } from '../support/app.js';

const postgresUrl = serviceUrl('postgres');
const redisUrl = serviceUrl('redis');

const adapters: Array<{ name: string; redis: string | null; enabled: boolean }> = [
  { name: 'in-process adapter', redis: null, enabled: Boolean(postgresUrl) },
  { name: 'BullMQ adapter with a separate worker process', redis: redisUrl, enabled: Boolean(postgresUrl && redisUrl) },
];

for (const adapter of adapters) {
  describe.skipIf(!adapter.enabled)(`pipeline (${adapter.name})`, () => {
    let app: TestApp;
    let db: pg.Pool;
    let user: Awaited<ReturnType<typeof signUp>>;
    let other: Awaited<ReturnType<typeof signUp>>;

    const echo = (body: Record<string, unknown>, opts: { async?: boolean; token?: string } = {}) =>
      fetch(`${app.url}/api/ai/test-echo${opts.async ? '?async=1' : ''}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...authed(opts.token ?? user.token) },
        body: JSON.stringify(body),
      });

    async function pollUntilDone(jobId: string, token = user.token) {
      const states: string[] = [];
      for (let i = 0; i < 600; i++) {
        const res = await fetch(`${app.url}/api/jobs/${jobId}`, { headers: authed(token) });
        const body = await res.json();
        states.push(body.state);
        if (body.state === 'completed' || body.state === 'failed') return { body, states };
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`job ${jobId} did not finish: ${[...new Set(states)].join(',')}`);
    }

    beforeAll(async () => {
      app = await startTestApp({
        postgresUrl: postgresUrl!,
        redisUrl: adapter.redis,
        env: { JOB_WAIT_TIMEOUT_MS: '4000', RUN_WORKERS: 'true', QUEUE_LOCK_MS: '2000', QUEUE_STALLED_CHECK_MS: '1000' },
      });
      db = createPool(app.database.url, 2);
      user = await signUp(app.url);
      other = await signUp(app.url);
    }, 120_000);

    afterAll(async () => {
      await db?.end();
      await app?.stop();
    });

    it('when a job succeeds, then the reply carries its content and the creation row exists', async () => {
      const res = await echo({ text: 'hello pipeline' });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toMatchObject({ success: true, content: 'echo: hello pipeline', engine: { id: 'test-echo' } });
      const { rows } = await db.query('SELECT user_id, type, prompt, content FROM creations WHERE id = $1', [body.creationId]);
      expect(rows[0]).toEqual({ user_id: user.user.id, type: 'test', prompt: 'hello pipeline', content: 'echo: hello pipeline' });
    });

    it('when polling, then 202 gives a job id whose status ends completed with the content, and only its owner sees it', async () => {
      const res = await echo({ text: 'polled', mode: 'sleep', sleepMs: 300 }, { async: true });
      expect(res.status).toBe(202);
      const { success, jobId } = await res.json();
      expect(success).toBe(true);
      const stranger = await fetch(`${app.url}/api/jobs/${jobId}`, { headers: authed(other.token) });
      expect(stranger.status).toBe(404);
      const { body } = await pollUntilDone(jobId);
      expect(body).toMatchObject({ success: true, state: 'completed', progress: 100, content: 'echo: polled' });
    });

    it('when the handler refuses the input, then the reply is its message and status, and nothing is stored', async () => {
      const before = (await db.query('SELECT count(*)::int AS n FROM creations')).rows[0].n;
      const res = await echo({ text: 'nope', mode: 'throw' });
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ success: false, message: 'Cannot echo: nope', code: 'unprocessable' });
      expect((await db.query('SELECT count(*)::int AS n FROM creations')).rows[0].n).toBe(before);
    });

    it('when a polled job fails, then its status carries the code the handler gave, not one derived from a status', async () => {
      const res = await echo({ text: 'nope', mode: 'throw' }, { async: true });
      const { body } = await pollUntilDone((await res.json()).jobId);
      expect(body).toMatchObject({ success: false, state: 'failed', message: 'Cannot echo: nope', code: 'unprocessable' });
    });

    it('when a provider hiccups once, then the job is retried and succeeds', async () => {
      const res = await echo({ text: 'flaky', mode: 'transient' });
      expect(res.status).toBe(200);
      expect((await res.json()).content).toBe('echo: flaky');
    });

    it('when an image job succeeds, then its file loads without a token with safe headers', async () => {
      const body = await (await echo({ text: 'picture', mode: 'image' })).json();
      expect(body.content).toMatch(/^(http:\/\/[^/]+)?\/files\/results\/\d{4}\/\d{2}\/[\w-]{22}\.png$/);
      const file = await fetch(new URL(body.content, app.url));
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(file.headers.get('x-content-type-options')).toBe('nosniff');
      const bytes = Buffer.from(await file.arrayBuffer());
      expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    });

    it('when a job outlives the wait, then it is cancelled and the client gets a clear 504', async () => {
      const before = (await db.query('SELECT count(*)::int AS n FROM creations')).rows[0].n;
      const res = await echo({ text: 'slow', mode: 'sleep', sleepMs: 20_000 });
      expect(res.status).toBe(504);
      expect(await res.json()).toMatchObject({ success: false, code: 'timeout', message: expect.stringMatching(/cancelled/) });
      await new Promise((r) => setTimeout(r, 500));
      expect((await db.query('SELECT count(*)::int AS n FROM creations')).rows[0].n).toBe(before);
    }, 30_000);

    it('when the worker dies mid-job, then the job is retried and the creation is written once', async () => {
      const res = await echo({ text: 'survivor', mode: 'crash' }, { async: true });
      const { jobId } = await res.json();
      const { body } = await pollUntilDone(jobId);
      if (body.state === 'completed') {
        const { rows } = await db.query("SELECT count(*)::int AS n FROM creations WHERE prompt = 'survivor'");
        expect(rows[0].n).toBe(1);
      } else {
        expect(body.message).toBeTruthy();
        const { rows } = await db.query("SELECT count(*)::int AS n FROM creations WHERE prompt = 'survivor'");
        expect(rows[0].n).toBe(0);
      }
    }, 90_000);

    it('when the payload is invalid, then a 400 comes back before anything is queued', async () => {
      const res = await echo({ text: 123 });
      expect(res.status).toBe(400);
      expect((await res.json()).success).toBe(false);
    });
  });
}
