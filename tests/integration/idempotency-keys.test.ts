/**
 * The Idempotency-Key contract of job requests: the same user sending the same key again gets
 * the same job (its result when done, its id while running), never a second job or charge; a
 * different body with a used key is a 422; another user's same key is independent.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionalRedisUrl, serviceUrl } from '../support/services.js';
import { authed, signUp, startTestApp, type TestApp } from '../support/app.js';

const postgresUrl = serviceUrl('postgres');

describe.skipIf(!postgresUrl)('idempotency keys', () => {
  let app: TestApp;
  let db: pg.Client;

  beforeAll(async () => {
    app = await startTestApp({ postgresUrl: postgresUrl!, redisUrl: optionalRedisUrl(), env: { RUN_WORKERS: 'true', AI_TEXT_ENGINE: 'offline' } });
    db = await app.sql();
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
  });

  const post = (path: string, token: string, body: unknown, key?: string) =>
    fetch(`${app.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...authed(token), ...(key ? { 'idempotency-key': key } : {}) },
      body: JSON.stringify(body),
    });
  const creationsOf = async (userId: string) =>
    (await db.query('SELECT id FROM creations WHERE user_id = $1', [userId])).rows.map((r) => r.id as string);

  it('when the same key is sent again, at once and later, then every reply is the same job and only one creation is made', async () => {
    const { token, user } = await signUp(app.url);
    const key = `key-${Date.now()}`;
    const body = { text: 'once only', mode: 'sleep', sleepMs: 600 };
    // Two at once (a client retrying while the first is still running), then one after.
    const replies = await Promise.all([post('/api/ai/test-echo', token, body, key), post('/api/ai/test-echo', token, body, key)]);
    replies.push(await post('/api/ai/test-echo', token, body, key));
    const bodies = await Promise.all(replies.map((r) => r.json()));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(bodies.map((b) => b.creationId)).size).toBe(1);
    expect(bodies[2]).toMatchObject({ success: true, content: 'echo: once only' });
    expect(await creationsOf(user.id)).toEqual([bodies[0].creationId]);

    // Polling mode: the job's id, the same each time.
    const asyncKey = `${key}-async`;
    // The job sleeps so it is still running when repeated (a finished one answers 200 with its result).
    const pollBody = { text: 'poll once', mode: 'sleep', sleepMs: 3000 };
    const first = await post('/api/ai/test-echo?async=1', token, pollBody, asyncKey);
    const again = await post('/api/ai/test-echo?async=1', token, pollBody, asyncKey);
    expect([first.status, again.status]).toEqual([202, 202]);
    const [a, b] = [await first.json(), await again.json()];
    expect(b.jobId).toBe(a.jobId);
  }, 180_000);

  it('when a used key comes with a different body, then it is refused with 422 and nothing runs', async () => {
    const { token, user } = await signUp(app.url);
    const key = `key-${Date.now()}-other`;
    expect((await post('/api/ai/test-echo', token, { text: 'first' }, key)).status).toBe(200);
    const other = await post('/api/ai/test-echo', token, { text: 'second' }, key);
    expect(other.status).toBe(422);
    expect((await other.json()).message).toMatch(/Idempotency-Key was already used for a different request/);
    expect((await creationsOf(user.id)).length).toBe(1);
  });

  it('when another user sends the same key, then theirs is an independent request', async () => {
    const one = await signUp(app.url);
    const two = await signUp(app.url);
    const key = `shared-${Date.now()}`;
    const a = await (await post('/api/ai/test-echo', one.token, { text: 'mine' }, key)).json();
    const b = await (await post('/api/ai/test-echo', two.token, { text: 'mine' }, key)).json();
    expect(a.creationId).toBeTruthy();
    expect(b.creationId).toBeTruthy();
    expect(b.creationId).not.toBe(a.creationId);
    expect(await creationsOf(two.user.id)).toEqual([b.creationId]);
  });

  it('when a charged request is repeated with its key, then it is charged once', async () => {
    const { token } = await signUp(app.url);
    const key = `title-${Date.now()}`;
    const body = { prompt: 'Generate a blog title for the keyword tea in the category Food' };
    const replies = [await post('/api/ai/generate-blog-title', token, body, key), await post('/api/ai/generate-blog-title', token, body, key)];
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    const usage = await (await fetch(`${app.url}/api/user/usage`, { headers: authed(token) })).json();
    expect(JSON.stringify(usage)).toMatch(/"blog-title":\{"used":1,/);
  });

  it('when the key is not a short visible string, then it is a 400', async () => {
    const { token } = await signUp(app.url);
    expect((await post('/api/ai/test-echo', token, { text: 'x' }, 'x'.repeat(300))).status).toBe(400);
  });
});
