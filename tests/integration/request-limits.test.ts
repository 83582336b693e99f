/**
 * Request limits: bodies and fields of the sign-in routes are bounded, and behind a proxy
 * (TRUST_PROXY) each client address gets its own rate-limit allowance.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

describe.skipIf(!postgresUrl)('bounded uploads', () => {
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    app = await startTestApp({ postgresUrl: postgresUrl! });
    token = (await signUp(app.url)).token;
  }, 120_000);

  afterAll(async () => { await app?.stop(); });

  /** Every documented multipart route, and the profile picture's (a browser form, not in the reference). */
  async function uploadRoutes(): Promise<string[]> {
    const document = await (await fetch(`${app.url}/api/openapi.json`)).json() as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>> };
    const documented = Object.entries(document.paths)
      .filter(([, operations]) => Object.values(operations).some((op) => op.requestBody?.content?.['multipart/form-data']))
      .map(([route]) => route);
    return [...documented, '/api/user/avatar'];
  }

  const send = (route: string, form: FormData) => fetch(`${app.url}${route}`, { method: 'POST', headers: authed(token), body: form });

  it('when an upload carries a flood of text fields, or one huge field, then every upload route refuses it and the api does not grow', async () => {
    const routes = await uploadRoutes();
    expect(routes).toEqual(expect.arrayContaining(['/api/ai/remove-image-background', '/api/ai/resume-review', '/api/images/background', '/api/user/avatar']));
    const before = process.memoryUsage().rss;
    for (const route of routes) {
      const flood = new FormData();
      for (let i = 0; i < 200; i++) flood.append(`field${i}`, 'x'.repeat(1024));
      const many = await send(route, flood);
      expect(many.status, `${route}: 200 fields`).toBe(413);
      expect((await many.json()).message, route).toBe('The form has too many fields: an upload takes at most 10 besides its files.');

      const huge = new FormData();
      huge.append('note', 'x'.repeat(1024 * 1024));
      const one = await send(route, huge);
      expect(one.status, `${route}: one 1 MB field`).toBe(413);
      expect((await one.json()).message, route).toBe('A form field is too long: at most 64 KB each.');
    }
    // The app runs in this process: a few routes' worth of refused floods must not stay in memory.
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * 1024 * 1024);
  });

  it('when a route parses multipart, then it does so through the one bounded parser (api/src/middleware/uploads.ts)', async () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../api/src');
    const offenders = fs.readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.includes('__tests__') && file !== path.join('middleware', 'uploads.ts'))
      .filter((file) => /\bmulter\s*\(/.test(fs.readFileSync(path.join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('when a request declares a body larger than any route takes, then a 413 comes back before it is read', async () => {
    const { port } = new URL(app.url);
    const reply = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path: '/api/newsletter', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(200 * 1024 * 1024) } }, (res) => {
        let body = '';
        res.on('data', (d: Buffer) => { body += d.toString(); });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.write('{"email":');
    });
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body).message).toMatch(/too large/);
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
