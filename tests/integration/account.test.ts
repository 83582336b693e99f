/**
 * The own-account API on a real Postgres and the app's real storage: change the e-mail (password
 * re-entered), export everything as a zip, delete the account and leave nothing behind.
 */
import { strFromU8, unzipSync } from 'fflate';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectStorage } from '@craftwell/storage/object-storage';
import { serviceUrl } from '../support/services.js';
import { authed, signUp, type TestApp } from '../support/app.js';
import { insertImageCreation, insertTextCreation, tinyPng } from '../support/creations.js';
import { startAppWithStorage, stopAppWithStorage } from '../support/app-with-storage.js';

const postgresUrl = serviceUrl('postgres');
const PASSWORD = 'correct horse battery';

describe.skipIf(!postgresUrl)('own account', () => {
  let app: TestApp;
  let db: pg.Pool;
  let storage: ObjectStorage;

  const send = (method: string, path: string, token: string | undefined, body?: unknown) =>
    fetch(`${app.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? authed(token) : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const signIn = (email: string, password = PASSWORD) => send('POST', '/api/auth/sign-in/email', undefined, { email, password });

  async function uploadAvatar(token: string) {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await tinyPng({ r: 0, g: 90, b: 200 }))], { type: 'image/png' }), 'me.png');
    const res = await fetch(`${app.url}/api/user/avatar`, { method: 'POST', headers: authed(token), body: form });
    expect(res.status).toBe(200);
    return storage.keyFromUrl((await res.json()).content)!;
  }

  async function allKeys(): Promise<string[]> {
    const keys: string[] = [];
    for (const prefix of ['results/', 'uploads/']) for await (const info of storage.list(prefix)) keys.push(info.key);
    return keys;
  }

  beforeAll(async () => {
    ({ app, db, storage } = await startAppWithStorage(postgresUrl!));
    await signUp(app.url, { name: 'First Admin' });
  });
  afterAll(() => stopAppWithStorage(app, db));

  describe('change e-mail', () => {
    it('when the password is wrong, the address taken or invalid, then it says why and nothing changes', async () => {
      const dana = await signUp(app.url, { name: 'Dana' });
      const other = await signUp(app.url, { name: 'Other' });
      const cases: Array<[unknown, number, string]> = [
        [{ newEmail: 'dana.new@example.com', currentPassword: 'not my password' }, 400, 'Your current password is not correct.'],
        [{ newEmail: 'dana.new@example.com' }, 400, 'Enter your current password.'],
        [{ newEmail: 'not-an-address', currentPassword: PASSWORD }, 400, 'Enter a valid e-mail address.'],
        [{ newEmail: other.email.toUpperCase(), currentPassword: PASSWORD }, 409, 'An account with this e-mail already exists.'],
        [{ newEmail: dana.email, currentPassword: PASSWORD }, 400, 'That is already your e-mail address.'],
      ];
      for (const [body, status, message] of cases) {
        const res = await send('POST', '/api/account/email', dana.token, body);
        expect(res.status, JSON.stringify(body)).toBe(status);
        expect((await res.json()).message).toBe(message);
      }
      const { rows } = await db.query('SELECT email FROM users WHERE id = $1', [dana.user.id]);
      expect(rows[0].email).toBe(dana.email);
    });

    it('when the password is right, then the new address signs in and the old one no longer does', async () => {
      const erin = await signUp(app.url, { name: 'Erin' });
      const newEmail = `erin.${Date.now()}@Example.com`;
      const res = await send('POST', '/api/account/email', erin.token, { newEmail, currentPassword: PASSWORD });
      expect(await res.json()).toEqual({ success: true, message: 'E-mail address changed', email: newEmail.toLowerCase() });
      expect((await signIn(newEmail.toLowerCase())).status).toBe(200);
      expect((await signIn(erin.email)).status).toBe(401);
      const me = await (await send('GET', '/api/me', erin.token)).json();
      expect(me.user.email).toBe(newEmail.toLowerCase());
    });
  });

  describe('export and delete', () => {
    let carol: Awaited<ReturnType<typeof signUp>>;
    let bob: Awaited<ReturnType<typeof signUp>>;
    let image: { id: string; key: string };
    let articleId: string;
    let avatarKey: string;
    let bobImage: { id: string; key: string };

    beforeAll(async () => {
      carol = await signUp(app.url, { name: 'Carol Leaving' });
      bob = await signUp(app.url, { name: 'Bob Staying' });
      avatarKey = await uploadAvatar(carol.token);
      image = await insertImageCreation(db, storage, carol.user.id, { publish: true });
      articleId = await insertTextCreation(db, carol.user.id);
      bobImage = await insertImageCreation(db, storage, bob.user.id, { publish: true });
      await db.query('INSERT INTO creation_likes (creation_id, user_id) VALUES ($1, $2), ($3, $4)', [bobImage.id, carol.user.id, image.id, bob.user.id]);
      await db.query(`INSERT INTO usage_counters (user_id, tool, period, used) VALUES ($1, 'article', '2026-11', 3)`, [carol.user.id]);
      await db.query(`INSERT INTO usage_reservations (job_id, user_id, tool, period) VALUES ('job-carol', $1, 'article', '2026-11')`, [carol.user.id]);
    });

    it('when exporting, then a zip holds every file and an account.json listing account, creations, likes and usage', async () => {
      const res = await send('GET', '/api/account/export', carol.token);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/zip');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="craftwell-export-\d{4}-\d{2}-\d{2}\.zip"$/);
      const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
      expect(Object.keys(files).sort()).toEqual(['account.json', `files/${image.id}.png`, `texts/${articleId}.md`].sort());
      expect(Buffer.from(files[`files/${image.id}.png`]).equals(await storage.getBuffer(image.key))).toBe(true);
      expect(strFromU8(files[`texts/${articleId}.md`])).toContain('Small **worlds** between the rocks.');
      const doc = JSON.parse(strFromU8(files['account.json']));
      expect(doc.account).toMatchObject({ id: carol.user.id, name: 'Carol Leaving', email: carol.email, plan: 'free' });
      expect(doc.creations.map((c: { id: string }) => c.id).sort()).toEqual([image.id, articleId].sort());
      expect(doc.creations.find((c: { id: string }) => c.id === image.id)).toMatchObject({ type: 'image', published: true, file: `files/${image.id}.png` });
      expect(doc.likes_given).toEqual([expect.objectContaining({ creation_id: bobImage.id })]);
      expect(doc.usage).toEqual([{ tool: 'article', period: '2026-11', used: 3 }]);
      // Nobody else's data is in it.
      expect(JSON.stringify(doc)).not.toContain(bob.user.id);
      expect((await send('GET', '/api/account/export', undefined)).status).toBe(401);
    });

    it('when the confirmation or the password is wrong, then the account stays', async () => {
      for (const [body, message] of [
        [{ confirm: 'delete', currentPassword: PASSWORD }, 'Type DELETE to confirm.'],
        [{ confirm: 'DELETE' }, 'Enter your current password.'],
        [{ confirm: 'DELETE', currentPassword: 'wrong password!' }, 'Your current password is not correct.'],
      ] as const) {
        const res = await send('DELETE', '/api/account', carol.token, body);
        expect(res.status).toBe(400);
        expect((await res.json()).message).toBe(message);
      }
      expect((await send('GET', '/api/me', carol.token)).status).toBe(200);
    });

    it('when the account is deleted, then no row of any table and no stored object of it remain, and others keep theirs', async () => {
      const keysBefore = await allKeys();
      expect(keysBefore).toEqual(expect.arrayContaining([image.key, avatarKey, bobImage.key]));

      const res = await send('DELETE', '/api/account', carol.token, { confirm: 'DELETE', currentPassword: PASSWORD });
      expect(await res.json()).toEqual({ success: true, message: 'Your account and everything in it have been deleted.' });

      // Every text-like column of every table: no value is Carol's id or e-mail.
      const { rows: columns } = await db.query(
        `SELECT table_name, column_name FROM information_schema.columns
          WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'uuid', 'jsonb')`,
      );
      expect(columns.length).toBeGreaterThan(10);
      const leftovers: string[] = [];
      for (const { table_name: table, column_name: column } of columns) {
        const { rows } = await db.query(
          `SELECT count(*)::int AS n FROM "${table}" WHERE "${column}"::text LIKE '%' || $1 || '%' OR "${column}"::text ILIKE '%' || $2 || '%'`,
          [carol.user.id, carol.email],
        );
        if (rows[0].n > 0) leftovers.push(`${table}.${column}: ${rows[0].n}`);
      }
      expect(leftovers).toEqual([]);

      const keysAfter = await allKeys();
      expect(keysAfter).not.toContain(image.key);
      expect(keysAfter).not.toContain(avatarKey);
      expect(keysAfter.sort()).toEqual(keysBefore.filter((k) => k !== image.key && k !== avatarKey).sort());

      expect((await send('GET', '/api/me', carol.token)).status).toBe(401);
      expect((await signIn(carol.email)).status).toBe(401);
      // Bob keeps his creation; Carol's like on it is gone.
      const { rows } = await db.query('SELECT count(*)::int AS n FROM creation_likes WHERE creation_id = $1', [bobImage.id]);
      expect(rows[0].n).toBe(0);
      expect(await storage.stat(bobImage.key)).not.toBeNull();
      expect((await send('GET', '/api/me', bob.token)).status).toBe(200);
    });
  });
});
