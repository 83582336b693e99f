/**
 * better-auth session hooks (local accounts): a disabled account gets no session (403 with a
 * clear message, after its password was checked), and each sign-in and sign-up is written to the
 * audit log with the address and browser it came from.
 */
import { APIError } from 'better-auth/api';
import type { Db } from '@craftwell/core/db/pool';
import { isDisabled } from '@craftwell/core/repositories/admin';
import { recordAudit } from '@craftwell/core/repositories/audit-log';
import { ACCOUNT_DISABLED_MESSAGE } from './account-guard.js';

const AUDITED_PATHS: Record<string, string> = { '/sign-in/email': 'sign-in', '/sign-up/email': 'sign-up' };

type NewSession = { userId: string; ipAddress?: string | null; userAgent?: string | null };
type HookContext = { path?: string } | null | undefined;

export function sessionHooks(db: Db) {
  return {
    create: {
      before: async (session: NewSession) => {
        if (await isDisabled(db, session.userId)) {
          throw new APIError('FORBIDDEN', { message: ACCOUNT_DISABLED_MESSAGE, code: 'ACCOUNT_DISABLED' });
        }
      },
      after: async (session: NewSession, ctx: HookContext) => {
        const action = ctx?.path ? AUDITED_PATHS[ctx.path] : undefined;
        if (!action) return;
        await recordAudit(db, { actorId: session.userId, action, ip: session.ipAddress, userAgent: session.userAgent });
      },
    },
  };
}
