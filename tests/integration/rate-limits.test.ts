/**
 * Rate limits that fit real use: per user for signed-in calls, a separate allowance for job
 * polling, Retry-After on every 429, and (with Redis) counters shared by all api replicas.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionalRedisUrl, serviceUrl, testKeyPrefix } from '../support/services.js';
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
    // Refused tokens count against the address (here also its anonymous calls, sign-ups before
    // this test included); the 15 404s of a signed-in user do not, or the guesses would be refused
    // within the first few.
    const firstRefused = statuses.indexOf(429);
    expect(firstRefused).toBeGreaterThanOrEqual(10);
    expect(statuses.slice(0, firstRefused).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(firstRefused).every((s) => s === 429)).toBe(true);
  });
});

describe.skipIf(!postgresUrl)('sign-in limits per account', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ postgresUrl: postgresUrl!, redisUrl, env: { TRUST_PROXY: '1', SIGN_IN_RATE_LIMIT_PER_MINUTE: '3' } });
  }, 120_000);

  afterAll(async () => { await app?.stop(); });

  const signIn = (body: Record<string, unknown>, address: string) => fetch(`${app.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });

  it('when one address keeps guessing an account’s password, then that address is limited for that account', async () => {
    const { email } = await signUp(app.url);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await signIn({ email: i % 2 ? email.toUpperCase() : email, password: `guess number ${i}` }, '203.0.113.1')).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('when an account is guessed at from many addresses, then its owner with the right password still signs in from their own', async () => {
    const { email } = await signUp(app.url, { password: 'the owner’s own password' });
    // Ten wrong passwords from each of three other addresses: each is held to its own allowance.
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push((await signIn({ email, password: `guess ${i}` }, address)).status);
      expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
      expect(statuses.slice(3).every((s) => s === 429)).toBe(true);
    }
    const owner = await signIn({ email, password: 'the owner’s own password' }, '192.0.2.50');
    expect(owner.status).toBe(200);
    expect((await owner.json()).token).toBeTruthy();
  });

  it('when sign-ins come with no password, then each is a 400 and none counts against the account', async () => {
    const { email } = await signUp(app.url, { password: 'right password here' });
    for (const body of [{ email }, { email, password: '' }, { email, password: 42 }]) {
      for (let i = 0; i < 5; i++) {
        const res = await signIn(body, '192.0.2.60');
        expect(res.status).toBe(400);
        expect((await res.json()).message).toBe('Enter your password.');
      }
    }
    expect((await signIn({ email, password: 'right password here' }, '192.0.2.60')).status).toBe(200);
  });
});

describe.skipIf(!postgresUrl)('limits no header switches off', () => {
  let app: TestApp;
  const LIMIT = 5;
  let document: { paths: Record<string, Record<string, { security?: unknown[] }>> };

  beforeAll(async () => {
    app = await startTestApp({ postgresUrl: postgresUrl!, redisUrl, env: { TRUST_PROXY: '1', RATE_LIMIT_PER_MINUTE: String(LIMIT) } });
    document = await (await fetch(`${app.url}/api/openapi.json`, { headers: { 'x-forwarded-for': '192.0.2.1' } })).json();
  }, 120_000);

  afterAll(async () => { await app?.stop(); });

  /** Every documented operation open without a session, plus the sign-in routes and an unknown path. */
  function publicCalls() {
    const calls: Array<{ method: string; path: string; body?: unknown }> = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (Array.isArray(operation.security) && operation.security.length === 0) {
          calls.push({ method: method.toUpperCase(), path, body: method === 'get' ? undefined : { email: `reader-${randomBytes(3).toString('hex')}@example.com` } });
        }
      }
    }
    calls.push({ method: 'POST', path: '/api/auth/sign-up/email', body: { name: 'x', email: 'not an e-mail', password: 'x' } });
    calls.push({ method: 'GET', path: '/api/auth/get-session' });
    calls.push({ method: 'POST', path: '/api/no-such-route', body: {} });
    return calls;
  }

  it('when calls carry a bearer token that resolves to nobody, then every public route is held to the per-address limit', async () => {
    const calls = publicCalls();
    expect(calls.some((c) => c.path === '/api/newsletter' && c.method === 'POST')).toBe(true);
    let n = 0;
    for (const call of calls) {
      const address = `203.0.113.${100 + n++}`;
      const statuses: number[] = [];
      for (let i = 0; i <= LIMIT; i++) {
        const res = await fetch(`${app.url}${call.path}`, {
          method: call.method,
          headers: { authorization: 'Bearer x', 'x-forwarded-for': address, ...(call.body ? { 'content-type': 'application/json' } : {}) },
          body: call.body ? JSON.stringify(call.body) : undefined,
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, LIMIT), `${call.method} ${call.path}`).not.toContain(429);
      expect(statuses[LIMIT], `${call.method} ${call.path}`).toBe(429);
    }
  });

  it('when a signed-in user shares an address that is over the anonymous limit, then their calls still pass', async () => {
    const { token } = await signUp(app.url);
    for (let i = 0; i <= LIMIT; i++) await fetch(`${app.url}/api/config`, { headers: { 'x-forwarded-for': '203.0.113.251' } });
    expect((await fetch(`${app.url}/api/config`, { headers: { 'x-forwarded-for': '203.0.113.251' } })).status).toBe(429);
    const own = await fetch(`${app.url}/api/config`, { headers: authed(token, { 'x-forwarded-for': '203.0.113.251' }) });
    expect(own.status).toBe(200);
    expect((await fetch(`${app.url}/api/user/usage`, { headers: authed(token, { 'x-forwarded-for': '203.0.113.251' }) })).status).toBe(200);
  });
});

describe.skipIf(!postgresUrl)('newsletter sign-ups per address', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ postgresUrl: postgresUrl!, redisUrl, env: { TRUST_PROXY: '1' } });
  }, 120_000);

  afterAll(async () => { await app?.stop(); });

  it('when one address signs up many e-mails, then the list stops growing after a handful an hour; others still sign up', async () => {
    const subscribe = (email: string, address: string, headers: Record<string, string> = {}) => fetch(`${app.url}/api/newsletter`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address, ...headers }, body: JSON.stringify({ email }),
    });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await subscribe(`flood-${i}@example.com`, '203.0.113.9', i % 2 ? { authorization: 'Bearer x' } : {})).status);
    expect(statuses.filter((s) => s === 200).length).toBe(10);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    const db = new pg.Client({ connectionString: app.database.url });
    await db.connect();
    const { rows } = await db.query("SELECT count(*)::int AS n FROM newsletter_subscribers WHERE email LIKE 'flood-%'");
    await db.end();
    expect(rows[0].n).toBe(10);
    expect((await subscribe('someone-else@example.com', '198.51.100.77')).status).toBe(200);
  });
});

describe.skipIf(!postgresUrl || !redisUrl)('rate limits shared by api replicas', () => {
  const apps: TestApp[] = [];

  beforeAll(async () => {
    const shared = { QUEUE_PREFIX: testKeyPrefix(), RATE_LIMIT_PER_MINUTE: '4' };
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
