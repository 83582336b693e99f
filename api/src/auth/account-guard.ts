/**
 * Wraps the auth provider (local or Clerk) with what both must do the same way: accept personal
 * API keys (`Authorization: Bearer cw_...`) in place of a session, within the key's scopes, and
 * refuse a disabled account with 403 and a message that says why, on every data call.
 */
import type { Request } from 'express';
import type { Db } from '@craftwell/core/db/pool';
import { forbidden } from '@craftwell/core/errors';
import { isDisabled } from '@craftwell/core/repositories/admin';
import { ownerOfKey } from '@craftwell/core/repositories/api-keys';
import { apiKeyFromHeader, hashApiKey, isWellFormedApiKey } from './api-keys.js';
import { scopeNeeded, scopeRefusal } from './api-key-scopes.js';
import { SESSION_CACHE_TTL_MS } from './session-cache.js';
import type { AuthProvider, AuthUser } from './types.js';

export const ACCOUNT_DISABLED_MESSAGE = 'This account has been disabled by an administrator. Contact your administrator to get access again.';

async function userOfApiKey(db: Db, key: string): Promise<AuthUser | null> {
  if (!isWellFormedApiKey(key)) return null;
  const owner = await ownerOfKey(db, hashApiKey(key));
  if (!owner) return null;
  return {
    id: owner.id, name: owner.name, email: owner.email, image: owner.image,
    plan: owner.plan === 'premium' ? 'premium' : 'free', isAdmin: owner.is_admin, apiKeyId: owner.key_id,
    apiKeyScopes: owner.key_scopes,
  };
}

export function withAccountGuard(provider: AuthProvider, db: Db): AuthProvider {
  // A disable revokes the user's sessions at once; this answer may lag by the session cache's
  // few seconds, which keeps a signed-in request free of a per-request query.
  const disabledUntil = new Map<string, { disabled: boolean; expiresAt: number }>();
  async function disabled(userId: string): Promise<boolean> {
    const hit = disabledUntil.get(userId);
    if (hit && hit.expiresAt > Date.now()) return hit.disabled;
    const answer = await isDisabled(db, userId);
    if (disabledUntil.size > 10_000) disabledUntil.clear();
    disabledUntil.set(userId, { disabled: answer, expiresAt: Date.now() + SESSION_CACHE_TTL_MS });
    return answer;
  }
  return {
    mode: provider.mode,
    async authenticate(req: Request, options?: { allowCookie?: boolean }) {
      const key = apiKeyFromHeader(req.headers.authorization);
      const user = key ? await userOfApiKey(db, key) : await provider.authenticate(req, options);
      if (!user) return null;
      if (await disabled(user.id)) throw forbidden(ACCOUNT_DISABLED_MESSAGE);
      if (user.apiKeyId) {
        const scope = scopeNeeded(req);
        if (!user.apiKeyScopes?.includes(scope)) throw forbidden(scopeRefusal(scope));
      }
      return user;
    },
    cached(req: Request) {
      if (apiKeyFromHeader(req.headers.authorization)) return undefined;
      const user = provider.cached?.(req);
      const hit = user ? disabledUntil.get(user.id) : undefined;
      if (!user || !hit || hit.expiresAt <= Date.now()) return undefined;
      if (hit.disabled) throw forbidden(ACCOUNT_DISABLED_MESSAGE);
      return user;
    },
    forgetUser: async (userId) => {
      disabledUntil.delete(userId);
      await provider.forgetUser?.(userId);
    },
  };
}
