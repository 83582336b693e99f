/**
 * Request limits: bodies and fields of the sign-in routes are bounded, and behind a proxy
 * (TRUST_PROXY) each client address gets its own rate-limit allowance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceUrl } from '../support/services.js';
import { authed, signUp, startTestApp, type TestApp } from '../support/app.js';

const postgresUrl = serviceUrl('postgres');

function post(baseUrl: string, route: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

describe.skipIf(!postgresUrl)('request limits', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ postgresUrl: postgresUrl!, env: { TRUST_PROXY: '1', RATE_LIMIT_PER_MINUTE: '200' } });
  }, 120_000);

  afterAll(async () => { await app?.stop(); });

  it('when a sign-up body is megabytes long, then a 413 says the body is too large and no account is made', async () => {
    const res = await post(app.url, '/api/auth/sign-up/email', { name: 'n'.repeat(2 * 1024 * 1024), email: 'huge@example.com', password: 'correct horse battery' });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ success: false, message: 'The request body is too large.', code: 'input_too_large' });
    const again = await post(app.url, '/api/auth/sign-in/email', { email: 'huge@example.com', password: 'correct horse battery' });
    expect(again.status).toBe(401);
  });

  it('when a name, e-mail or password is over its limit, then a 400 names the limit', async () => {
    const cases: Array<[string, Record<string, string>, string]> = [
      ['/api/auth/sign-up/email', { name: 'n'.repeat(101), email: 'a@example.com', password: 'correct horse battery' }, 'Use at most 100 characters for your name.'],
      ['/api/auth/sign-up/email', { name: 'Ann', email: `${'e'.repeat(250)}@example.com`, password: 'correct horse battery' }, 'Use at most 254 characters for your e-mail address.'],
      ['/api/auth/sign-in/email', { email: `${'e'.repeat(250)}@example.com`, password: 'x' }, 'Use at most 254 characters for your e-mail address.'],
      ['/api/auth/sign-in/email', { email: 'a@example.com', password: 'p'.repeat(129) }, 'Use at most 128 characters for your password.'],
    ];
    for (const [route, body, message] of cases) {
      const res = await post(app.url, route, body);
      expect(res.status, route).toBe(400);
      expect((await res.json()).message).toBe(message);
    }
    const { token } = await signUp(app.url);
    const rename = await post(app.url, '/api/auth/update-user', { name: 'n'.repeat(101) }, authed(token));
    expect(rename.status).toBe(400);
    expect((await rename.json()).message).toBe('Use at most 100 characters for your name.');
    const me = await (await fetch(`${app.url}/api/me`, { headers: authed(token) })).json();
    expect(me.user.name).toBe('Test User');
  });
});

describe.skipIf(!postgresUrl)('broken uploads', () => {
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    app = await startTestApp({ postgresUrl: postgresUrl! });
    token = (await signUp(app.url)).token;
  }, 120_000);

  afterAll(async () => { await app?.stop(); });

  const routes: Array<[string, string]> = [
    ['/api/ai/remove-image-background', 'image'], ['/api/ai/remove-image-object', 'image'],
    ['/api/ai/resume-review', 'resume'], ['/api/user/avatar', 'image'],
  ];

  it('when a multipart upload has no boundary or is cut short, then every upload route answers 400 with a message', async () => {
    for (const [route, field] of routes) {
      const noBoundary = await fetch(`${app.url}${route}`, {
        method: 'POST', headers: authed(token, { 'content-type': 'multipart/form-data' }), body: 'just some bytes',
      });
      const cutShort = await fetch(`${app.url}${route}`, {
        method: 'POST',
        headers: authed(token, { 'content-type': 'multipart/form-data; boundary=XYZ' }),
        body: `--XYZ\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc`,
      });
      for (const res of [noBoundary, cutShort]) {
        expect(res.status, route).toBe(400);
        expect((await res.json()).message).toBe('The upload is not valid form data or was cut short. Choose the file and send it again.');
      }
    }
  });
});

describe.skipIf(!postgresUrl)('client addresses behind a proxy', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ postgresUrl: postgresUrl!, env: { TRUST_PROXY: '1', RATE_LIMIT_PER_MINUTE: '3' } });
  }, 120_000);

  afterAll(async () => { await app?.stop(); });

  it('when two clients come through one proxy (TRUST_PROXY=1), then each has its own allowance', async () => {
    const from = (ip: string) => fetch(`${app.url}/api/config`, { headers: { 'x-forwarded-for': ip } });
    const first = [];
    for (let i = 0; i < 4; i++) first.push((await from('203.0.113.7')).status);
    expect(first).toEqual([200, 200, 200, 429]);
    expect((await from('198.51.100.9')).status).toBe(200);
  });
});
