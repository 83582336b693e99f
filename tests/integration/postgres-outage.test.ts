/**
 * Postgres going away while users are signed in: their requests get 503 with a retry hint (never
 * 401, which would sign them out), and everything works again when Postgres returns, without a
 * restart. Runs on a private Postgres server it may stop.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresToolsAvailable, startPrivatePostgres, type PrivatePostgres } from '../support/private-services.js';
import { authed, signUp, startTestApp, type TestApp } from '../support/app.js';
import { SESSION_CACHE_TTL_MS } from '@craftwell/api/auth/session-cache';

const tools = postgresToolsAvailable();
if (!tools && process.env.CI) throw new Error('pg_ctl and initdb must be on PATH in CI for the Postgres outage test');

describe.skipIf(!tools)('postgres outage', () => {
  let pg: PrivatePostgres;
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    pg = await startPrivatePostgres();
    app = await startTestApp({ postgresUrl: pg.url, redisUrl: null });
    token = (await signUp(app.url)).token;
  }, 120_000);

  afterAll(async () => {
    await pg?.start().catch(() => undefined);
    await app?.stop().catch(() => undefined);
    await pg?.destroy();
  });

  it('when Postgres stops, then a signed-in user gets 503 with Retry-After, not 401, and it recovers when Postgres returns', async () => {
    expect((await fetch(`${app.url}/api/me`, { headers: authed(token) })).status).toBe(200);

    await pg.stop();
    // Within the session cache's few seconds, /api/me needs no database: served, never a 401.
    expect((await fetch(`${app.url}/api/me`, { headers: authed(token) })).status).toBe(200);
    for (const route of ['/api/user/usage', '/api/user/get-user-creations']) {
      const started = Date.now();
      const res = await fetch(`${app.url}${route}`, { headers: authed(token) });
      expect(res.status, route).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await res.json()).message).toMatch(/try again/i);
      expect(Date.now() - started).toBeLessThan(10_000);
    }
    expect((await fetch(`${app.url}/readyz`)).status).toBe(503);
    // Once the cached session has expired, the lookup itself meets the outage: 503, not 401.
    await new Promise((r) => setTimeout(r, SESSION_CACHE_TTL_MS + 500));
    const me = await fetch(`${app.url}/api/me`, { headers: authed(token) });
    expect(me.status).toBe(503);
    expect(Number(me.headers.get('retry-after'))).toBeGreaterThan(0);

    await pg.start();
    let back = 0;
    for (let i = 0; i < 50 && back !== 200; i++) {
      back = (await fetch(`${app.url}/api/user/usage`, { headers: authed(token) })).status;
      if (back !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(back).toBe(200);
  }, 90_000);
});
