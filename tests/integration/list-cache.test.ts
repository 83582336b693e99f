/**
 * List pages are served from short-lived copies (api/src/modules/users/list-cache.ts): every
 * change drops them, whoever writes it (a worker, another replica, plain SQL) through Postgres'
 * change notices, and the api's own writes before they reply. Replies carry an ETag; a client
 * that sends it back gets 304.
 */
import pg from 'pg';
import { createPool } from '@craftwell/core/db/pool';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionalRedisUrl, serviceUrl } from '../support/services.js';
import { authed, signUp, startTestApp, type TestApp } from '../support/app.js';

const postgresUrl = serviceUrl('postgres');

interface ListItem { id: string; likes: string[]; publish: boolean }

describe.skipIf(!postgresUrl)('cached list pages', () => {
  let app: TestApp;
  let db: pg.Pool;
  let gina: Awaited<ReturnType<typeof signUp>>;
  let hugo: Awaited<ReturnType<typeof signUp>>;
  const list = async (path: string, token: string): Promise<ListItem[]> => {
    const res = await fetch(`${app.url}${path}`, { headers: authed(token) });
    expect(res.status).toBe(200);
    return (await res.json()).creations;
  };
  const gallery = (token: string) => list('/api/user/get-published-creations?limit=10', token);
  const own = (token: string) => list('/api/user/get-user-creations?limit=10', token);

  /** What a worker does: a row written by another process, straight into Postgres. */
  async function insertElsewhere(userId: string, publish: boolean): Promise<string> {
    const { rows } = await db.query(
      `INSERT INTO creations (user_id, type, prompt, content, publish) VALUES ($1, 'image', 'a cat', 'https://example.com/cat.png', $2) RETURNING id`,
      [userId, publish],
    );
    return rows[0].id;
  }

  /** Postgres' notice travels on its own connection: give it a moment, well under the copies' 5 s. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

  beforeAll(async () => {
    app = await startTestApp({ postgresUrl: postgresUrl!, redisUrl: optionalRedisUrl() });
    db = createPool(app.database.url, 2);
    gina = await signUp(app.url, { name: 'Gina' });
    hugo = await signUp(app.url, { name: 'Hugo' });
  });

  afterAll(async () => {
    await db?.end();
    await app?.stop();
  });

  it('when another process publishes or changes a creation, then the next read of the gallery and of the owner’s list shows it', async () => {
    const before = await gallery(hugo.token);
    expect(await own(gina.token)).toEqual([]);
    const id = await insertElsewhere(gina.user.id, true);
    await settle();
    expect((await gallery(hugo.token)).map((c) => c.id)).toEqual([id, ...before.map((c) => c.id)]);
    expect((await own(gina.token)).map((c) => c.id)).toEqual([id]);

    await db.query('UPDATE creations SET publish = false WHERE id = $1', [id]);
    await settle();
    expect((await gallery(hugo.token)).map((c) => c.id)).not.toContain(id);
    expect((await own(gina.token))[0]).toMatchObject({ id, publish: false });

    await db.query('DELETE FROM creations WHERE id = $1', [id]);
    await settle();
    expect(await own(gina.token)).toEqual([]);
  });

  it('when a user likes a creation, then their next gallery read shows the like and the owner’s list shows it too', async () => {
    const id = await insertElsewhere(gina.user.id, true);
    await settle();
    expect((await gallery(hugo.token))[0]).toMatchObject({ id, likes: [] });
    expect((await own(gina.token))[0]).toMatchObject({ id, likes: [] });
    const liked = await fetch(`${app.url}/api/user/toggle-like-creation`, {
      method: 'POST', headers: { 'content-type': 'application/json', ...authed(hugo.token) }, body: JSON.stringify({ id }),
    });
    expect(liked.status).toBe(200);
    // No wait: the api drops the gallery's copies before it replies (Postgres' notice follows).
    expect((await gallery(hugo.token))[0]).toMatchObject({ id, likes: [hugo.user.id] });
    await settle();
    expect((await own(gina.token))[0]).toMatchObject({ id, likes: [hugo.user.id] });
  });

  it('when the owner unpublishes or deletes through the api, then the very next gallery read no longer has it', async () => {
    const id = await insertElsewhere(gina.user.id, true);
    await settle();
    expect((await gallery(hugo.token)).map((c) => c.id)).toContain(id);
    const unpublished = await fetch(`${app.url}/api/creations/${id}/unpublish`, { method: 'POST', headers: authed(gina.token) });
    expect(unpublished.status).toBe(200);
    expect((await gallery(hugo.token)).map((c) => c.id)).not.toContain(id);
    expect((await own(gina.token)).find((c) => c.id === id)).toMatchObject({ publish: false });
    const deleted = await fetch(`${app.url}/api/creations/${id}`, { method: 'DELETE', headers: authed(gina.token) });
    expect(deleted.status).toBe(200);
    expect((await own(gina.token)).map((c) => c.id)).not.toContain(id);
  });

  it('when a client sends back the ETag of the page it has, then an unchanged page answers 304 and a changed one 200', async () => {
    const url = `${app.url}/api/user/get-published-creations?limit=10`;
    const first = await fetch(url, { headers: authed(hugo.token) });
    const etag = first.headers.get('etag');
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    expect(etag).toMatch(/^W\/"/);
    // fetch() adds "Cache-Control: no-cache" to a conditional request unless told otherwise.
    const revalidate = authed(hugo.token, { 'if-none-match': etag!, 'cache-control': 'max-age=0' });
    const again = await fetch(url, { headers: revalidate });
    expect(again.status).toBe(304);
    await insertElsewhere(gina.user.id, true);
    await settle();
    const changed = await fetch(url, { headers: revalidate });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('when a cursor is not valid, then the reply is 400 every time (errors are not kept)', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${app.url}/api/user/get-published-creations?cursor=bm90LWEtY3Vyc29y`, { headers: authed(hugo.token) });
      expect(res.status).toBe(400);
    }
  });
});
