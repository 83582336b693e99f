/**
 * Clerk mode for real: RS256 session tokens shaped like Clerk's, signed with a test key pair, are
 * verified by the real @clerk/express code networklessly (CLERK_JWT_KEY).
 */
import { generateKeyPair, exportSPKI, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionalRedisUrl, serviceUrl } from '../support/services.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { adminSetupCode } from '@craftwell/api/auth/setup-code';

const postgresUrl = serviceUrl('postgres');
const FRONTEND_API = 'clerk.craftwell.test';
// Publishable keys encode the Frontend API host, base64 with a trailing "$".
const PUBLISHABLE_KEY = `pk_test_${Buffer.from(`${FRONTEND_API}$`).toString('base64')}`;
const ORIGIN = 'http://localhost:3000';

describe.skipIf(!postgresUrl)('Clerk auth', () => {
  let app: TestApp;
  let sign: (claims: Record<string, unknown>, key?: CryptoKey) => Promise<string>;
  let otherKey: CryptoKey;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    otherKey = (await generateKeyPair('RS256')).privateKey;
    const publicPem = await exportSPKI(pair.publicKey);
    sign = (claims, key = pair.privateKey) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ sid: 'sess_123', azp: ORIGIN, v: 2, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'ins_test', typ: 'JWT' })
        .setIssuer(`https://${FRONTEND_API}`)
        .setSubject(String(claims.sub ?? 'user_alice'))
        .setIssuedAt(now - 5)
        .setNotBefore(now - 5)
        .setExpirationTime(typeof claims.exp === 'number' ? claims.exp : now + 60)
        .sign(key);
    };
    app = await startTestApp({
      postgresUrl: postgresUrl!,
      redisUrl: optionalRedisUrl(),
      env: {
        CLERK_SECRET_KEY: 'sk_test_craftwell_local_only',
        CLERK_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
        CLERK_JWT_KEY: publicPem,
        CLERK_AUTHORIZED_PARTIES: ORIGIN,
      },
    });
  });

  afterAll(async () => {
    await app?.stop();
    for (const k of ['CLERK_SECRET_KEY', 'CLERK_PUBLISHABLE_KEY', 'CLERK_JWT_KEY', 'CLERK_AUTHORIZED_PARTIES']) delete process.env[k];
  });

  const me = (token?: string) =>
    fetch(`${app.url}/api/me`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  const call = (method: string, path: string, token: string, body?: unknown) =>
    fetch(`${app.url}${path}`, {
      method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('when the first user reaches the api, then they are not administrator until they claim it with the setup code', async () => {
    const first = await sign({ sub: 'user_early_bird', name: 'Early Bird' });
    expect((await (await me(first)).json()).user).toMatchObject({ id: 'user_early_bird', isAdmin: false });
    expect((await call('GET', '/api/admin/users', first)).status).toBe(403);
    const wrong = await call('POST', '/api/admin/claim', first, { setupCode: 'AAAA-BBBB-CCCC' });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toBe('That setup code is not right. Copy it from the server log.');
    const owner = await sign({ sub: 'user_owner', name: 'Owner' });
    const claimed = await call('POST', '/api/admin/claim', owner, { setupCode: adminSetupCode('sk_test_craftwell_local_only') });
    expect(await claimed.json()).toEqual({ success: true, message: 'You are now the administrator.' });
    expect((await (await me(owner)).json()).user.isAdmin).toBe(true);
    const again = await call('POST', '/api/admin/claim', first, { setupCode: adminSetupCode('sk_test_craftwell_local_only') });
    expect(again.status).toBe(409);
    expect((await (await me(first)).json()).user.isAdmin).toBe(false);
  });

  it('when a Clerk user deletes the account, then a sign-in within the last 10 minutes is needed (fva claim)', async () => {
    const body = { confirm: 'DELETE' };
    for (const fva of [undefined, [11, -1], [-1, -1]]) {
      const stale = await call('DELETE', '/api/account', await sign({ sub: 'user_leaving', ...(fva ? { fva } : {}) }), body);
      expect(stale.status).toBe(403);
      expect((await stale.json()).message).toBe('To delete your account, sign out and sign in again, then delete it within 10 minutes.');
    }
    expect((await me(await sign({ sub: 'user_leaving' }))).status).toBe(200);
    const fresh = await call('DELETE', '/api/account', await sign({ sub: 'user_leaving', fva: [2, -1] }), body);
    expect(fresh.status).toBe(200);
  });

  it('when a valid session token carries the premium plan, then the user is premium', async () => {
    const res = await me(await sign({ sub: 'user_alice', pla: 'u:premium', name: 'Alice Clerk' }));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user).toMatchObject({ id: 'user_alice', plan: 'premium', name: 'Alice Clerk' });
  });

  it('when the token has no plan claim, then the user is on the free plan', async () => {
    const body = await (await me(await sign({ sub: 'user_bob', pla: 'u:free_user' }))).json();
    expect(body.user).toMatchObject({ id: 'user_bob', plan: 'free' });
  });

  it.each([
    ['expired', async () => sign({ exp: Math.floor(Date.now() / 1000) - 120 })],
    ['signed with the wrong key', async () => sign({}, otherKey)],
    ['issued for another origin (azp)', async () => sign({ azp: 'https://evil.example' })],
    ['missing', async () => undefined],
  ])('when the token is %s, then the data routes answer 401', async (_label, make) => {
    const res = await me(await make());
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, message: 'Please sign in to continue.', code: 'unauthorized' });
  });

  it('when the web asks for config, then it learns Clerk is active and gets the publishable key', async () => {
    const body = await (await fetch(`${app.url}/api/config`)).json();
    expect(body.auth).toEqual({ mode: 'clerk', clerkPublishableKey: PUBLISHABLE_KEY });
  });
});
