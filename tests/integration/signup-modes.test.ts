/**
 * Sign-up modes an operator sets (SIGNUP_MODE open | invite | closed, SIGNUP_EMAIL_DOMAINS):
 * invite links from the admin api and the admin CLI, used once, until they expire; the first
 * administrator can always sign up, so a closed server can still be set up.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createPool } from '@craftwell/core/db/pool';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceUrl } from '../support/services.js';
import { authed, signUp, startTestApp, type TestApp } from '../support/app.js';

const postgresUrl = serviceUrl('postgres');
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PASSWORD = 'correct horse battery';

function signUpRaw(app: TestApp, body: Record<string, unknown>) {
  return fetch(`${app.url}/api/auth/sign-up/email`, {
    method: 'POST', headers: { 'content-type': 'application/json', origin: app.url },
    body: JSON.stringify({ name: 'Newcomer', password: PASSWORD, ...body }),
  });
}

const email = (domain = 'example.com') => `new-${Math.random().toString(36).slice(2, 10)}@${domain}`;

describe.skipIf(!postgresUrl)('sign-up by invite, with an e-mail domain allow-list', () => {
  let app: TestApp;
  let db: pg.Pool;
  let root: Awaited<ReturnType<typeof signUp>>;
  const send = (method: string, p: string, token: string, body?: unknown) => fetch(`${app.url}${p}`, {
    method, headers: { 'content-type': 'application/json', ...authed(token) }, body: body === undefined ? undefined : JSON.stringify(body),
  });

  beforeAll(async () => {
    app = await startTestApp({ postgresUrl: postgresUrl!, env: { SIGNUP_MODE: 'invite', SIGNUP_EMAIL_DOMAINS: 'example.com, @Example.org' } });
    db = createPool(app.database.url, 2);
    // The first account (the administrator) needs no invite.
    root = await signUp(app.url, { name: 'Root' });
  }, 300_000);

  afterAll(async () => {
    await db?.end();
    await app?.stop();
    delete process.env.SIGNUP_MODE;
    delete process.env.SIGNUP_EMAIL_DOMAINS;
  });

  it('when someone signs up without an invite or with a made-up one, then 403 says what to do and no account is made', async () => {
    const none = await signUpRaw(app, { email: email() });
    expect(none.status).toBe(403);
    expect((await none.json()).message).toBe('Sign-up on this server needs an invite link. Ask its administrator for one.');
    const madeUp = await signUpRaw(app, { email: email(), inviteCode: 'not-a-real-invite-code' });
    expect(madeUp.status).toBe(403);
    expect((await madeUp.json()).message).toBe('That invite link has been used or has expired. Ask the administrator for a new one.');
    expect((await db.query('SELECT count(*)::int AS n FROM users')).rows[0].n).toBe(1);
  });

  it('when an administrator makes an invite link, then it signs up one person, once', async () => {
    const made = await send('POST', '/api/admin/invites', root.token, { note: 'for Sam', expiresInDays: 3 });
    expect(made.status).toBe(201);
    const { code, path: link, invite } = await made.json();
    expect(link).toBe(`/?invite=${code}`);
    const samEmail = email();
    const sam = await signUpRaw(app, { email: samEmail, inviteCode: code });
    expect(sam.status).toBe(200);
    const samToken = (await sam.json()).token;
    const again = await signUpRaw(app, { email: email(), inviteCode: code });
    expect(again.status).toBe(403);
    const list = await (await send('GET', '/api/admin/invites', root.token)).json();
    expect(list.invites).toContainEqual(expect.objectContaining({ id: invite.id, note: 'for Sam', used_by_email: samEmail }));
    expect(JSON.stringify(list)).not.toContain(code);
    // Members cannot make invites.
    expect((await send('POST', '/api/admin/invites', samToken, {})).status).toBe(403);
  });

  it('when an invite has expired or was revoked, then it no longer signs anyone up', async () => {
    const expiring = await (await send('POST', '/api/admin/invites', root.token, {})).json();
    await db.query("UPDATE signup_invites SET expires_at = now() - interval '1 second' WHERE id = $1", [expiring.invite.id]);
    expect((await signUpRaw(app, { email: email(), inviteCode: expiring.code })).status).toBe(403);
    const revoked = await (await send('POST', '/api/admin/invites', root.token, {})).json();
    expect((await send('DELETE', `/api/admin/invites/${revoked.invite.id}`, root.token)).status).toBe(200);
    expect((await signUpRaw(app, { email: email(), inviteCode: revoked.code })).status).toBe(403);
  });

  it('when the e-mail is outside the allowed domains, then 403 names the domains, even with an invite', async () => {
    const { code } = await (await send('POST', '/api/admin/invites', root.token, {})).json();
    const res = await signUpRaw(app, { email: email('elsewhere.net'), inviteCode: code });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe('Sign up with an e-mail address at example.com or example.org.');
    expect((await signUpRaw(app, { email: email('EXAMPLE.org'), inviteCode: code })).status).toBe(200);
  });

  it('when the operator runs `npm run admin -- create-invite`, then it prints a link that signs one person up', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api/src/cli/admin.ts'), 'create-invite', '2', 'from', 'the', 'CLI'], {
      cwd: ROOT, env: { ...process.env, ...app.env, PUBLIC_URL: 'https://craft.example' }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => { out += d; });
    child.stderr.setEncoding('utf8').on('data', (d: string) => { out += d; });
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(code, out).toBe(0);
    const invite = /https:\/\/craft\.example\/\?invite=([A-Za-z0-9_-]+)/.exec(out)?.[1];
    expect(invite, out).toBeTruthy();
    expect((await signUpRaw(app, { email: email(), inviteCode: invite })).status).toBe(200);
    const { rows } = await db.query("SELECT note FROM signup_invites WHERE note = 'from the CLI' AND used_at IS NOT NULL");
    expect(rows).toHaveLength(1);
  }, 180_000);
});

describe.skipIf(!postgresUrl)('closed sign-up', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ postgresUrl: postgresUrl!, env: { SIGNUP_MODE: 'closed' } });
  }, 300_000);

  afterAll(async () => {
    await app?.stop();
    delete process.env.SIGNUP_MODE;
  });

  it('when the server is closed, then only the first administrator can sign up', async () => {
    const root = await signUp(app.url, { name: 'Root' });
    const me = await (await fetch(`${app.url}/api/me`, { headers: authed(root.token) })).json();
    expect(me.user.isAdmin).toBe(true);
    const res = await signUpRaw(app, { email: email() });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe('Sign-up is closed on this server. Ask its administrator for an account.');
  });
});
