/**
 * Every tool call that costs compute or money is metered, and checked before any work: article
 * outlines and object detections count on light meters (QUOTA_LIGHT_USES_PER_USE per use of their
 * tool's quota), an upload is decoded only after its quota is reserved, and a user runs at most
 * MAX_CONCURRENT_JOBS_PER_USER jobs at once (more: 429, nothing charged). Over HTTP, real queue.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentPeriod } from '@craftwell/core/period';
import { optionalRedisUrl, serviceUrl } from '../support/services.js';
import { authed, signUp, startTestApp, type TestApp } from '../support/app.js';

const postgresUrl = serviceUrl('postgres');
const redisUrl = optionalRedisUrl();

/** A JPEG whose header is valid (800×600) and whose pixel data is not: only decoding finds out. */
function damagedJpeg(): Buffer {
  const segment = (marker: number, body: number[]) => [0xff, marker, ((body.length + 2) >> 8) & 0xff, (body.length + 2) & 0xff, ...body];
  return Buffer.from([
    0xff, 0xd8,
    ...segment(0xc0, [8, 600 >> 8, 600 & 0xff, 800 >> 8, 800 & 0xff, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]),
    ...segment(0xda, [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0]),
    0x12, 0x34, 0xff, 0xd9,
  ]);
}

function imageForm(bytes: Buffer, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

describe.skipIf(!postgresUrl)('metered light steps and quota before decoding', () => {
  let app: TestApp;
  let db: pg.Client;

  const as = (token: string) => ({
    post: (path: string, body: unknown) => fetch(`${app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...authed(token) }, body: JSON.stringify(body) }),
    upload: (path: string, form: FormData) => fetch(`${app.url}${path}`, { method: 'POST', headers: authed(token), body: form }),
    usage: async () => (await (await fetch(`${app.url}/api/user/usage`, { headers: authed(token) })).json()).tools,
  });
  const spend = (userId: string, tool: string, used: number) =>
    db.query('INSERT INTO usage_counters (user_id, tool, period, used) VALUES ($1, $2, $3, $4)', [userId, tool, currentPeriod(), used]);

  beforeAll(async () => {
    app = await startTestApp({ postgresUrl: postgresUrl!, redisUrl, env: { AI_TEXT_ENGINE: 'offline', QUOTA_FREE: '1', QUOTA_LIGHT_USES_PER_USE: '2' } });
    await signUp(app.url, { name: 'First (admin, premium)' });
    db = await app.sql();
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
  });

  it('when a free user plans outlines, then each costs a light use, the allowance is its quota times QUOTA_LIGHT_USES_PER_USE, and the draft keeps its own quota', async () => {
    const { token } = await signUp(app.url);
    const user = as(token);
    const prompt = 'Write an article about night trains in Medium (800-1200 words).';
    for (let i = 0; i < 2; i++) expect((await user.post('/api/ai/article-outline', { prompt, length: 1200 })).status).toBe(200);
    const over = await user.post('/api/ai/article-outline', { prompt, length: 1200 });
    expect(over.status).toBe(402);
    expect(await over.json()).toEqual({ success: false, message: 'Limit reached. Upgrade to continue.', code: 'quota_exceeded' });
    expect((await user.usage()).article).toEqual({ used: 0, reserved: 0, limit: 1 });
    expect((await user.post('/api/ai/generate-article', { prompt, length: 1200 })).status).toBe(200);
  }, 180_000);

  it('when a user has spent the detection allowance, then detecting objects is refused with 402 before any work', async () => {
    const { token, user: { id } } = await signUp(app.url);
    await spend(id, 'detect-objects', 2);
    const res = await as(token).upload('/api/ai/detect-objects', imageForm(damagedJpeg(), { object: 'dog' }));
    expect(res.status).toBe(402);
    expect((await res.json()).message).toBe('Limit reached. Upgrade to continue.');
  });

  it('when a user has no quota left, then an upload is refused with 402 before it is decoded (a damaged picture is never opened)', async () => {
    const { token, user: { id } } = await signUp(app.url);
    await spend(id, 'remove-background', 1);
    await spend(id, 'remove-object', 1);
    const user = as(token);
    expect((await user.upload('/api/ai/remove-image-background', imageForm(damagedJpeg()))).status).toBe(402);
    expect((await user.upload('/api/ai/remove-image-object', imageForm(damagedJpeg(), { object: 'dog' }))).status).toBe(402);
    // With quota left, the same picture is decoded and refused as damaged, and nothing is spent.
    const { token: fresh } = await signUp(app.url);
    const damaged = await as(fresh).upload('/api/ai/remove-image-background', imageForm(damagedJpeg()));
    expect(damaged.status).toBe(400);
    expect((await damaged.json()).message).toMatch(/damaged or incomplete/);
    expect((await as(fresh).usage())['remove-background']).toEqual({ used: 0, reserved: 0, limit: 1 });
  });
});

describe.skipIf(!postgresUrl || !redisUrl)('jobs per user at once', () => {
  let app: TestApp;

  beforeAll(async () => {
    // No workers: accepted jobs stay queued, so they are still running when the next one comes.
    app = await startTestApp({ postgresUrl: postgresUrl!, redisUrl, env: { RUN_WORKERS: 'false', MAX_CONCURRENT_JOBS_PER_USER: '2', QUOTA_FREE: '10' } });
    await signUp(app.url, { name: 'First (admin, premium)' });
  }, 120_000);

  afterAll(async () => { await app?.stop(); });

  const titles = (token: string, keyword: string) =>
    fetch(`${app.url}/api/ai/generate-blog-title?async=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...authed(token) },
      body: JSON.stringify({ prompt: `Generate a blog title for the keyword ${keyword} in the category Food` }),
    });

  it('when a user already has MAX_CONCURRENT_JOBS_PER_USER jobs running, then the next is a 429 that says so and costs nothing; other users are not held up', async () => {
    const { token } = await signUp(app.url);
    expect((await titles(token, 'tea')).status).toBe(202);
    const outline = await fetch(`${app.url}/api/ai/article-outline?async=1`, {
      method: 'POST', headers: { 'content-type': 'application/json', ...authed(token) },
      body: JSON.stringify({ prompt: 'Write an article about tea in Short (500-800 words).', length: 800 }),
    });
    expect(outline.status).toBe(202);
    const third = await titles(token, 'coffee');
    expect(third.status).toBe(429);
    expect(await third.json()).toMatchObject({ success: false, message: 'You already have 2 jobs running. Wait for one to finish, then try again.', code: 'rate_limited' });
    const usage = (await (await fetch(`${app.url}/api/user/usage`, { headers: authed(token) })).json()).tools;
    expect(usage['blog-title']).toEqual({ used: 0, reserved: 1, limit: 10 });

    const { token: other } = await signUp(app.url);
    expect((await titles(other, 'cocoa')).status).toBe(202);
  });
});
