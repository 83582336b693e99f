/**
 * Clerk, when its keys are set: @clerk/express verifies the session token (networkless with
 * CLERK_JWT_KEY), the user id comes from the token, premium from has({ plan: 'premium' }) (Clerk
 * carries plans in the token's `pla` claim, e.g. "u:premium"). A row in users mirrors each Clerk
 * user so creations and likes have an owner.
 */
import type { Request, RequestHandler } from 'express';
import { clerkMiddleware, createClerkClient, getAuth } from '@clerk/express';
import type { Db } from '@craftwell/core/db/pool';
import { findProfile, upsertMirroredUser } from '@craftwell/core/repositories/users';
import type { AuthProvider, AuthUser } from './types.js';

export interface ClerkOptions {
  db: Db;
  secretKey: string;
  publishableKey: string;
  jwtKey?: string;
  authorizedParties?: string[];
}

interface Profile { name: string; email: string | null; image: string | null }

const PROFILE_TTL_MS = 5 * 60_000;

export function createClerkAuth(options: ClerkOptions): { middleware: RequestHandler; provider: AuthProvider } {
  const clerkClient = createClerkClient({
    secretKey: options.secretKey,
    publishableKey: options.publishableKey,
    jwtKey: options.jwtKey,
  });
  const middleware = clerkMiddleware({
    clerkClient,
    secretKey: options.secretKey,
    publishableKey: options.publishableKey,
    jwtKey: options.jwtKey,
    authorizedParties: options.authorizedParties,
  });
  const profiles = new Map<string, { profile: Profile; at: number }>();

  async function profileOf(userId: string, claims: Record<string, unknown>): Promise<Profile> {
    const cached = profiles.get(userId);
    if (cached && Date.now() - cached.at < PROFILE_TTL_MS) return cached.profile;
    // Prefer claims a session-token template can add; fall back to the Backend API; then to what
    // we stored last time (networkless setups still work).
    let profile: Profile | null = null;
    if (typeof claims.name === 'string' || typeof claims.full_name === 'string') {
      profile = {
        name: String(claims.full_name ?? claims.name),
        email: typeof claims.email === 'string' ? claims.email : null,
        image: typeof claims.image_url === 'string' ? claims.image_url : null,
      };
    }
    if (!profile && !options.jwtKey) {
      const u = await clerkClient.users.getUser(userId).catch(() => null);
      if (u) {
        profile = {
          name: [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username || 'Creator',
          email: u.primaryEmailAddress?.emailAddress ?? null,
          image: u.imageUrl ?? null,
        };
      }
    }
    if (!profile) {
      profile = (await findProfile(options.db, userId)) ?? { name: 'Creator', email: null, image: null };
    }
    profiles.set(userId, { profile, at: Date.now() });
    return profile;
  }

  const provider: AuthProvider = {
    mode: 'clerk',
    async authenticate(req: Request, how?: { allowCookie?: boolean }): Promise<AuthUser | null> {
      // Data routes take the bearer header only, as in local mode.
      if (!how?.allowCookie && !/^Bearer\s+\S+/i.test(req.headers.authorization ?? '')) return null;
      const auth = getAuth(req);
      if (!auth?.userId) return null;
      const plan = auth.has({ plan: 'premium' }) ? 'premium' : 'free';
      const profile = await profileOf(auth.userId, (auth.sessionClaims ?? {}) as Record<string, unknown>);
      // Mirror the user (never as administrator: see the admin claim route and CLI).
      const { isAdmin } = await upsertMirroredUser(options.db, { id: auth.userId, ...profile, plan });
      // Clerk's `fva`: [minutes since the first factor was verified, same for the second or -1].
      const fva = (auth.sessionClaims as { fva?: unknown } | null)?.fva;
      const verifiedMinutesAgo = Array.isArray(fva) && typeof fva[0] === 'number' && fva[0] >= 0 ? fva[0] : null;
      return { id: auth.userId, name: profile.name, email: profile.email, image: profile.image, plan, isAdmin, verifiedMinutesAgo };
    },
  };
  return { middleware, provider };
}
