/**
 * The signed-in user's own account: change the e-mail (password re-entered), export everything
 * as a zip, delete the account with everything it owns (typed confirmation, password re-entered).
 * In Clerk mode the e-mail and password live at Clerk, so only export and delete apply.
 */
import { Router } from 'express';
import { z } from 'zod';
import { withTransaction, type Db } from '@craftwell/core/db/pool';
import { badRequest, forbidden, notFound } from '@craftwell/core/errors';
import type { Logger } from '@craftwell/core/logger';
import * as accounts from '@craftwell/core/repositories/accounts';
import type { PasswordCheck } from '../../auth/password-check.js';
import { claimEverything, type DeleteClaimed, type RouteStorage } from '../../auth/owned-objects.js';
import { currentUser } from '../../middleware/require-auth.js';
import type { AuthUser } from '../../auth/types.js';
import { streamAccountExport } from './export-zip.js';

export interface AccountRoutesDeps {
  db: Db;
  storage: RouteStorage;
  /** The one way to delete a stored object (see auth/owned-objects.ts). */
  deleteClaimed: DeleteClaimed;
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
/** Clerk mode: how recent a sign-in must be for the account to be deleted. */
export const REAUTH_MINUTES = 10;
export const REAUTH_MESSAGE = `To delete your account, sign out and sign in again, then delete it within ${REAUTH_MINUTES} minutes.`;
export const deleteAccountBody = z.object({
  confirm: z.literal(DELETE_CONFIRMATION, { message: `Type ${DELETE_CONFIRMATION} to confirm.` }),
  currentPassword: password.optional(),
});

export function accountRoutes(deps: AccountRoutesDeps): Router {
  const { db, storage, log } = deps;
  const router = Router();

  /**
   * Proof that the person is at the keyboard, before a change that cannot be undone: a browser
   * session (never an API key) and, for local accounts, the password; for Clerk, a sign-in
   * (first factor) within the last REAUTH_MINUTES, as the session token's `fva` claim tells.
   */
  async function requireReauthentication(user: AuthUser, given: string | undefined) {
    if (user.apiKeyId) throw forbidden('API keys cannot do this. Sign in to the web app to do this.');
    if (!deps.checkPassword) {
      if (user.verifiedMinutesAgo == null || user.verifiedMinutesAgo > REAUTH_MINUTES) throw forbidden(REAUTH_MESSAGE);
      return;
    }
    if (!given) throw badRequest('Enter your current password.');
    if (!(await deps.checkPassword(user.id, given))) throw badRequest('Your current password is not correct.');
  }

  router.post('/account/email', async (req, res) => {
    if (!deps.checkPassword) throw badRequest('Your e-mail address is managed by your sign-in provider.');
    const body = changeEmailBody.parse(req.body ?? {});
    const user = currentUser(req);
    if (body.newEmail === user.email?.toLowerCase()) throw badRequest('That is already your e-mail address.');
    await requireReauthentication(user, body.currentPassword);
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
    await requireReauthentication(user, body.currentPassword);
    // Only what the database records as the user's goes, never what users.image happens to name.
    const claimed = await withTransaction(db, async (client) => {
      const owned = await claimEverything(client, user.id);
      return (await accounts.deleteAccount(client, user.id)) ? owned : null;
    });
    if (!claimed) throw notFound('This account no longer exists.');
    await deps.forgetUser(user.id);
    // Rows first, then files: a file that fails to go is unreferenced and the orphan sweep takes it.
    await deps.deleteClaimed(claimed);
    res.json({ success: true, message: 'Your account and everything in it have been deleted.' });
  });

  return router;
}
