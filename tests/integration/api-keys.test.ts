/**
 * Personal API keys over HTTP on a real Postgres: created once (only a hash is stored), listed
 * without the key, accepted as `Bearer cw_...` by the same auth as sessions on the user's routes,
 * refused after revocation or when the account is disabled; keys cannot manage keys.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionalRedisUrl, serviceUrl } from '../support/services.js';
import { authed, signUp, startTestApp, type TestApp } from '../support/app.js';

const postgresUrl = serviceUrl('postgres');

describe.skipIf(!postgresUrl)('personal API keys', () => {
  let app: TestApp;
  let db: pg.Pool;
  let root: Awaited<ReturnType<typeof signUp>>;
  let kim: Awaited<ReturnType<typeof signUp>>;

  const send = (method: string, path: string, token?: string, body?: unknown) =>
    fetch(`${app.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? authed(token) : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const createKey = async (token: string, name = 'my script') => {
    const res = await send('POST', '/api/api-keys', token, { name });
    expect(res.status).toBe(201);
    return (await res.json()) as { key: string; apiKey: { id: string; name: string; prefix: string } };
  };

  beforeAll(async () => {
    app = await startTestApp({ postgresUrl: postgresUrl!, redisUrl: optionalRedisUrl() });
    db = new pg.Pool({ connectionString: app.database.url, max: 2 });
    root = await signUp(app.url, { name: 'Root' });
    kim = await signUp(app.url, { name: 'Kim Scripter' });
  });

  afterAll(async () => {
    await db?.end();
    await app?.stop();
  });

  it('when a key is created, then it is shown once, stored only as its SHA-256, and listed without it', async () => {
    const created = await createKey(kim.token, 'nightly export');
    expect(created.key).toMatch(/^cw_[A-Za-z0-9_-]{43}$/);
    expect(created.apiKey).toMatchObject({ name: 'nightly export', prefix: created.key.slice(0, 11) });
    const { rows } = await db.query('SELECT * FROM api_keys WHERE id = $1', [created.apiKey.id]);
    expect(Buffer.from(rows[0].key_hash).equals(createHash('sha256').update(created.key).digest())).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(created.key.slice(11));
    const list = await (await send('GET', '/api/api-keys', kim.token)).json();
    expect(list.keys).toEqual([expect.objectContaining({ id: created.apiKey.id, name: 'nightly export', prefix: created.key.slice(0, 11), last_used_at: null })]);
    expect(JSON.stringify(list)).not.toContain(created.key);

    const blank = await send('POST', '/api/api-keys', kim.token, { name: '  ' });
    expect(blank.status).toBe(400);
    expect((await blank.json()).message).toBe('Give the key a name.');
  });

  it('when a script sends the key as a bearer token, then it works on the user routes and the tools as that user', async () => {
    const { key, apiKey } = await createKey(kim.token);
    const me = await (await send('GET', '/api/me', key)).json();
    expect(me.user).toMatchObject({ id: kim.user.id, name: 'Kim Scripter', plan: 'free', isAdmin: false });

    const echo = await send('POST', '/api/ai/test-echo', key, { text: 'from a script' });
    expect(echo.status).toBe(200);
    expect((await echo.json()).content).toBe('echo: from a script');
    const own = await (await send('GET', '/api/user/get-user-creations', key)).json();
    expect(own.creations.map((c: { prompt: string; user_id: string }) => [c.prompt, c.user_id])).toContainEqual(['from a script', kim.user.id]);
    for (const path of ['/api/user/usage', '/api/user/get-published-creations', '/api/account/export']) {
      expect((await send('GET', path, key)).status, path).toBe(200);
    }
    const creationId = own.creations[0].id;
    expect((await send('DELETE', `/api/creations/${creationId}`, key)).status).toBe(200);
    // Not an administrator: the admin routes stay closed to Kim's key.
    expect((await send('GET', '/api/admin/users', key)).status).toBe(403);

    const { rows } = await db.query('SELECT last_used_at FROM api_keys WHERE id = $1', [apiKey.id]);
    expect(rows[0].last_used_at).not.toBeNull();
  });

  it('when a key tries to manage keys, then it is refused: only a signed-in session can', async () => {
    const { key } = await createKey(kim.token);
    for (const [method, path] of [['GET', '/api/api-keys'], ['POST', '/api/api-keys']] as const) {
      const res = await send(method, path, key, method === 'POST' ? { name: 'more' } : undefined);
      expect(res.status).toBe(403);
      expect((await res.json()).message).toBe('API keys cannot manage API keys. Sign in to the web app to do this.');
    }
  });

  it('when a key is revoked, unknown or malformed, then it is 401; someone else cannot revoke it', async () => {
    const { key, apiKey } = await createKey(kim.token);
    expect((await send('DELETE', `/api/api-keys/${apiKey.id}`, root.token)).status).toBe(404);
    expect((await send('GET', '/api/me', key)).status).toBe(200);
    const revoked = await send('DELETE', `/api/api-keys/${apiKey.id}`, kim.token);
    expect(await revoked.json()).toEqual({ success: true, message: 'API key revoked' });
    for (const token of [key, `cw_${'A'.repeat(43)}`, 'cw_short']) {
      const res = await send('GET', '/api/me', token);
      expect(res.status).toBe(401);
      expect((await res.json()).message).toBe('Please sign in to continue.');
    }
  });

  it('when the account is disabled, then its keys get 403 with the reason', async () => {
    const { key } = await createKey(kim.token);
    await send('POST', `/api/admin/users/${kim.user.id}/disabled`, root.token, { disabled: true });
    const res = await send('GET', '/api/user/get-user-creations', key);
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe('This account has been disabled by an administrator. Contact your administrator to get access again.');
    await send('POST', `/api/admin/users/${kim.user.id}/disabled`, root.token, { disabled: false });
    expect((await send('GET', '/api/me', key)).status).toBe(200);
  });

  it('when a user already holds 20 keys, then a 21st is refused with what to do', async () => {
    const lee = await signUp(app.url, { name: 'Lee' });
    for (let i = 0; i < 20; i++) await createKey(lee.token, `key ${i}`);
    const res = await send('POST', '/api/api-keys', lee.token, { name: 'one too many' });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe('You can have at most 20 API keys. Revoke one you no longer use first.');
  });
});
