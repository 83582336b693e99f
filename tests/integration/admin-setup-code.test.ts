/**
 * The first administrator on a public bind (HOST beyond loopback): a stranger who signs up first
 * does not become administrator; a sign-up from this machine, or with the setup code printed in
 * the log, does. Requests "from elsewhere" carry X-Forwarded-For, which the default TRUST_PROXY
 * (loopback) turns into the client address.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSetupCode } from '@craftwell/api/auth/setup-code';
import { authed, startTestApp, type TestApp } from '../support/app.js';
import { serviceUrl } from '../support/services.js';

const postgresUrl = serviceUrl('postgres');
const FROM_ELSEWHERE = { 'x-forwarded-for': '203.0.113.7' };

describe.skipIf(!postgresUrl)('claiming the administrator account on a public bind', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ postgresUrl: postgresUrl!, env: { HOST: '0.0.0.0' } });
  }, 120_000);
  afterAll(async () => { await app?.stop(); });

  async function signUp(email: string, extra: { headers?: Record<string, string>; setupCode?: string } = {}) {
    const res = await fetch(`${app.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.url, ...extra.headers },
      body: JSON.stringify({ name: 'Someone', email, password: 'correct horse battery', ...(extra.setupCode !== undefined ? { setupCode: extra.setupCode } : {}) }),
    });
    return { status: res.status, body: await res.json() };
  }
  async function me(token: string) {
    return (await (await fetch(`${app.url}/api/me`, { headers: authed(token) })).json()).user ?? {};
  }
  const code = () => adminSetupCode(app.env.BETTER_AUTH_SECRET);

  it('when the first account comes from elsewhere without the code, then it is an ordinary free account', async () => {
    const first = await signUp('stranger@example.com', { headers: FROM_ELSEWHERE });
    expect(first.status).toBe(200);
    expect(await me(first.body.token)).toMatchObject({ isAdmin: false, plan: 'free' });
  });

  it('when a wrong setup code is sent, then the sign-up is refused with a message and no account is made', async () => {
    const wrong = await signUp('guesser@example.com', { headers: FROM_ELSEWHERE, setupCode: 'AAAA-BBBB-CCCC' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/setup code is not right/i);
    const db = new pg.Client({ connectionString: app.database.url });
    await db.connect();
    const { rows } = await db.query("SELECT 1 FROM users WHERE email = 'guesser@example.com'");
    await db.end();
    expect(rows).toEqual([]);
  });

  it('when the setup code from the log is sent, then that account is the administrator, and the code works once', async () => {
    const owner = await signUp('owner@example.com', { headers: FROM_ELSEWHERE, setupCode: code().toLowerCase() });
    expect(owner.status).toBe(200);
    expect(await me(owner.body.token)).toMatchObject({ isAdmin: true, plan: 'premium' });

    const again = await signUp('second@example.com', { headers: FROM_ELSEWHERE, setupCode: code() });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/already has an administrator/i);
  });
});
