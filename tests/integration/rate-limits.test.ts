/**
 * Rate limits that fit real use: per user for signed-in calls, a separate allowance for job
 * polling, Retry-After on every 429, and (with Redis) counters shared by all api replicas.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionalRedisUrl, serviceUrl } from '../support/services.js';
import { authed, signUp, startTestApp, type TestApp } from '../support/app.js';

const postgresUrl = serviceUrl('postgres');
const redisUrl = optionalRedisUrl();

describe.skipIf(!postgresUrl)('rate limits for signed-in users', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ postgresUrl: postgresUrl!, redisUrl, env: { RATE_LIMIT_PER_MINUTE: '20' } });
  }, 120_000);

  afterAll(async () => { await app?.stop(); });

  it('when a job is polled every 500 ms for 60 s (120 calls), then no poll is limited', async () => {
    const { token } = await signUp(app.url);
    const submitted = await fetch(`${app.url}/api/ai/test-echo?async=1`, {
      method: 'POST', headers: { 'content-type': 'application/json', ...authed(token) }, body: JSON.stringify({ text: 'poll me' }),
    });
    const { jobId } = await submitted.json();
    expect(jobId).toBeTruthy();
    const statuses = new Set<number>();
    for (let i = 0; i < 120; i++) statuses.add((await fetch(`${app.url}/api/jobs/${jobId}`, { headers: authed(token) })).status);
    expect([...statuses]).toEqual([200]);
  });

  it('when colleagues share one address, then each has their own allowance; past it, a 429 says when to retry', async () => {
    const alice = await signUp(app.url);
    const bob = await signUp(app.url);
    const usage = (token: string) => fetch(`${app.url}/api/user/usage`, { headers: authed(token) });
    for (let i = 0; i < 20; i++) expect((await usage(alice.token)).status).toBe(200);
    const limited = await usage(alice.token);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = await limited.json();
    expect(body).toMatchObject({ success: false, retryAfter });
    expect(body.message).toBe(`You are sending requests too quickly. Please try again in ${retryAfter} seconds.`);
    expect((await usage(bob.token)).status).toBe(200);
  });

  it('when requests carry tokens that are not valid, then the address is limited; valid users’ errors do not count', async () => {
    const carol = await signUp(app.url);
    // 404s of a signed-in user are answers, not guesses: they never count against the address.
    for (let i = 0; i < 15; i++) expect((await fetch(`${app.url}/api/jobs/none-${i}`, { headers: authed(carol.token) })).status).toBe(404);
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push((await fetch(`${app.url}/api/me`, { headers: authed(`guess-${i}`) })).status);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe.skipIf(!postgresUrl)('sign-in limits per account', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ postgresUrl: postgresUrl!, redisUrl, env: { TRUST_PROXY: '1', SIGN_IN_RATE_LIMIT_PER_MINUTE: '3' } });
  }, 120_000);

  afterAll(async () => { await app?.stop(); });

  it('when one account’s password is guessed from many addresses, then sign-in for that account is limited', async () => {
    const { email } = await signUp(app.url);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${app.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}` },
        body: JSON.stringify({ email: i % 2 ? email.toUpperCase() : email, password: `guess number ${i}` }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});

describe.skipIf(!postgresUrl || !redisUrl)('rate limits shared by api replicas', () => {
  const apps: TestApp[] = [];

  beforeAll(async () => {
    const shared = { QUEUE_PREFIX: `cwtest-${randomBytes(4).toString('hex')}`, RATE_LIMIT_PER_MINUTE: '4' };
    apps.push(await startTestApp({ postgresUrl: postgresUrl!, redisUrl, env: shared }));
    apps.push(await startTestApp({ postgresUrl: postgresUrl!, redisUrl, env: shared }));
  }, 180_000);

  afterAll(async () => { for (const app of apps) await app.stop(); });

  it('when two api processes share one Redis, then one client’s calls count against one limit', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await fetch(`${apps[i % 2]!.url}/api/config`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });
});
