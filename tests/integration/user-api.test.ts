/**
 * The user API over HTTP against the real server and a real Postgres: auth on every data route,
 * own creations, the published gallery with pagination, race-safe likes, usage and bad input.
 */
import pg from 'pg';
import { createPool } from '@craftwell/core/db/pool';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionalRedisUrl, serviceUrl } from '../support/services.js';
import { authed, signUp, startTestApp, type TestApp } from '../support/app.js';

const postgresUrl = serviceUrl('postgres');

describe.skipIf(!postgresUrl)('user API', () => {
  let app: TestApp;
  let db: pg.Pool;
  let alice: Awaited<ReturnType<typeof signUp>>;
  let bob: Awaited<ReturnType<typeof signUp>>;

  async function insertCreation(userId: string, fields: Partial<{ type: string; prompt: string; content: string; publish: boolean; created_at: string }> = {}) {
    const { rows } = await db.query(
      `INSERT INTO creations (user_id, type, prompt, content, publish, created_at)
       VALUES ($1, $2, $3, $4, $5, coalesce($6::timestamptz, now())) RETURNING id`,
      [userId, fields.type ?? 'image', fields.prompt ?? 'a prompt', fields.content ?? '/files/x.png', fields.publish ?? false, fields.created_at ?? null],
    );
    return rows[0].id as string;
  }

  const get = (path: string, token?: string) => fetch(`${app.url}${path}`, { headers: token ? authed(token) : {} });
  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${app.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? authed(token) : {}) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  beforeAll(async () => {
    app = await startTestApp({ postgresUrl: postgresUrl!, redisUrl: optionalRedisUrl() });
    db = createPool(app.database.url, 2);
    alice = await signUp(app.url, { name: 'Alice Admin' });
    bob = await signUp(app.url, { name: 'Bob Builder' });
  });

  afterAll(async () => {
    await db?.end();
    await app?.stop();
  });

  describe('auth', () => {
    it('when the first account is created, then it is the administrator on the premium plan', async () => {
      const me = await (await get('/api/me', alice.token)).json();
      expect(me.user).toMatchObject({ name: 'Alice Admin', plan: 'premium', isAdmin: true });
      const other = await (await get('/api/me', bob.token)).json();
      expect(other.user).toMatchObject({ name: 'Bob Builder', plan: 'free', isAdmin: false });
    });

    it.each([
      ['no token', undefined],
      ['a garbage token', 'garbage.token.value'],
    ])('when a data route is called with %s, then it answers 401 with a message', async (_label, token) => {
      for (const path of ['/api/user/get-user-creations', '/api/user/get-published-creations', '/api/user/usage', '/api/me']) {
        const res = await get(path, token);
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({ success: false, message: 'Please sign in to continue.', code: 'unauthorized' });
      }
      const res = await post('/api/ai/generate-blog-title', { prompt: 'x' }, token);
      expect(res.status).toBe(401);
    });

    it('when signing in with the right password, then a working token comes back; with a wrong one, a clear 401', async () => {
      const ok = await post('/api/auth/sign-in/email', { email: bob.email, password: 'correct horse battery' });
      expect(ok.status).toBe(200);
      const { token } = await ok.json();
      expect((await get('/api/me', token)).status).toBe(200);

      const bad = await post('/api/auth/sign-in/email', { email: bob.email, password: 'wrong password here' });
      expect(bad.status).toBe(401);
      expect((await bad.json()).message).toBe('That e-mail and password do not match. Check them and try again.');
    });

    it('when the e-mail is taken or the password weak, then sign-up explains why', async () => {
      const taken = await post('/api/auth/sign-up/email', { name: 'Again', email: bob.email.toUpperCase(), password: 'another good password' });
      expect(taken.status).toBe(422);
      expect((await taken.json()).message).toMatch(/already exists/);

      const short = await post('/api/auth/sign-up/email', { name: 'Weak', email: 'weak@example.com', password: 'short' });
      expect(short.status).toBe(400);
      expect((await short.json()).message).toMatch(/at least 8 characters/);

      const common = await post('/api/auth/sign-up/email', { name: 'Weak', email: 'weak@example.com', password: 'password123' });
      expect(common.status).toBe(400);
      expect((await common.json()).message).toMatch(/too common/);
      const { rows } = await db.query("SELECT count(*)::int AS n FROM users WHERE email = 'weak@example.com'");
      expect(rows[0].n).toBe(0);
    });

    it('when a user signs out, then the token stops working', async () => {
      const carol = await signUp(app.url, { name: 'Carol' });
      expect((await get('/api/me', carol.token)).status).toBe(200);
      const out = await fetch(`${app.url}/api/auth/sign-out`, { method: 'POST', headers: { ...authed(carol.token), origin: app.url } });
      expect(out.status).toBe(200);
      expect((await get('/api/me', carol.token)).status).toBe(401);
    });

    it('when a user changes name and password, then both take effect', async () => {
      const dave = await signUp(app.url, { name: 'Dave' });
      const renamed = await fetch(`${app.url}/api/auth/update-user`, {
        method: 'POST', headers: { 'content-type': 'application/json', origin: app.url, ...authed(dave.token) }, body: JSON.stringify({ name: 'David' }),
      });
      expect(renamed.status).toBe(200);
      expect((await (await get('/api/me', dave.token)).json()).user.name).toBe('David');

      const changed = await fetch(`${app.url}/api/auth/change-password`, {
        method: 'POST', headers: { 'content-type': 'application/json', origin: app.url, ...authed(dave.token) },
        body: JSON.stringify({ currentPassword: 'correct horse battery', newPassword: 'a brand new secret', revokeOtherSessions: false }),
      });
      expect(changed.status).toBe(200);
      expect((await post('/api/auth/sign-in/email', { email: dave.email, password: 'a brand new secret' })).status).toBe(200);
      expect((await post('/api/auth/sign-in/email', { email: dave.email, password: 'correct horse battery' })).status).toBe(401);
    });
  });

  describe('creations', () => {
    it('when listing own creations, then only the caller’s come back, newest first, with likes as a list', async () => {
      const older = await insertCreation(alice.user.id, { type: 'article', prompt: 'older', content: '# Old', created_at: '2026-01-01T00:00:00Z' });
      const newer = await insertCreation(alice.user.id, { type: 'image', prompt: 'newer', publish: true, created_at: '2026-02-01T00:00:00Z' });
      await insertCreation(bob.user.id, { prompt: 'bob private' });
      await db.query('INSERT INTO creation_likes (creation_id, user_id) VALUES ($1, $2)', [newer, bob.user.id]);

      const body = await (await get('/api/user/get-user-creations', alice.token)).json();
      expect(body.success).toBe(true);
      const ids = body.creations.map((c: { id: string }) => c.id);
      expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
      expect(body.creations.every((c: { prompt: string }) => c.prompt !== 'bob private')).toBe(true);
      const liked = body.creations.find((c: { id: string }) => c.id === newer);
      expect(liked).toMatchObject({ type: 'image', publish: true, likes: [bob.user.id] });
      expect(typeof liked.created_at).toBe('string');
    });

    it('when the gallery is paged, then every published creation appears once, newest first, and private ones never', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 7; i++) {
        ids.push(await insertCreation(bob.user.id, { prompt: `page ${i}`, publish: true, created_at: `2026-03-0${i + 1}T00:00:00Z` }));
      }
      const privateId = await insertCreation(bob.user.id, { prompt: 'hidden', publish: false });
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await get(`/api/user/get-published-creations?limit=3${cursor ? `&cursor=${cursor}` : ''}`, alice.token);
        const body = await res.json();
        expect(body.success).toBe(true);
        expect(body.creations.length).toBeLessThanOrEqual(3);
        seen.push(...body.creations.map((c: { id: string }) => c.id));
        cursor = body.nextCursor;
        pages++;
      } while (cursor && pages < 10);
      expect(new Set(seen).size).toBe(seen.length);
      for (const id of ids) expect(seen).toContain(id);
      expect(seen).not.toContain(privateId);
      const mine = seen.filter((id) => ids.includes(id));
      expect(mine).toEqual([...ids].reverse());
    });

    it('when the page query is wrong, then a 400 says what to fix', async () => {
      const tooMany = await get('/api/user/get-published-creations?limit=5000', alice.token);
      expect(tooMany.status).toBe(400);
      expect((await tooMany.json()).message).toMatch(/at most 100/);
      const badCursor = await get('/api/user/get-published-creations?cursor=not-a-cursor', alice.token);
      expect(badCursor.status).toBe(400);
    });
  });

  describe('likes', () => {
    it('when a user toggles a like twice, then it is liked then unliked with the spec’s messages', async () => {
      const id = await insertCreation(alice.user.id, { publish: true });
      const first = await post('/api/user/toggle-like-creation', { id }, bob.token);
      expect(await first.json()).toEqual({ success: true, message: 'Creation Liked' });
      const second = await post('/api/user/toggle-like-creation', { id }, bob.token);
      expect(await second.json()).toEqual({ success: true, message: 'Creation Unliked' });
    });

    it('when 30 toggles race, then the final state matches their count and no duplicate rows exist', async () => {
      const id = await insertCreation(alice.user.id, { publish: true });
      const replies = await Promise.all(Array.from({ length: 30 }, () => post('/api/user/toggle-like-creation', { id }, bob.token).then((r) => r.json())));
      const liked = replies.filter((r) => r.message === 'Creation Liked').length;
      const unliked = replies.filter((r) => r.message === 'Creation Unliked').length;
      expect(liked + unliked).toBe(30);
      expect(liked).toBe(15);
      const { rows } = await db.query('SELECT count(*)::int AS n FROM creation_likes WHERE creation_id = $1', [id]);
      expect(rows[0].n).toBe(0);
    });

    it('when the id is unknown, unpublished (another user’s private creation) or malformed, then the reply says so', async () => {
      const privateId = await insertCreation(alice.user.id, { publish: false });
      for (const id of [privateId, '00000000-0000-4000-8000-000000000000']) {
        const res = await post('/api/user/toggle-like-creation', { id }, bob.token);
        expect(res.status).toBe(404);
        expect((await res.json()).success).toBe(false);
      }
      const { rows } = await db.query('SELECT count(*)::int AS n FROM creation_likes WHERE creation_id = $1', [privateId]);
      expect(rows[0].n).toBe(0);

      const malformed = await post('/api/user/toggle-like-creation', { id: 42 }, bob.token);
      expect(malformed.status).toBe(400);
      const notUuid = await post('/api/user/toggle-like-creation', { id: 'abc' }, bob.token);
      expect(notUuid.status).toBe(400);
      expect((await notUuid.json()).message).toBe('That creation id is not valid.');
      const brokenJson = await post('/api/user/toggle-like-creation', '{"id": ', bob.token);
      expect(brokenJson.status).toBe(400);
      expect(await brokenJson.json()).toEqual({ success: false, message: 'The request body is not valid JSON.', code: 'bad_request' });
    });
  });

  describe('usage, config and newsletter', () => {
    it('when a free user asks for usage, then each tool shows used and the plan limit', async () => {
      const body = await (await get('/api/user/usage', bob.token)).json();
      expect(body).toMatchObject({ success: true, plan: 'free' });
      expect(body.period).toMatch(/^\d{4}-\d{2}$/);
      expect(body.tools.article).toEqual({ used: 0, reserved: 0, limit: 10 });
      expect(Object.keys(body.tools).sort()).toEqual(['article', 'blog-title', 'generate-image', 'remove-background', 'remove-object', 'resume-review']);
      const premium = await (await get('/api/user/usage', alice.token)).json();
      expect(premium.tools.article.limit).toBeNull();
    });

    it('when the web asks for config, then plans and the auth mode come back without a token', async () => {
      const body = await (await get('/api/config')).json();
      expect(body.auth.mode).toBe('local');
      expect(body.plans.map((p: { name: string }) => p.name)).toEqual(['Free', 'Premium']);
      expect(body.plans.filter((p: { popular: boolean }) => p.popular)).toHaveLength(1);
    });

    it('when someone subscribes, then the e-mail is stored once; a bad address gets a 400', async () => {
      const ok = await post('/api/newsletter', { email: ' Reader@Example.com ' });
      expect(await ok.json()).toEqual({ success: true, message: 'Thanks for subscribing!' });
      await post('/api/newsletter', { email: 'reader@example.com' });
      const { rows } = await db.query("SELECT count(*)::int AS n FROM newsletter_subscribers WHERE email = 'reader@example.com'");
      expect(rows[0].n).toBe(1);
      const bad = await post('/api/newsletter', { email: 'not-an-email' });
      expect(bad.status).toBe(400);
      expect((await bad.json()).message).toBe('Enter a valid e-mail address.');
    });

    it.runIf(Boolean(optionalRedisUrl()))('when the queue dashboard (BullMQ mode) is opened, then only administrators get in', async () => {
      expect((await get('/admin/queues')).status).toBe(401);
      expect((await get('/admin/queues', bob.token)).status).toBe(403);
      const admin = await get('/admin/queues', alice.token);
      expect(admin.status).toBe(200);
      expect(admin.headers.get('content-type')).toContain('text/html');
    });

    it('when an unknown API route is called, then it is a JSON 404, and health answers', async () => {
      const res = await get('/api/nope', alice.token);
      expect(res.status).toBe(404);
      expect((await res.json()).success).toBe(false);
      expect((await get('/healthz')).status).toBe(200);
      const ready = await (await get('/readyz')).json();
      expect(ready.checks.postgres).toBe('ok');
    });
  });
});
