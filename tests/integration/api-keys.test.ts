/**
 * Personal API keys over HTTP on a real Postgres: created once (only a hash is stored), listed
 * without the key, accepted as `Bearer cw_...` by the same auth as sessions on the user's routes,
 * refused after revocation or when the account is disabled; keys cannot manage keys.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { createPool } from '@craftwell/core/db/pool';
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
  const createKey = async (token: string, name = 'my script', extra: Record<string, unknown> = {}) => {
    const res = await send('POST', '/api/api-keys', token, { name, ...extra });
    expect(res.status).toBe(201);
    return (await res.json()) as { key: string; apiKey: { id: string; name: string; prefix: string; scopes: string[]; expires_at: string | null } };
  };

  beforeAll(async () => {
    app = await startTestApp({ postgresUrl: postgresUrl!, redisUrl: optionalRedisUrl() });
    db = createPool(app.database.url, 2);
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

  it('when a key has scopes, then it can do only what they name: read = GET, tools = the rest, admin = admin routes', async () => {
    // A fresh user: disabling Kim above ended Kim's sessions.
    const jo = await signUp(app.url, { name: 'Jo Scripter' });
    const plain = await createKey(jo.token, 'default');
    expect(plain.apiKey.scopes).toEqual(['read', 'tools']);
    const reader = await createKey(jo.token, 'reader', { scopes: ['read'] });
    expect((await send('GET', '/api/user/get-user-creations', reader.key)).status).toBe(200);
    // A write that needs no job: 404 once past the scope check, 403 before it.
    const like = { id: '00000000-0000-4000-8000-000000000000' };
    const refused = await send('POST', '/api/user/toggle-like-creation', reader.key, like);
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe('This API key does not have the "tools" scope. Create a key with it in Account settings.');
    const runner = await createKey(jo.token, 'runner', { scopes: ['tools'] });
    expect((await send('POST', '/api/user/toggle-like-creation', runner.key, like)).status).toBe(404);
    expect((await send('GET', '/api/me', runner.key)).status).toBe(403);
    // Admin scope: only an administrator may grant it, and admin routes need it.
    const grant = await send('POST', '/api/api-keys', jo.token, { name: 'x', scopes: ['admin'] });
    expect(grant.status).toBe(400);
    expect((await grant.json()).message).toBe('Only administrators can give a key the admin scope.');
    const rootRead = await createKey(root.token, 'root reader');
    expect((await send('GET', '/api/admin/users', rootRead.key)).status).toBe(403);
    const rootAdmin = await createKey(root.token, 'root admin', { scopes: ['read', 'admin'] });
    expect((await send('GET', '/api/admin/users', rootAdmin.key)).status).toBe(200);
    expect((await send('POST', '/api/api-keys', jo.token, { name: 'x', scopes: ['everything'] })).status).toBe(400);
  });

  it('when a key has expired, then it is 401 like a revoked one', async () => {
    const jo = await signUp(app.url, { name: 'Jo Expiring' });
    const { key, apiKey } = await createKey(jo.token, 'short-lived', { expiresInDays: 1 });
    expect(new Date(apiKey.expires_at!).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect((await send('GET', '/api/me', key)).status).toBe(200);
    await db.query("UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1", [apiKey.id]);
    expect((await send('GET', '/api/me', key)).status).toBe(401);
    expect((await send('POST', '/api/api-keys', jo.token, { name: 'x', expiresInDays: 0 })).status).toBe(400);
  });

  it('when the password changes, then every key and every session of the user stop working; the reply carries a new session', async () => {
    const pat = await signUp(app.url, { name: 'Pat', password: 'correct horse battery' });
    const other = await (await fetch(`${app.url}/api/auth/sign-in/email`, {
      method: 'POST', headers: { 'content-type': 'application/json', origin: app.url },
      body: JSON.stringify({ email: pat.email, password: 'correct horse battery' }),
    })).json();
    const { key } = await createKey(pat.token, 'before');
    // Even when the client does not ask to end the other sessions.
    const changed = await send('POST', '/api/auth/change-password', pat.token, { currentPassword: 'correct horse battery', newPassword: 'staple battery horse correct' });
    expect(changed.status).toBe(200);
    const fresh = (await changed.json()).token as string;
    for (const old of [key, pat.token, other.token as string]) expect((await send('GET', '/api/me', old)).status).toBe(401);
    expect((await send('GET', '/api/me', fresh)).status).toBe(200);
  }, 180_000);

  it('when a session token is sent without its signature (as the sessions table holds it), then 401; the signed one from the reply works', async () => {
    const jo = await signUp(app.url, { name: 'Jo Session' });
    const res = await fetch(`${app.url}/api/auth/sign-in/email`, {
      method: 'POST', headers: { 'content-type': 'application/json', origin: app.url },
      body: JSON.stringify({ email: jo.email, password: 'correct horse battery' }),
    });
    const signed = (await res.json()).token as string;
    // The reply's token is the one the set-auth-token header carries: `token.signature`.
    expect(res.headers.get('set-auth-token')).toBe(signed);
    const raw = signed.split('.')[0];
    expect((await db.query('SELECT 1 FROM sessions WHERE token = $1', [raw])).rowCount).toBe(1);
    expect(raw).not.toBe(signed);
    expect((await send('GET', '/api/me', signed)).status).toBe(200);
    expect((await send('GET', '/api/me', raw)).status).toBe(401);
    expect((await send('GET', '/api/me', `${raw}.${'A'.repeat(43)}=`)).status).toBe(401);
    const viaAuth = await fetch(`${app.url}/api/auth/get-session`, { headers: authed(raw) });
    expect(await viaAuth.json()).toBeNull();
  });
});
