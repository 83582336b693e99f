import type { Request } from 'express';

import type { Plan } from '@craftwell/core/repositories/quota';

export type { Plan };

/** The caller of a data route, whichever auth provider vouched for them. */
export interface AuthUser {
  id: string;
  name: string;
  email: string | null;
  image: string | null;
  plan: Plan;
  isAdmin: boolean;
  /** Set when the caller used a personal API key instead of a session. */
  apiKeyId?: string;
  /** What the caller's API key may do (set with apiKeyId; see auth/api-key-scopes.ts). */
  apiKeyScopes?: readonly string[];
  /**
   * Clerk: minutes since the user last proved who they are (first factor; the session token's
   * `fva` claim), null when the token does not say. Local accounts re-enter the password instead.
   */
  verifiedMinutesAgo?: number | null;
}

export interface AuthProvider {
  readonly mode: 'local' | 'clerk';
  /**
   * Reads the bearer token of the request; null when absent or invalid. Data routes never accept
   * a cookie; pages a browser navigates to (the queue dashboard) may, with allowCookie.
   */
  authenticate(req: Request, options?: { allowCookie?: boolean }): Promise<AuthUser | null>;
  /**
   * The caller as far as it is cached, answered without waiting; undefined when only
   * authenticate() can tell. Throws what authenticate() would throw for a refused caller.
   */
  cached?(req: Request): AuthUser | undefined;
  /** Forgets what is cached about a user whose profile changed outside the provider (avatar). */
  forgetUser?(userId: string): Promise<void>;
}
