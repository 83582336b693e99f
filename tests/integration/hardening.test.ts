/**
 * Hardening over HTTP: security headers, upload and body limits, rate limits, profile pictures,
 * and errors that never leak internals.
 */
import http from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionalRedisUrl, serviceUrl } from '../support/services.js';
import { authed, signUp, startTestApp, type TestApp } from '../support/app.js';

const postgresUrl = serviceUrl('postgres');

describe.skipIf(!postgresUrl)('hardening', () => {
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    app = await startTestApp({
      postgresUrl: postgresUrl!,
      redisUrl: optionalRedisUrl(),
      env: { SIGN_IN_RATE_LIMIT_PER_MINUTE: '4', AI_RATE_LIMIT_PER_MINUTE: '3', ALLOWED_HOSTS: 'craftwell.lan' },
    });
    token = (await signUp(app.url)).token;
  }, 120_000);

  afterAll(async () => { await app?.stop(); });

  it('when any page or API answers, then security headers are set and the framework is not named', async () => {
    const res = await fetch(`${app.url}/api/config`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
  });

  /** A request naming any Host (fetch will not send one of its own choosing). */
  const withHost = (host: string, route: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) => new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: new URL(app.url).port, path: route, method: init.method ?? 'GET', headers: { ...init.headers, host } }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => { body += d.toString(); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(init.body);
  });

  it('when a request names a host this server is not known by (DNS rebinding), then nothing is served, not even a sign-up', async () => {
    const port = new URL(app.url).port;
    const evil = `evil.example:${port}`;
    for (const route of ['/', '/api/config', '/api/openapi.json', '/files/results/x.png']) {
      const res = await withHost(evil, route);
      expect(res.status, route).toBe(421);
      expect(JSON.parse(res.body).message).toMatch(/does not answer to the name "evil\.example".*PUBLIC_URL/);
    }
    const email = `rebound-${Date.now()}@example.com`;
    const signUpThere = await withHost(evil, '/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://${evil}` },
      body: JSON.stringify({ name: 'Rebound', email, password: 'correct horse battery' }),
    });
    expect(signUpThere.status).toBe(421);
    const signIn = await fetch(`${app.url}/api/auth/sign-in/email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'correct horse battery' }) });
    expect(signIn.status).toBe(401);
  });

  it('when a request names loopback, an address, ALLOWED_HOSTS or asks a probe, then it is served', async () => {
    const port = new URL(app.url).port;
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'craftwell.lan', `CRAFTWELL.LAN:${port}`, '10.1.2.3:3000']) {
      expect((await withHost(host, '/api/config')).status, host).toBe(200);
    }
    expect((await withHost('craftwell-api.default.svc', '/healthz')).status).toBe(200);
  });

  it('when an image upload is over 20 MB, then a 413 names the limit and nothing is queued', async () => {
    const form = new FormData();
    form.append('image', new Blob([Buffer.alloc(21 * 1024 * 1024, 1)], { type: 'image/png' }), 'huge.png');
    const res = await fetch(`${app.url}/api/ai/remove-image-background`, { method: 'POST', headers: authed(token), body: form });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ success: false, message: 'That image is too large. The limit is 20 MB.', code: 'input_too_large' });
  });

  it('when a resume upload is over 10 MB, then a 413 names the limit', async () => {
    const form = new FormData();
    form.append('resume', new Blob([Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(11 * 1024 * 1024, 32)])], { type: 'application/pdf' }), 'cv.pdf');
    const res = await fetch(`${app.url}/api/ai/resume-review`, { method: 'POST', headers: authed(token), body: form });
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe('That resume is too large. The limit is 10 MB.');
  });

  it('when a text file is sent as an image, then the reply says it is not an image', async () => {
    const form = new FormData();
    form.append('image', new Blob(['hello, I am text'], { type: 'image/png' }), 'photo.png');
    const res = await fetch(`${app.url}/api/ai/remove-image-background`, { method: 'POST', headers: authed(token), body: form });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const body = await res.json();
    expect(body.success).toBe(false);
    expect(body.message).toMatch(/image/i);
  });

  it('when a JSON body is over the limit, then a 413 comes back', async () => {
    const res = await fetch(`${app.url}/api/user/toggle-like-creation`, {
      method: 'POST', headers: { 'content-type': 'application/json', ...authed(token) }, body: JSON.stringify({ id: 'x'.repeat(200_000) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ success: false, message: 'The request body is too large.', code: 'input_too_large' });
  });

  it('when a user uploads a profile picture, then it is resized, stored and shown; a non-image is refused', async () => {
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#ff8800' } }).png().toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const res = await fetch(`${app.url}/api/user/avatar`, { method: 'POST', headers: authed(token), body: form });
    const body = await res.json();
    expect(body.success).toBe(true);
    const file = await fetch(new URL(body.content, app.url));
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);
    const me = await (await fetch(`${app.url}/api/me`, { headers: authed(token) })).json();
    expect(me.user.image).toBe(body.content);

    const bad = new FormData();
    bad.append('image', new Blob(['not an image'], { type: 'image/png' }), 'me.png');
    const refused = await fetch(`${app.url}/api/user/avatar`, { method: 'POST', headers: authed(token), body: bad });
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toMatch(/not an image/);
  });

  it('when someone keeps guessing passwords, then sign-in is rate limited with 429', async () => {
    const { email } = await signUp(app.url);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await fetch(`${app.url}/api/auth/sign-in/email`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: `wrong guess ${i}` }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toContain(429);
    expect(statuses.slice(0, 2).every((s) => s === 401)).toBe(true);
  });

  it('when one user floods the AI tools, then they get a 429 with a message', async () => {
    const flood = await Promise.all(Array.from({ length: 6 }, () => fetch(`${app.url}/api/ai/generate-blog-title`, {
      method: 'POST', headers: { 'content-type': 'application/json', ...authed(token) },
      body: JSON.stringify({ prompt: 'Generate a blog title for the keyword tea in the category Food' }),
    })));
    const limited = flood.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(3);
    expect((await limited[0].json()).message).toMatch(/too quickly/);
  });
});
