/**
 * The admin page's api (administrators only, 403 for anyone else): accounts with plan and this
 * month's usage, plan changes, disabling, the queue's state, the gallery with unpublish, and the
 * audit log. Every change an administrator makes is written to the audit log.
 */
import { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import type { QueueInspector } from '@craftwell/queue/inspect';
import type { Db } from '@craftwell/core/db/pool';
import { AppError, badRequest, forbidden, notFound } from '@craftwell/core/errors';
import { currentPeriod } from '@craftwell/core/period';
import * as admin from '@craftwell/core/repositories/admin';
import { listAudit, recordAudit } from '@craftwell/core/repositories/audit-log';
import { setPublished } from '@craftwell/core/repositories/own-creations';
import { withTransaction } from '@craftwell/core/db/pool';
import { claimAdministrator } from '@craftwell/core/repositories/users';
import * as invites from '@craftwell/core/repositories/invites';
import { hashInviteCode, newInviteCode } from '../../auth/signup-policy.js';
import { currentUser } from '../../middleware/require-auth.js';
import { setupCodeMatches } from '../../auth/setup-code.js';
import type { EngineInstaller } from './engine-installer.js';

export interface AdminRoutesDeps {
  /** Told when a creation leaves the gallery, so cached pages go before the reply. */
  listChanged?: (ownerId: string) => void;
  db: Db;
  queueInspector?: QueueInspector;
  /** Drops cached sessions of a user (every replica), so a plan or access change counts at once. */
  forgetUser: (userId: string) => Promise<void>;
  /**
   * Clerk mode: the setup code (printed in the server log) with which a signed-in user becomes
   * the first administrator. Null where sign-up itself takes the code (local accounts).
   */
  adminSetupCode?: string | null;
  /** The Engines panel: optional engines to install, their progress, removal. */
  engines: EngineInstaller;
}

export const ADMIN_ONLY_MESSAGE = 'Only administrators can do this.';

export const adminUserParams = z.object({ id: z.string().min(1).max(100) });
export const adminCreationParams = z.object({ id: z.string().uuid('That creation id is not valid.') });
export const adminUsersQuery = z.object({
  search: z.string().max(100).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const adminPageQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const adminAuditQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const setPlanBody = z.object({ plan: z.enum(['free', 'premium'], { message: 'plan must be free or premium.' }) });
export const setDisabledBody = z.object({ disabled: z.boolean({ message: 'disabled must be true or false.' }) });
export const createInviteBody = z.object({
  note: z.string({ message: 'note must be text.' }).trim().max(200, 'Use at most 200 characters for the note.').default(''),
  expiresInDays: z.number({ message: 'expiresInDays must be a whole number of days from 1 to 90.' }).int('expiresInDays must be a whole number of days from 1 to 90.')
    .min(1, 'expiresInDays must be a whole number of days from 1 to 90.').max(90, 'expiresInDays must be a whole number of days from 1 to 90.').default(7),
});
export const inviteParams = z.object({ id: z.string().uuid('That invite id is not valid.') });
export const engineParams = z.object({ name: z.string().regex(/^[a-z0-9-]{1,40}$/, 'That engine name is not valid.') });
export const claimAdminBody = z.object({ setupCode: z.string({ message: 'Enter the setup code from the server log.' }).max(40) });

function requireAdmin(req: Request, _res: Response, next: NextFunction) {
  next(currentUser(req).isAdmin ? undefined : forbidden(ADMIN_ONLY_MESSAGE));
}

/** Who did it and from where, for the audit log. */
function origin(req: Request) {
  return { actorId: currentUser(req).id, ip: req.ip ?? null, userAgent: req.get('user-agent') ?? null };
}

export function adminRoutes(deps: AdminRoutesDeps): Router {
  const { db } = deps;
  const router = Router();

  // Before requireAdmin: the one call a signed-in user makes to become the first administrator.
  router.post('/claim', async (req, res) => {
    const setupCode = deps.adminSetupCode;
    if (!setupCode) throw notFound('There is nothing to claim here: the first account with the setup code becomes administrator at sign-up.');
    if (currentUser(req).apiKeyId) throw forbidden('Sign in to the web app to do this.');
    const body = claimAdminBody.parse(req.body ?? {});
    if (!setupCodeMatches(setupCode, body.setupCode)) throw badRequest('That setup code is not right. Copy it from the server log.');
    const user = currentUser(req);
    if (!(await withTransaction(db, (client) => claimAdministrator(client, user.id)))) {
      throw new AppError('This server already has an administrator.', 409, 'conflict');
    }
    await recordAudit(db, { ...origin(req), action: 'admin-claimed', targetUserId: user.id });
    await deps.forgetUser(user.id);
    res.json({ success: true, message: 'You are now the administrator.' });
  });

  router.use(requireAdmin);

  // Invite links for SIGNUP_MODE=invite: the code is in this reply only.
  router.post('/invites', async (req, res) => {
    const body = createInviteBody.parse(req.body ?? {});
    const code = newInviteCode();
    const invite = await invites.createInvite(db, {
      hash: hashInviteCode(code), createdBy: currentUser(req).id, note: body.note,
      expiresAt: new Date(Date.now() + body.expiresInDays * 24 * 60 * 60 * 1000),
    });
    await recordAudit(db, { ...origin(req), action: 'invite-created', target: invite.id });
    res.status(201).json({ success: true, message: 'Invite link created. Copy it now: it is shown only once.', code, path: `/?invite=${code}`, invite });
  });

  router.get('/invites', async (_req, res) => {
    res.json({ success: true, invites: await invites.listInvites(db) });
  });

  router.delete('/invites/:id', async (req, res) => {
    const { id } = inviteParams.parse(req.params);
    if (!(await invites.revokeInvite(db, id))) throw notFound('That invite does not exist or has been used.');
    await recordAudit(db, { ...origin(req), action: 'invite-revoked', target: id });
    res.json({ success: true, message: 'Invite revoked' });
  });

  router.get('/users', async (req, res) => {
    const query = adminUsersQuery.parse(req.query);
    const period = currentPeriod();
    const { users, total } = await admin.listUsers(db, period, query);
    res.json({ success: true, period, total, users });
  });

  router.post('/users/:id/plan', async (req, res) => {
    const { id } = adminUserParams.parse(req.params);
    const { plan } = setPlanBody.parse(req.body ?? {});
    if (!(await admin.setPlan(db, id, plan))) throw notFound('That account does not exist.');
    await deps.forgetUser(id);
    await recordAudit(db, { ...origin(req), action: 'plan-changed', targetUserId: id, detail: { plan } });
    res.json({ success: true, message: `Plan changed to ${plan === 'premium' ? 'Premium' : 'Free'}` });
  });

  router.post('/users/:id/disabled', async (req, res) => {
    const { id } = adminUserParams.parse(req.params);
    const { disabled } = setDisabledBody.parse(req.body ?? {});
    if (id === currentUser(req).id) throw badRequest('You cannot disable your own account.');
    if (!(await admin.setDisabled(db, id, disabled))) throw notFound('That account does not exist.');
    await deps.forgetUser(id);
    await recordAudit(db, { ...origin(req), action: disabled ? 'account-disabled' : 'account-enabled', targetUserId: id });
    res.json({ success: true, message: disabled ? 'Account disabled and signed out everywhere' : 'Account enabled' });
  });

  router.get('/queue', async (_req, res) => {
    if (!deps.queueInspector) throw new AppError('The queue cannot be inspected on this server.', 503, 'queue_unavailable');
    res.json({ success: true, ...(await deps.queueInspector.overview(20)) });
  });

  router.get('/gallery', async (req, res) => {
    const { offset, limit } = adminPageQuery.parse(req.query);
    res.json({ success: true, ...(await admin.listPublished(db, limit, offset)) });
  });

  router.post('/creations/:id/unpublish', async (req, res) => {
    const { id } = adminCreationParams.parse(req.params);
    const owner = await admin.creationOwner(db, id);
    if (!owner || !(await setPublished(db, id, null, false))) throw notFound('That creation does not exist.');
    await recordAudit(db, { ...origin(req), action: 'creation-unpublished', targetUserId: owner, target: id });
    deps.listChanged?.(owner);
    res.json({ success: true, message: 'Removed from the community gallery' });
  });

  // Engines: list (with progress), install (in the background, 202), remove.
  router.get('/engines', async (_req, res) => {
    res.json({ success: true, ...(await deps.engines.list()) });
  });

  router.post('/engines/:name/install', async (req, res) => {
    const { name } = engineParams.parse(req.params);
    const engine = await deps.engines.install(name, currentUser(req).id);
    await recordAudit(db, { ...origin(req), action: 'engine-install-started', target: name });
    res.status(202).json({ success: true, message: `Installing ${engine.label}…`, engine });
  });

  router.delete('/engines/:name', async (req, res) => {
    const { name } = engineParams.parse(req.params);
    await deps.engines.remove(name);
    await recordAudit(db, { ...origin(req), action: 'engine-removed', target: name });
    res.json({ success: true, message: 'Engine removed. Object removal uses the next installed engine, or the built-in fill, from its next job.' });
  });

  router.get('/audit', async (req, res) => {
    const { before, limit } = adminAuditQuery.parse(req.query);
    const entries = await listAudit(db, limit, before);
    res.json({ success: true, entries, nextBefore: entries.length === limit ? entries[entries.length - 1].id : null });
  });

  return router;
}
