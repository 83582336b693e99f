/**
 * Managing one's creations over HTTP on a real Postgres and the app's real storage: delete (row,
 * likes and stored object), unpublish, download as PNG / Markdown / Word; owners only.
 */
import { unzipSync, strFromU8 } from 'fflate';
import type pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectStorage } from '@craftwell/storage/object-storage';
import { serviceUrl } from '../support/services.js';
import { authed, signUp, type TestApp } from '../support/app.js';
import { insertImageCreation, insertTextCreation } from '../support/creations.js';
import { startAppWithStorage, stopAppWithStorage } from '../support/app-with-storage.js';

const postgresUrl = serviceUrl('postgres');

describe.skipIf(!postgresUrl)('managing creations', () => {
  let app: TestApp;
  let db: pg.Pool;
  let storage: ObjectStorage;
  let alice: Awaited<ReturnType<typeof signUp>>;
  let bob: Awaited<ReturnType<typeof signUp>>;

  const call = (method: string, path: string, token?: string) => fetch(`${app.url}${path}`, { method, headers: token ? authed(token) : {} });

  beforeAll(async () => {
    ({ app, db, storage } = await startAppWithStorage(postgresUrl!));
    alice = await signUp(app.url, { name: 'Alice' });
    bob = await signUp(app.url, { name: 'Bob' });
  });
  afterAll(() => stopAppWithStorage(app, db));

  it('when the owner deletes an image creation, then its row, its likes and its stored file are gone', async () => {
    const { id, key } = await insertImageCreation(db, storage, alice.user.id, { publish: true });
    await db.query('INSERT INTO creation_likes (creation_id, user_id) VALUES ($1, $2)', [id, bob.user.id]);
    expect(await storage.stat(key)).not.toBeNull();

    const res = await call('DELETE', `/api/creations/${id}`, alice.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: 'Creation deleted' });
    expect((await db.query('SELECT 1 FROM creations WHERE id = $1', [id])).rowCount).toBe(0);
    expect((await db.query('SELECT 1 FROM creation_likes WHERE creation_id = $1', [id])).rowCount).toBe(0);
    expect(await storage.stat(key)).toBeNull();
    expect((await call('DELETE', `/api/creations/${id}`, alice.token)).status).toBe(404);
  });

  it('when someone else tries to delete, unpublish or download it, then it is 404 and nothing changes', async () => {
    const { id, key } = await insertImageCreation(db, storage, alice.user.id, { publish: true });
    for (const [method, path] of [['DELETE', `/api/creations/${id}`], ['POST', `/api/creations/${id}/unpublish`], ['GET', `/api/creations/${id}/download`]]) {
      const res = await call(method, path, bob.token);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await res.json()).message).toBe('That creation does not exist or is not yours.');
      expect((await call(method, path)).status, `${method} ${path} without a token`).toBe(401);
    }
    const { rows } = await db.query('SELECT publish FROM creations WHERE id = $1', [id]);
    expect(rows[0].publish).toBe(true);
    expect(await storage.stat(key)).not.toBeNull();
  });

  it('when an id is not a uuid, then a clear 400', async () => {
    const res = await call('DELETE', '/api/creations/not-a-uuid', alice.token);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('That creation id is not valid.');
  });

  it('when the owner unpublishes, then the gallery no longer lists it', async () => {
    const { id } = await insertImageCreation(db, storage, alice.user.id, { publish: true });
    const listed = async () => ((await (await call('GET', '/api/user/get-published-creations', bob.token)).json()).creations as { id: string }[]).some((c) => c.id === id);
    expect(await listed()).toBe(true);
    const res = await call('POST', `/api/creations/${id}/unpublish`, alice.token);
    expect(await res.json()).toEqual({ success: true, message: 'Removed from the community gallery' });
    expect(await listed()).toBe(false);
  });

  it('when the owner downloads an image, then the stored PNG comes back as an attachment', async () => {
    const { id, key } = await insertImageCreation(db, storage, alice.user.id, { prompt: 'Remove background from image' });
    const res = await call('GET', `/api/creations/${id}/download`, alice.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="background-removed-\d+\.png"$/);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(await storage.getBuffer(key))).toBe(true);
    expect((await sharp(body).metadata()).format).toBe('png');
    const wrong = await call('GET', `/api/creations/${id}/download?format=docx`, alice.token);
    expect(wrong.status).toBe(400);
  });

  it('when the owner downloads an article, then Markdown and a Word document with its words come back', async () => {
    const id = await insertTextCreation(db, alice.user.id);
    const md = await call('GET', `/api/creations/${id}/download?format=md`, alice.token);
    expect(md.headers.get('content-disposition')).toMatch(/^attachment; filename="article-tide_pools-\d+\.md"$/);
    expect(await md.text()).toContain('Small **worlds** between the rocks.');

    const docx = await call('GET', `/api/creations/${id}/download?format=docx`, alice.token);
    expect(docx.status).toBe(200);
    expect(docx.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(docx.headers.get('content-disposition')).toMatch(/filename="article-tide_pools-\d+\.docx"/);
    const files = unzipSync(new Uint8Array(await docx.arrayBuffer()));
    const xml = strFromU8(files['word/document.xml']);
    expect(xml).toContain('Tide pools');
    expect(xml).toContain('worlds');
    expect(xml).toContain('anemones');
    // "worlds" was bold in the markdown
    expect(xml).toMatch(/<w:b\/>.*worlds/s);
    const bad = await call('GET', `/api/creations/${id}/download?format=pdf`, alice.token);
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('format must be png, jpg, md or docx.');
  });
});
