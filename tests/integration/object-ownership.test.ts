/**
 * Stored objects belong to the user who made them: a profile picture can only point at the
 * user's own uploaded picture, and replacing a picture deletes the old object only when the
 * caller owns it.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newObjectKey } from '@craftwell/storage/keys';
import { serviceUrl } from '../support/services.js';
import { authed, signUp, startTestApp, type TestApp } from '../support/app.js';

const postgresUrl = serviceUrl('postgres');

async function uploadAvatar(baseUrl: string, token: string): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366ff' } }).png().toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
  const res = await fetch(`${baseUrl}/api/user/avatar`, { method: 'POST', headers: authed(token), body: form });
  const body = await res.json();
  if (!body.success) throw new Error(`avatar upload failed: ${JSON.stringify(body)}`);
  return body.content as string;
}

function updateUser(baseUrl: string, token: string, body: Record<string, unknown>) {
  return fetch(`${baseUrl}/api/auth/update-user`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...authed(token) }, body: JSON.stringify(body),
  });
}

describe.skipIf(!postgresUrl)('stored object ownership', () => {
  let app: TestApp;
  let db: pg.Client;
  const objectPath = (key: string) => path.join(app.dataDir, 'objects', key);

  beforeAll(async () => {
    app = await startTestApp({ postgresUrl: postgresUrl! });
    db = await app.sql();
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
  });

  /** A result image of `userId` as the worker stores it: an object plus the creation row naming it. */
  async function storeResult(userId: string, publish = true): Promise<{ key: string; url: string }> {
    const key = newObjectKey('results', 'png');
    fs.mkdirSync(path.dirname(objectPath(key)), { recursive: true });
    fs.writeFileSync(objectPath(key), await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer());
    const url = `/files/${key}`;
    await db.query("INSERT INTO creations (user_id, type, prompt, content, publish, object_key) VALUES ($1, 'image', 'a cat', $2, $4, $3)", [userId, url, key, publish]);
    return { key, url };
  }

  it('when user B points the profile picture at A’s result or avatar, then a 400 explains and nothing changes', async () => {
    const a = await signUp(app.url);
    const b = await signUp(app.url);
    const result = await storeResult(a.user.id);
    const aAvatar = await uploadAvatar(app.url, a.token);
    for (const image of [result.url, aAvatar, `${app.url}${aAvatar}`]) {
      const res = await updateUser(app.url, b.token, { image });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe('Choose a profile picture by uploading it; other images cannot be used.');
    }
    const me = await (await fetch(`${app.url}/api/me`, { headers: authed(b.token) })).json();
    expect(me.user.image).toBeNull();
  });

  it('when the image is a link to another site, then a 400 refuses it', async () => {
    const b = await signUp(app.url);
    const res = await updateUser(app.url, b.token, { image: 'https://images.example.com/me.png' });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Choose a profile picture by uploading it; other images cannot be used.');
  });

  it('when user B’s picture already names A’s result and B uploads a new one, then A’s file survives', async () => {
    const a = await signUp(app.url);
    const b = await signUp(app.url);
    const result = await storeResult(a.user.id);
    const aAvatar = await uploadAvatar(app.url, a.token);
    // An image set before ownership was checked (or written by any other path).
    await db.query('UPDATE users SET image = $2 WHERE id = $1', [b.user.id, result.url]);
    await uploadAvatar(app.url, b.token);
    expect(fs.existsSync(objectPath(result.key))).toBe(true);
    await db.query('UPDATE users SET image = $2 WHERE id = $1', [b.user.id, aAvatar]);
    await uploadAvatar(app.url, b.token);
    expect(fs.existsSync(objectPath(aAvatar.replace('/files/', '')))).toBe(true);
    expect((await fetch(`${app.url}${aAvatar}`)).status).toBe(200);
  });

  it('when a user replaces or clears their own picture, then the old object is deleted and name changes still work', async () => {
    const a = await signUp(app.url);
    const first = await uploadAvatar(app.url, a.token);
    const keep = await updateUser(app.url, a.token, { image: first, name: 'Ada' });
    expect(keep.status).toBe(200);
    const second = await uploadAvatar(app.url, a.token);
    expect(fs.existsSync(objectPath(first.replace('/files/', '')))).toBe(false);
    expect(fs.existsSync(objectPath(second.replace('/files/', '')))).toBe(true);
    const cleared = await updateUser(app.url, a.token, { image: null });
    expect(cleared.status).toBe(200);
    const me = await (await fetch(`${app.url}/api/me`, { headers: authed(a.token) })).json();
    expect(me.user).toMatchObject({ name: 'Ada', image: null });
  });

  /** Signs in over HTTP as a browser does and returns the session cookie it set. */
  async function sessionCookie(email: string): Promise<string> {
    const res = await fetch(`${app.url}/api/auth/sign-in/email`, {
      method: 'POST', headers: { 'content-type': 'application/json', origin: app.url },
      body: JSON.stringify({ email, password: 'correct horse battery' }),
    });
    expect(res.status).toBe(200);
    return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  }

  it('when B sends a bearer that does not resolve along with its cookie, then 401 and nothing changes; B’s account deletion leaves A’s file', async () => {
    const a = await signUp(app.url);
    const b = await signUp(app.url);
    const result = await storeResult(a.user.id, false);
    const cookie = await sessionCookie(b.email);
    for (const authorization of ['Bearer a.b', 'Bearer x', 'Basic Zm9vOmJhcg==']) {
      const res = await fetch(`${app.url}/api/auth/update-user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization, cookie, origin: app.url },
        body: JSON.stringify({ image: result.url }),
      });
      expect(res.status).toBe(401);
    }
    // The cookie alone still works for better-auth's own calls (the browser's sign-in flow).
    const viaCookie = await fetch(`${app.url}/api/auth/get-session`, { headers: { cookie, origin: app.url } });
    expect((await viaCookie.json())?.user?.id).toBe(b.user.id);
    const me = await (await fetch(`${app.url}/api/me`, { headers: authed(b.token) })).json();
    expect(me.user.image).toBeNull();
    const gone = await fetch(`${app.url}/api/account`, {
      method: 'DELETE', headers: { 'content-type': 'application/json', ...authed(b.token) },
      body: JSON.stringify({ confirm: 'DELETE', currentPassword: 'correct horse battery' }),
    });
    expect(gone.status).toBe(200);
    expect(fs.existsSync(objectPath(result.key))).toBe(true);
    expect((await fetch(`${app.url}${result.url}`)).status).toBe(200);
  });

  it('when B’s picture names A’s objects by any path and B deletes the account or a creation, then only B’s own objects go', async () => {
    const a = await signUp(app.url);
    const b = await signUp(app.url);
    const result = await storeResult(a.user.id, false);
    const aAvatar = await uploadAvatar(app.url, a.token);
    const bAvatar = await uploadAvatar(app.url, b.token);
    const bResult = await storeResult(b.user.id, false);
    // users.image written by a path that skipped every check: the sink must still refuse.
    await db.query('UPDATE users SET image = $2 WHERE id = $1', [b.user.id, result.url]);
    const gone = await fetch(`${app.url}/api/account`, {
      method: 'DELETE', headers: { 'content-type': 'application/json', ...authed(b.token) },
      body: JSON.stringify({ confirm: 'DELETE', currentPassword: 'correct horse battery' }),
    });
    expect(gone.status).toBe(200);
    expect(fs.existsSync(objectPath(result.key))).toBe(true);
    expect(fs.existsSync(objectPath(aAvatar.replace('/files/', '')))).toBe(true);
    expect(fs.existsSync(objectPath(bAvatar.replace('/files/', '')))).toBe(false);
    expect(fs.existsSync(objectPath(bResult.key))).toBe(false);
  });

  it('when a result is unpublished, then /files keeps it out of shared caches; published, it may be cached publicly', async () => {
    const a = await signUp(app.url);
    const hidden = await storeResult(a.user.id, false);
    const shown = await storeResult(a.user.id, true);
    const avatar = await uploadAvatar(app.url, a.token);
    for (const url of [hidden.url, avatar]) {
      const cacheControl = (await fetch(`${app.url}${url}`)).headers.get('cache-control') ?? '';
      expect(cacheControl).toMatch(/^private\b/);
      expect(cacheControl).not.toContain('public');
    }
    expect((await fetch(`${app.url}${shown.url}`)).headers.get('cache-control')).toMatch(/^public\b/);
  });
});
