/** Re-checks a signed-in user's password (local accounts) before a sensitive change. */
import type { BetterAuthInstance } from './local.js';

export type PasswordCheck = (userId: string, password: string) => Promise<boolean>;

export function createPasswordCheck(auth: BetterAuthInstance): PasswordCheck {
  return async (userId, password) => {
    const ctx = await auth.$context;
    const account = await ctx.internalAdapter.findCredentialAccount(userId);
    if (!account?.password) return false;
    return ctx.password.verify({ hash: account.password, password });
  };
}
