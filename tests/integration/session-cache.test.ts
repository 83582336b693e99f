/**
 * Cached session lookups: a signed-in request skips the session query for a few seconds, and
 * sign-out, password change and profile edits take effect at once, on every api replica that
 * shares the Redis (two real servers on one database and one Redis here).
 */
import pg from 'pg';
import { createPool } from '@craftwell/core/db/pool';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@craftwell/core/config/env';
import { startServer, type RunningServer } from '@craftwell/api/server';
import { optionalRedisUrl, serviceUrl } from '../support/services.js';
import { authed, signUp, startTestApp, type TestApp } from '../support/app.js';

const postgresUrl = serviceUrl('postgres');
const redisUrl = optionalRedisUrl();

describe.skipIf(!postgresUrl)('session cache', () => {
  let app: TestApp;
  let db: pg.Pool;
  const me = (baseUrl: string, token: string) => fetch(`${baseUrl}/api/me`, { headers: authed(token) });
  const authPost = (baseUrl: string, path: string, token: string, body: unknown = {}) =>
    fetch(`${baseUrl}/api/auth/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, ...authed(token) },
      body: JSON.stringify(body),
    });
  const signIn = async (baseUrl: string, email: string, password = 'correct horse battery') => {
    const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: 'POST', headers: { 'content-type': 'application/json', origin: baseUrl }, body: JSON.stringify({ email, password }),
    });
    return (await res.json()).token as string;
  };
  /** A new user signed in a second time: `other` is the session a password change should revoke. */
  const userWithTwoSessions = async () => {
    const user = await signUp(app.url);
    return { user, other: await signIn(app.url, user.email) };
  };
  const changePasswordRevokingOthers = (token: string) =>
    authPost(app.url, 'change-password', token, { currentPassword: 'correct horse battery', newPassword: 'a brand new secret', revokeOtherSessions: true });

  beforeAll(async () => {
    app = await startTestApp({ postgresUrl: postgresUrl!, redisUrl });
    db = createPool(app.database.url, 2);
  });

  afterAll(async () => {
    await db?.end();
    await app?.stop();
  });

  it('when a token was just used, then the next request does not read its session again (a deleted row still passes until the TTL)', async () => {
    const user = await signUp(app.url);
    expect((await me(app.url, user.token)).status).toBe(200);
    // Removing the row behind better-auth's back: only a cached answer can still say 200.
    await db.query('DELETE FROM sessions WHERE user_id = $1', [user.user.id]);
    expect((await me(app.url, user.token)).status).toBe(200);
  });

  it('when a user signs out, then the cached token stops working at once', async () => {
    const user = await signUp(app.url);
    expect((await me(app.url, user.token)).status).toBe(200);
    expect((await authPost(app.url, 'sign-out', user.token)).status).toBe(200);
    expect((await me(app.url, user.token)).status).toBe(401);
  });

  it('when the password is changed with other sessions revoked, then the other sessions stop at once and the current one works', async () => {
    const { user, other } = await userWithTwoSessions();
    expect((await me(app.url, other)).status).toBe(200);
    const changed = await changePasswordRevokingOthers(user.token);
    expect(changed.status).toBe(200);
    const { token: current } = await changed.json();
    expect((await me(app.url, other)).status).toBe(401);
    expect((await me(app.url, current ?? user.token)).status).toBe(200);
  });

  it('when a user renames themself, then /api/me shows the new name at once', async () => {
    const user = await signUp(app.url, { name: 'Before' });
    expect((await (await me(app.url, user.token)).json()).user.name).toBe('Before');
    expect((await authPost(app.url, 'update-user', user.token, { name: 'After' })).status).toBe(200);
    expect((await (await me(app.url, user.token)).json()).user.name).toBe('After');
  });

  describe.skipIf(!redisUrl)('with two api replicas on one Redis', () => {
    let second: RunningServer;

    beforeAll(async () => {
      // Same database, Redis and key prefix as the first server: a second replica.
      second = await startServer(loadConfig({ ...process.env, ...app.env, PORT: '0' }));
    });

    afterAll(async () => {
      await second?.close();
    });

    it('when a user signs out on one replica, then the other refuses the token at once', async () => {
      const user = await signUp(app.url);
      expect((await me(second.url, user.token)).status).toBe(200);
      expect((await me(app.url, user.token)).status).toBe(200);
      expect((await authPost(app.url, 'sign-out', user.token)).status).toBe(200);
      expect((await me(second.url, user.token)).status).toBe(401);
    });

    it('when the password changes on one replica, then the other refuses the revoked sessions at once', async () => {
      const { user, other } = await userWithTwoSessions();
      expect((await me(second.url, other)).status).toBe(200);
      const changed = await changePasswordRevokingOthers(user.token);
      expect(changed.status).toBe(200);
      expect((await me(second.url, other)).status).toBe(401);
    });
  });
});
