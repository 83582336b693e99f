/**
 * The signed-in user's own account: change the e-mail (password re-entered), export everything
 * as a zip, delete the account with everything it owns (typed confirmation, password re-entered).
 * In Clerk mode the e-mail and password live at Clerk, so only export and delete apply.
 */
import { Router } from 'express';
import { z } from 'zod';
import type { ObjectStorage } from '@craftwell/storage/object-storage';
import { withTransaction, type Db } from '@craftwell/core/db/pool';
import { badRequest, notFound } from '@craftwell/core/errors';
import type { Logger } from '@craftwell/core/logger';
import * as accounts from '@craftwell/core/repositories/accounts';
import type { PasswordCheck } from '../../auth/password-check.js';
import { currentUser } from '../../middleware/require-auth.js';
import { streamAccountExport } from './export-zip.js';

export interface AccountRoutesDeps {
  db: Db;
  storage: ObjectStorage;
  log: Logger;
  /** Local accounts only; null when Clerk holds the passwords. */
  checkPassword: PasswordCheck | null;
  /** Drops cached sessions of a user (every replica) after a change to the account. */
  forgetUser: (userId: string) => Promise<void>;
}

const password = z.string({ message: 'Enter your current password.' }).min(1, 'Enter your current password.').max(128, 'That password is too long.');
export const changeEmailBody = z.object({
  newEmail: z.string({ message: 'Enter the new e-mail address.' }).trim().toLowerCase().max(254, 'That e-mail address is too long.').pipe(z.email('Enter a valid e-mail address.')),
  currentPassword: password,
});
export const DELETE_CONFIRMATION = 'DELETE';
export const deleteAccountBody = z.object({
  confirm: z.literal(DELETE_CONFIRMATION, { message: `Type ${DELETE_CONFIRMATION} to confirm.` }),
  currentPassword: password.optional(),
});

export function accountRoutes(deps: AccountRoutesDeps): Router {
  const { db, storage, log } = deps;
  const router = Router();

  async function requirePassword(userId: string, given: string | undefined) {
    if (!deps.checkPassword) return;
    if (!given) throw badRequest('Enter your current password.');
    if (!(await deps.checkPassword(userId, given))) throw badRequest('Your current password is not correct.');
  }

  router.post('/account/email', async (req, res) => {
    if (!deps.checkPassword) throw badRequest('Your e-mail address is managed by your sign-in provider.');
    const body = changeEmailBody.parse(req.body ?? {});
    const user = currentUser(req);
    if (body.newEmail === user.email?.toLowerCase()) throw badRequest('That is already your e-mail address.');
    await requirePassword(user.id, body.currentPassword);
    await accounts.changeEmail(db, user.id, body.newEmail);
    await deps.forgetUser(user.id);
    res.json({ success: true, message: 'E-mail address changed', email: body.newEmail });
  });

  router.get('/account/export', async (req, res) => {
    await streamAccountExport({ db, storage, log }, currentUser(req).id, res);
  });

  router.delete('/account', async (req, res) => {
    const body = deleteAccountBody.parse(req.body ?? {});
    const user = currentUser(req);
    await requirePassword(user.id, body.currentPassword);
    const deleted = await withTransaction(db, (client) => accounts.deleteAccount(client, user.id));
    if (!deleted) throw notFound('This account no longer exists.');
    await deps.forgetUser(user.id);
    const avatarKey = deleted.image ? storage.keyFromUrl(deleted.image) : null;
    // Rows first, then files: a file that fails to go is unreferenced and the orphan sweep takes it.
    for (const key of [...deleted.objectKeys, ...(avatarKey ? [avatarKey] : [])]) {
      await storage.delete(key).catch((err) => log.warn({ err, key }, 'object of a deleted account left for the orphan sweep'));
    }
    res.json({ success: true, message: 'Your account and everything in it have been deleted.' });
  });

  return router;
}
