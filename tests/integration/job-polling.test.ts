/**
 * Polling costs no database work: once the token is warm, GET /api/jobs/:id answers from the
 * queue's own state (Redis or the in-process queue), with the owner check kept.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { optionalRedisUrl, serviceUrl } from '../support/services.js';
import { authed, signUp, startTestApp, type TestApp } from '../support/app.js';

const postgresUrl = serviceUrl('postgres');

describe.skipIf(!postgresUrl)('job polling', () => {
  let app: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let stranger: Awaited<ReturnType<typeof signUp>>;
  const poll = (jobId: string, token: string) => fetch(`${app.url}/api/jobs/${jobId}`, { headers: authed(token) });

  beforeAll(async () => {
    app = await startTestApp({ postgresUrl: postgresUrl!, redisUrl: optionalRedisUrl(), env: { RUN_WORKERS: 'true' } });
    owner = await signUp(app.url);
    stranger = await signUp(app.url);
  }, 120_000);

  afterAll(async () => {
    vi.restoreAllMocks();
    await app?.stop();
  });

  it('when a finished job is polled many times, then no query reaches Postgres and only its owner sees it', async () => {
    const started = await fetch(`${app.url}/api/ai/test-echo?async=1`, {
      method: 'POST', headers: { 'content-type': 'application/json', ...authed(owner.token) }, body: JSON.stringify({ text: 'poll me' }),
    });
    expect(started.status).toBe(202);
    const { jobId } = await started.json();
    let state = '';
    for (let i = 0; i < 200 && state !== 'completed'; i++) {
      state = (await (await poll(jobId, owner.token)).json()).state;
      if (state !== 'completed') await new Promise((r) => setTimeout(r, 50));
    }
    expect(state).toBe('completed');
    await poll(jobId, stranger.token); // warms the stranger's token too

    // Every query of this process (api, better-auth, pool) goes through pg.Client#query.
    const queries = vi.spyOn(pg.Client.prototype, 'query');
    for (let i = 0; i < 20; i++) {
      const body = await (await poll(jobId, owner.token)).json();
      expect(body).toMatchObject({ success: true, state: 'completed', content: 'echo: poll me' });
    }
    expect((await poll(jobId, stranger.token)).status).toBe(404);
    expect(queries).not.toHaveBeenCalled();
    queries.mockRestore();
  });
});
