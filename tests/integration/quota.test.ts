/**
 * Quotas: checked before a job is queued, counted only when it succeeds, atomic under parallel
 * requests; the admin CLI changes plans.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionalRedisUrl, serviceUrl } from '../support/services.js';
import { authed, signUp, startTestApp, type TestApp } from '../support/app.js';

const run = promisify(execFile);
const postgresUrl = serviceUrl('postgres');

describe.skipIf(!postgresUrl)('quotas', () => {
  let app: TestApp;

  const titles = (token: string, keyword = 'coffee') =>
    fetch(`${app.url}/api/ai/generate-blog-title`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...authed(token) },
      body: JSON.stringify({ prompt: `Generate a blog title for the keyword ${keyword} in the category Food` }),
    });
  const usage = async (token: string) => (await (await fetch(`${app.url}/api/user/usage`, { headers: authed(token) })).json()).tools;

  beforeAll(async () => {
    app = await startTestApp({ postgresUrl: postgresUrl!, redisUrl: optionalRedisUrl(), env: { QUOTA_FREE: '3' } });
    await signUp(app.url, { name: 'First (admin, premium)' });
  }, 120_000);

  afterAll(async () => { await app?.stop(); });

  it('when a free user passes the monthly limit, then the next call is refused with 402 and the spec message', async () => {
    const { token } = await signUp(app.url);
    for (let i = 0; i < 3; i++) expect((await titles(token)).status).toBe(200);
    const over = await titles(token);
    expect(over.status).toBe(402);
    expect(await over.json()).toEqual({ success: false, message: 'Limit reached. Upgrade to continue.', code: 'quota_exceeded' });
    expect((await usage(token))['blog-title']).toEqual({ used: 3, reserved: 0, limit: 3 });
  });

  it('when many requests race, then no more than the limit succeed', async () => {
    const { token } = await signUp(app.url);
    const statuses = await Promise.all(Array.from({ length: 8 }, (_, i) => titles(token, `topic${i}`).then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 402)).toHaveLength(5);
    expect((await usage(token))['blog-title'].used).toBe(3);
  });

  it('when the input is bad, then a 400 explains it and no quota is spent', async () => {
    const { token } = await signUp(app.url);
    const post = (path: string, body: unknown) => fetch(`${app.url}${path}`, {
      method: 'POST', headers: { 'content-type': 'application/json', ...authed(token) }, body: JSON.stringify(body),
    });
    const badCategory = await post('/api/ai/generate-blog-title', { prompt: 'Generate a blog title for the keyword tea in the category Gardening' });
    expect(badCategory.status).toBe(400);
    expect((await badCategory.json()).message).toMatch(/Unknown category "Gardening"/);
    const blank = await post('/api/ai/generate-article', { prompt: '   ', length: 800 });
    expect(blank.status).toBe(400);
    expect((await blank.json()).message).toBe('Enter a prompt.');
    const badLength = await post('/api/ai/generate-article', { prompt: 'Write an article about tea in Short (500-800 words).', length: 900 });
    expect(badLength.status).toBe(400);
    expect((await badLength.json()).message).toBe('Choose an article length of 800, 1200 or 1600 words.');
    const tooLong = await post('/api/ai/generate-blog-title', { prompt: 'x'.repeat(2001) });
    expect(tooLong.status).toBe(400);
    const noImage = await post('/api/ai/generate-image', { prompt: 'a cat', publish: 'yes' });
    expect(noImage.status).toBe(400);
    const unconfigured = await post('/api/ai/generate-image', { prompt: 'Generate an image of a cat in the style Anime style', publish: true });
    expect(unconfigured.status).toBe(503);
    expect((await unconfigured.json()).message).toMatch(/AI_IMAGE_API_KEY/);
    const tools = await usage(token);
    expect(Object.values(tools).every((t) => (t as { used: number }).used === 0)).toBe(true);
  });

  it('when the job description sent with a resume is over 10,000 characters, then a 400 names the limit and nothing is spent', async () => {
    const { token } = await signUp(app.url);
    const form = new FormData();
    form.append('resume', new Blob([Buffer.from('%PDF-1.7\n this is not really a pdf at all')], { type: 'application/pdf' }), 'cv.pdf');
    form.append('job_description', 'x'.repeat(10_001));
    const res = await fetch(`${app.url}/api/ai/resume-review`, { method: 'POST', headers: authed(token), body: form });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, message: 'Keep the job description under 10,000 characters.', code: 'bad_request' });
    expect((await usage(token))['resume-review'].used).toBe(0);
  });

  it('when a job fails, then no quota is spent', async () => {
    const { token } = await signUp(app.url);
    const form = new FormData();
    form.append('resume', new Blob([Buffer.from('%PDF-1.7\n this is not really a pdf at all')], { type: 'application/pdf' }), 'cv.pdf');
    const res = await fetch(`${app.url}/api/ai/resume-review`, { method: 'POST', headers: authed(token), body: form });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect((await res.json()).success).toBe(false);
    expect((await usage(token))['resume-review'].used).toBe(0);
  });

  it('when the admin CLI sets a plan, then the user becomes premium and unlimited', async () => {
    const { token, email } = await signUp(app.url);
    const env = { ...process.env, DATABASE_URL: app.database.url, LOG_LEVEL: 'silent' };
    const { stdout } = await run('npx', ['tsx', 'api/src/cli/admin.ts', 'set-plan', email, 'premium'], { env });
    expect(stdout).toContain(`${email} is now on the premium plan.`);
    const me = await (await fetch(`${app.url}/api/me`, { headers: authed(token) })).json();
    expect(me.user.plan).toBe('premium');
    for (let i = 0; i < 4; i++) expect((await titles(token)).status).toBe(200);

    const list = await run('npx', ['tsx', 'api/src/cli/admin.ts', 'list-users'], { env });
    expect(list.stdout).toContain(email);
    await expect(run('npx', ['tsx', 'api/src/cli/admin.ts', 'set-plan', 'nobody@example.com', 'premium'], { env })).rejects.toThrow(/No user with the e-mail/);
  });
});
