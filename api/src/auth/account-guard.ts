/**
 * Wraps the auth provider (local or Clerk) with what both must enforce the same way: a disabled
 * account is refused with 403 and a message that says why, on every data call.
 */
import type { Request } from 'express';
import type { Db } from '@craftwell/core/db/pool';
import { forbidden } from '@craftwell/core/errors';
import { isDisabled } from '@craftwell/core/repositories/admin';
import type { AuthProvider } from './types.js';

export const ACCOUNT_DISABLED_MESSAGE = 'This account has been disabled by an administrator. Contact your administrator to get access again.';

export function withAccountGuard(provider: AuthProvider, db: Db): AuthProvider {
  return {
    mode: provider.mode,
    async authenticate(req: Request, options?: { allowCookie?: boolean }) {
      const user = await provider.authenticate(req, options);
      if (!user) return null;
      if (await isDisabled(db, user.id)) throw forbidden(ACCOUNT_DISABLED_MESSAGE);
      return user;
    },
  };
}
