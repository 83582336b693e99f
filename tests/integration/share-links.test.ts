/**
 * Share links over HTTP on a real Postgres and the app's real storage: the owner creates, lists
 * and revokes links; anyone with the token sees the creation read-only at /s/:token (noindex,
 * preview tags, no caching), its image streamed through the link; revoked or expired links and
 * deleted creations answer 410/404; passwords are limited per link; other users get 404.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectStorage } from '@craftwell/storage/object-storage';
import { serviceUrl } from '../support/services.js';
import { authed, signUp, type TestApp } from '../support/app.js';
import { insertImageCreation, insertTextCreation } from '../support/creations.js';
import { startAppWithStorage, stopAppWithStorage } from '../support/app-with-storage.js';

const postgresUrl = serviceUrl('postgres');

type Link = { id: string; url: string; expiresAt: string | null; hasPassword: boolean; createdAt: string };

describe.skipIf(!postgresUrl)('share links', () => {
  let app: TestApp;
  let db: pg.Pool;
  let storage: ObjectStorage;
  let alice: Awaited<ReturnType<typeof signUp>>;
  let bob: Awaited<ReturnType<typeof signUp>>;

  const api = (method: string, path: string, token?: string, body?: unknown) => fetch(`${app.url}${path}`, {
    method,
    headers: { ...(token ? authed(token) : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  /** The share page path of a link's url (the test server's own address). */
  const pathOf = (link: Link) => new URL(link.url).pathname;
  const share = async (creationId: string, body: Record<string, unknown> = {}, token = alice.token): Promise<Link> => {
    const res = await api('POST', `/api/creations/${creationId}/share-links`, token, body);
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
    const json = await res.json();
    expect(json.success).toBe(true);
    return json.content;
  };
  const postPassword = (path: string, password: string, headers: Record<string, string> = {}) => fetch(`${app.url}${path}`, {
    method: 'POST', redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url, ...headers },
    body: new URLSearchParams({ password }).toString(),
  });

  beforeAll(async () => {
    ({ app, db, storage } = await startAppWithStorage(postgresUrl!));
    alice = await signUp(app.url, { name: 'Alice' });
    bob = await signUp(app.url, { name: 'Bob' });
  });
  afterAll(() => stopAppWithStorage(app, db));

  it('when the owner shares a creation, then an unguessable url comes back, is listed, and only its digest is stored', async () => {
    const id = await insertTextCreation(db, alice.user.id);
    const link = await share(id, { expiresInDays: 7 });
    const token = pathOf(link).split('/')[2];
    expect(pathOf(link)).toMatch(/^\/s\/[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url').length).toBe(32);
    expect(link.hasPassword).toBe(false);
    expect(new Date(link.expiresAt!).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const { rows } = await db.query('SELECT token_hash FROM share_links WHERE id = $1', [link.id]);
    expect(rows[0].token_hash.length).toBe(32);
    expect(rows[0].token_hash.toString('base64url')).not.toBe(token);

    const list = await (await api('GET', '/api/share-links', alice.token)).json();
    expect(list.links.map((l: { id: string }) => l.id)).toContain(link.id);
    expect(JSON.stringify(list)).not.toContain(token);
    const bobs = await (await api('GET', '/api/share-links', bob.token)).json();
    expect(bobs.links).toEqual([]);
    expect((await api('GET', '/api/share-links')).status).toBe(401);
  });

  it('when the page is opened, then each type renders read-only, escaped, noindex, uncached, with preview tags', async () => {
    const hostile = '# Tide <script>alert(1)</script> pools\n\n<img src=x onerror=alert(2)> "quoted"';
    const cases = [
      { id: await insertTextCreation(db, alice.user.id, { content: hostile }), title: 'Tide &lt;script&gt;alert(1)&lt;/script&gt; pools' },
      { id: await insertTextCreation(db, alice.user.id, { type: 'blog-title', prompt: 'Generate a blog title for the keyword tide pools in the category Travel', content: '1. <b>Pools</b>\n2. Rocks' }), title: 'Blog titles' },
      { id: await insertTextCreation(db, alice.user.id, { type: 'resume-review', prompt: 'Review the uploaded resume', content: '## Strengths\n\nClear <i>layout</i>.' }), title: 'Resume review' },
    ];
    for (const { id, title } of cases) {
      const link = await share(id);
      const res = await fetch(`${app.url}${pathOf(link)}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-robots-tag')).toContain('noindex');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      const html = await res.text();
      expect(html).toContain('<meta name="robots" content="noindex');
      expect(html).toContain(`<meta property="og:title" content="${title}">`);
      expect(html).toMatch(/<meta property="og:description" content="[^"<>]+">/);
      expect(html).not.toMatch(/<script|<img src=x|<b>|<i>/i);
      const download = await fetch(`${app.url}${pathOf(link)}/file?download=1`);
      expect(download.headers.get('content-disposition')).toMatch(/^attachment/);
    }
  });

  it('when an unpublished image is shared, then the page shows it through the link, never by its stored address', async () => {
    const { id, key } = await insertImageCreation(db, storage, alice.user.id, { prompt: 'Generate an image of a fox in the style Realistic' });
    const link = await share(id);
    const html = await (await fetch(`${app.url}${pathOf(link)}`)).text();
    expect(html).toContain(`<meta property="og:image" content="${link.url}/file">`);
    expect(html).toContain(`<img src="${pathOf(link)}/file"`);
    expect(html).not.toContain(key);
    expect(html).not.toContain('/files/');
    const file = await fetch(`${app.url}${pathOf(link)}/file`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await file.arrayBuffer()).equals(await storage.getBuffer(key))).toBe(true);

    expect((await api('DELETE', `/api/share-links/${link.id}`, alice.token)).status).toBe(200);
    expect((await fetch(`${app.url}${pathOf(link)}/file`)).status).toBe(410);
  });

  it('when a link is revoked, expired or its creation deleted, then 410 (unknown tokens 404) with a plain page', async () => {
    const id = await insertTextCreation(db, alice.user.id);
    const revoked = await share(id);
    const res = await api('DELETE', `/api/share-links/${revoked.id}`, alice.token);
    expect(await res.json()).toEqual({ success: true, message: 'Share link revoked' });
    const gone = await fetch(`${app.url}${pathOf(revoked)}`);
    expect(gone.status).toBe(410);
    expect(gone.headers.get('x-robots-tag')).toContain('noindex');
    expect(await gone.text()).toContain('This share link has been revoked.');
    expect((await (await api('GET', '/api/share-links', alice.token)).json()).links.map((l: { id: string }) => l.id)).not.toContain(revoked.id);

    const expired = await share(id, { expiresInDays: 1 });
    await db.query("UPDATE share_links SET expires_at = now() - interval '1 second' WHERE id = $1", [expired.id]);
    const late = await fetch(`${app.url}${pathOf(expired)}`);
    expect(late.status).toBe(410);
    expect(await late.text()).toContain('This share link has expired.');

    const unknown = await fetch(`${app.url}/s/${'A'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect((await fetch(`${app.url}/s/not-a-token`)).status).toBe(404);

    const { id: imageId } = await insertImageCreation(db, storage, alice.user.id);
    const doomed = await share(imageId);
    expect((await fetch(`${app.url}${pathOf(doomed)}`)).status).toBe(200);
    expect((await api('DELETE', `/api/creations/${imageId}`, alice.token)).status).toBe(200);
    expect([404, 410]).toContain((await fetch(`${app.url}${pathOf(doomed)}`)).status);
    expect([404, 410]).toContain((await fetch(`${app.url}${pathOf(doomed)}/file`)).status);
    expect((await db.query('SELECT 1 FROM share_links WHERE id = $1', [doomed.id])).rowCount).toBe(0);
  });

  it('when the account is deleted, then its links end too', async () => {
    const carol = await signUp(app.url, { name: 'Carol' });
    const link = await share(await insertTextCreation(db, carol.user.id), {}, carol.token);
    expect((await fetch(`${app.url}${pathOf(link)}`)).status).toBe(200);
    const res = await api('DELETE', '/api/account', carol.token, { confirm: 'DELETE', currentPassword: 'correct horse battery' });
    expect(res.status).toBe(200);
    expect([404, 410]).toContain((await fetch(`${app.url}${pathOf(link)}`)).status);
    expect((await db.query('SELECT 1 FROM share_links WHERE id = $1', [link.id])).rowCount).toBe(0);
  });

  it('when the expiry is in the past, over a year away or both forms are given, then a clear 400', async () => {
    const id = await insertTextCreation(db, alice.user.id);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ expiresAt: new Date(Date.now() - 60_000).toISOString() }, 'The expiry must be in the future.'],
      [{ expiresInDays: 0 }, 'The expiry must be in the future.'],
      [{ expiresInDays: 366 }, 'A share link can last at most 365 days.'],
      [{ expiresAt: new Date(Date.now() + 400 * 86_400_000).toISOString() }, 'A share link can last at most 365 days.'],
      [{ expiresAt: new Date(Date.now() + 86_400_000).toISOString(), expiresInDays: 1 }, 'Give expiresAt or expiresInDays, not both.'],
    ];
    for (const [body, message] of cases) {
      const res = await api('POST', `/api/creations/${id}/share-links`, alice.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).message).toBe(message);
    }
    expect((await db.query('SELECT 1 FROM share_links WHERE creation_id = $1', [id])).rowCount).toBe(0);
  });

  it('when another user creates, lists or revokes links of someone else, then 404 and nothing changes', async () => {
    const id = await insertTextCreation(db, alice.user.id);
    const res = await api('POST', `/api/creations/${id}/share-links`, bob.token, {});
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe('That creation does not exist or is not yours.');
    const link = await share(id);
    const revoke = await api('DELETE', `/api/share-links/${link.id}`, bob.token);
    expect(revoke.status).toBe(404);
    expect((await revoke.json()).message).toBe('That share link does not exist or is not yours.');
    expect((await fetch(`${app.url}${pathOf(link)}`)).status).toBe(200);
    expect((await api('POST', `/api/creations/${id}/share-links`, undefined, {})).status).toBe(401);
  });

  it('when a link has a password, then a form; the right one opens it by a cookie for this link; repeated wrong ones are 429', async () => {
    const { id } = await insertImageCreation(db, storage, alice.user.id);
    const link = await share(id, { password: 'open sesame' });
    expect(link.hasPassword).toBe(true);
    const { rows } = await db.query('SELECT password_hash FROM share_links WHERE id = $1', [link.id]);
    expect(rows[0].password_hash).not.toContain('open sesame');

    const form = await fetch(`${app.url}${pathOf(link)}`);
    const formHtml = await form.text();
    expect(formHtml).toContain('type="password"');
    expect(formHtml).not.toContain('og:image');
    expect((await fetch(`${app.url}${pathOf(link)}/file`)).status).toBe(401);

    const crossSite = await postPassword(pathOf(link), 'open sesame', { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);

    const wrong = await postPassword(pathOf(link), 'nope');
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('That password is not right.');

    const right = await postPassword(pathOf(link), 'open sesame');
    expect(right.status).toBe(303);
    const setCookie = right.headers.get('set-cookie')!;
    expect(setCookie).toMatch(new RegExp(`Path=${pathOf(link)};`));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    const cookie = setCookie.split(';')[0];
    const open = await fetch(`${app.url}${pathOf(link)}`, { headers: { cookie } });
    expect(await open.text()).toContain(`<img src="${pathOf(link)}/file"`);
    expect((await fetch(`${app.url}${pathOf(link)}/file`, { headers: { cookie } })).status).toBe(200);
    // The cookie is bound to its link: another protected link does not open with it.
    const other = await share(id, { password: 'open sesame' });
    const otherToken = pathOf(other).split('/')[2];
    expect(await (await fetch(`${app.url}/s/${otherToken}`, { headers: { cookie } })).text()).toContain('type="password"');

    for (let i = 0; i < 8; i++) expect((await postPassword(pathOf(link), `guess ${i}`)).status).toBe(401);
    const limited = await postPassword(pathOf(link), 'open sesame');
    expect(limited.headers.get('retry-after')).toBe('900');
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain('Too many password attempts for this link.');
    // Counted per link: the other link still takes its password.
    expect((await postPassword(pathOf(other), 'open sesame')).status).toBe(303);
    // Once revoked, neither the cookie nor the password opens it.
    expect((await api('DELETE', `/api/share-links/${other.id}`, alice.token)).status).toBe(200);
    expect((await postPassword(pathOf(other), 'open sesame')).status).toBe(410);
  });
});
