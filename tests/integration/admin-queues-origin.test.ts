/** The queue dashboard rides on the session cookie, so cross-site requests to it are refused. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionalRedisUrl, serviceUrl } from '../support/services.js';
import { startTestApp, type TestApp } from '../support/app.js';

const postgresUrl = serviceUrl('postgres');
const redisUrl = optionalRedisUrl();

describe.skipIf(!postgresUrl || !redisUrl)('queue dashboard and cross-site requests', () => {
  let app: TestApp;
  let cookie: string;

  beforeAll(async () => {
    app = await startTestApp({ postgresUrl: postgresUrl!, redisUrl });
    // The first account is the administrator; the browser keeps its session cookie.
    const res = await fetch(`${app.url}/api/auth/sign-up/email`, {
      method: 'POST', headers: { 'content-type': 'application/json', origin: app.url },
      body: JSON.stringify({ name: 'Admin', email: 'admin@example.com', password: 'correct horse battery' }),
    });
    cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    expect(cookie).toContain('session_token');
  }, 120_000);

  afterAll(async () => { await app?.stop(); });

  const dashboard = (path: string, headers: Record<string, string>, method = 'GET') =>
    fetch(`${app.url}/admin/queues${path}`, { method, headers: { cookie, ...headers }, redirect: 'manual' });

  it('when the administrator opens the dashboard from the same site, then it loads', async () => {
    expect((await dashboard('', { 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await dashboard('', {})).status).toBe(200);
  });

  it('when another site sends a request with the administrator’s cookie, then a 403 refuses it', async () => {
    const attempts = [
      await dashboard('/api/queues/pdf/clean/completed', { origin: 'https://evil.example' }, 'PUT'),
      await dashboard('/api/queues/pdf/clean/completed', { 'sec-fetch-site': 'cross-site' }, 'PUT'),
      await dashboard('', { 'sec-fetch-site': 'cross-site' }),
      await dashboard('', { origin: 'https://evil.example', 'sec-fetch-site': 'same-site' }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(403);
      expect((await res.json()).message).toBe('The queue dashboard only accepts requests from this site.');
    }
  });
});
