/**
 * The admin api on a real Postgres and queue: administrators only; accounts with plan and this
 * month's usage; plan changes; disabling (sessions end, sign-in and data calls refused with a
 * clear 403); the queue's counts and failures; the gallery with unpublish; the audit log.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentPeriod } from '@craftwell/core/period';
import type { ObjectStorage } from '@craftwell/storage/object-storage';
import { serviceUrl } from '../support/services.js';
import { authed, signUp, type TestApp } from '../support/app.js';
import { insertImageCreation } from '../support/creations.js';
import { startAppWithStorage, stopAppWithStorage } from '../support/app-with-storage.js';

const postgresUrl = serviceUrl('postgres');
const PASSWORD = 'correct horse battery';
const DISABLED = 'This account has been disabled by an administrator. Contact your administrator to get access again.';

describe.skipIf(!postgresUrl)('admin api', () => {
  let app: TestApp;
  let db: pg.Pool;
  let storage: ObjectStorage;
  let root: Awaited<ReturnType<typeof signUp>>;
  let bob: Awaited<ReturnType<typeof signUp>>;

  const send = (method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${app.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? authed(token) : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const signIn = (email: string, userAgent = 'admin-test-agent/1.0') =>
    send('POST', '/api/auth/sign-in/email', undefined, { email, password: PASSWORD }, { 'user-agent': userAgent });

  beforeAll(async () => {
    ({ app, db, storage } = await startAppWithStorage(postgresUrl!));
    root = await signUp(app.url, { name: 'Root Admin' });
    bob = await signUp(app.url, { name: 'Bob Member' });
  });
  afterAll(() => stopAppWithStorage(app, db));

  it('when someone who is not an administrator calls any admin route, then it is 403 with a message', async () => {
    const routes: Array<[string, string]> = [
      ['GET', '/api/admin/users'], ['POST', `/api/admin/users/${root.user.id}/plan`], ['POST', `/api/admin/users/${root.user.id}/disabled`],
      ['GET', '/api/admin/queue'], ['GET', '/api/admin/gallery'], ['POST', '/api/admin/creations/00000000-0000-0000-0000-000000000000/unpublish'], ['GET', '/api/admin/audit'],
    ];
    for (const [method, path] of routes) {
      const res = await send(method, path, bob.token, method === 'POST' ? { plan: 'premium', disabled: true } : undefined);
      expect(res.status, path).toBe(403);
      expect(await res.json()).toEqual({ success: false, message: 'Only administrators can do this.', code: 'forbidden' });
      expect((await send(method, path)).status, `${path} without a token`).toBe(401);
    }
    expect((await db.query('SELECT plan FROM users WHERE id = $1', [root.user.id])).rows[0].plan).toBe('premium');
  });

  it('when listing accounts, then each shows its plan, state and usage per tool this month', async () => {
    await db.query(`INSERT INTO usage_counters (user_id, tool, period, used) VALUES ($1, 'article', $2, 4), ($1, 'generate-image', $2, 2), ($1, 'article', '2001-01', 9)`, [bob.user.id, currentPeriod()]);
    const body = await (await send('GET', '/api/admin/users', root.token)).json();
    expect(body.period).toBe(currentPeriod());
    expect(body.total).toBe(2);
    const row = body.users.find((u: { id: string }) => u.id === bob.user.id);
    expect(row).toMatchObject({ name: 'Bob Member', email: bob.email, plan: 'free', is_admin: false, disabled_at: null, usage: { article: 4, 'generate-image': 2 } });
    const search = await (await send('GET', '/api/admin/users?search=member', root.token)).json();
    expect(search.users.map((u: { id: string }) => u.id)).toEqual([bob.user.id]);
  });

  it('when the plan changes, then the account has it at once and the change is in the audit log with who and from where', async () => {
    const res = await send('POST', `/api/admin/users/${bob.user.id}/plan`, root.token, { plan: 'premium' }, { 'user-agent': 'ops-browser/2.0' });
    expect(await res.json()).toEqual({ success: true, message: 'Plan changed to Premium' });
    expect((await (await send('GET', '/api/me', bob.token)).json()).user.plan).toBe('premium');
    const bad = await send('POST', `/api/admin/users/${bob.user.id}/plan`, root.token, { plan: 'gold' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('plan must be free or premium.');
    expect((await send('POST', '/api/admin/users/nobody/plan', root.token, { plan: 'free' })).status).toBe(404);

    const { entries } = await (await send('GET', '/api/admin/audit', root.token)).json();
    expect(entries[0]).toMatchObject({
      action: 'plan-changed', actor_id: root.user.id, actor_name: 'Root Admin', target_user_id: bob.user.id, target_name: 'Bob Member',
      detail: { plan: 'premium' }, user_agent: 'ops-browser/2.0',
    });
    expect(entries[0].ip).toMatch(/127\.0\.0\.1|::1/);
  });

  it('when an account is disabled, then its sessions end, sign-in and data calls are refused with 403, until it is enabled', async () => {
    const second = await (await signIn(bob.email)).json();
    const res = await send('POST', `/api/admin/users/${bob.user.id}/disabled`, root.token, { disabled: true });
    expect(await res.json()).toEqual({ success: true, message: 'Account disabled and signed out everywhere' });
    expect((await db.query('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [bob.user.id])).rows[0].n).toBe(0);
    for (const token of [bob.token, second.token]) expect((await send('GET', '/api/me', token)).status).toBe(401);

    const refused = await signIn(bob.email);
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe(DISABLED);
    // A wrong password still says only that the password is wrong.
    const wrong = await send('POST', '/api/auth/sign-in/email', undefined, { email: bob.email, password: 'not the password' });
    expect(wrong.status).toBe(401);

    const self = await send('POST', `/api/admin/users/${root.user.id}/disabled`, root.token, { disabled: true });
    expect(self.status).toBe(400);
    expect((await self.json()).message).toBe('You cannot disable your own account.');

    await send('POST', `/api/admin/users/${bob.user.id}/disabled`, root.token, { disabled: false });
    const back = await signIn(bob.email);
    expect(back.status).toBe(200);
    bob = { ...bob, token: (await back.json()).token };
    expect((await send('GET', '/api/me', bob.token)).status).toBe(200);

    const { entries } = await (await send('GET', '/api/admin/audit', root.token)).json();
    const actions = entries.map((e: { action: string }) => e.action);
    expect(actions.slice(0, 3)).toEqual(['sign-in', 'account-enabled', 'account-disabled']);
    const signInEntry = entries.find((e: { action: string; actor_id: string }) => e.action === 'sign-in' && e.actor_id === bob.user.id);
    expect(signInEntry).toMatchObject({ user_agent: 'admin-test-agent/1.0' });
    expect(signInEntry.ip).toBeTruthy();
    expect(actions).toContain('sign-up');
  });

  it('when a job fails, then the queue view counts it and lists it with its status code', async () => {
    const failed = await send('POST', '/api/ai/test-echo', bob.token, { text: 'boom', mode: 'throw' });
    expect(failed.status).toBe(422);
    const body = await (await send('GET', '/api/admin/queue', root.token)).json();
    expect(body.kind).toBe(app.queueKind);
    expect(body.queues.map((q: { queue: string }) => q.queue)).toEqual(['text', 'image', 'pdf']);
    expect(body.queues[0].failed).toBeGreaterThanOrEqual(1);
    expect(body.failed[0]).toMatchObject({ queue: 'text', name: 'test-echo', status: 422, message: 'Cannot echo: boom' });
  });

  it('when an administrator unpublishes a gallery item, then it leaves the gallery and the owner keeps it', async () => {
    const { id } = await insertImageCreation(db, storage, bob.user.id, { publish: true, prompt: 'a lighthouse' });
    const gallery = await (await send('GET', '/api/admin/gallery', root.token)).json();
    expect(gallery.items[0]).toMatchObject({ id, prompt: 'a lighthouse', user_name: 'Bob Member', likes: 0 });
    const res = await send('POST', `/api/admin/creations/${id}/unpublish`, root.token);
    expect(await res.json()).toEqual({ success: true, message: 'Removed from the community gallery' });
    expect((await (await send('GET', '/api/admin/gallery', root.token)).json()).total).toBe(0);
    expect((await db.query('SELECT publish FROM creations WHERE id = $1', [id])).rows[0].publish).toBe(false);
    const { entries } = await (await send('GET', '/api/admin/audit', root.token)).json();
    expect(entries[0]).toMatchObject({ action: 'creation-unpublished', target: id, target_user_id: bob.user.id });
  });
});
