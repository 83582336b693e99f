/**
 * Local accounts: better-auth with e-mail + password and its bearer plugin, on our Postgres
 * tables (snake_case columns mapped below). The first account created becomes the administrator
 * and holds the premium plan.
 */
import { createHmac } from 'node:crypto';
import type { Request } from 'express';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';
// The one plugin's own entry: better-auth/plugins would load every plugin (a quarter second at start).
import { bearer } from 'better-auth/plugins/bearer';
import type { Db } from '@craftwell/core/db/pool';
import type { Logger } from '@craftwell/core/logger';
import { adminExists, anyUserExists } from '@craftwell/core/repositories/users';
import { revokeAllKeys } from '@craftwell/core/repositories/api-keys';
import { isInviteUsable, noteInviteUser, useInvite } from '@craftwell/core/repositories/invites';
import { SIGNUP_MESSAGES, emailDomainAllowed, hashInviteCode, type SignupPolicy } from './signup-policy.js';
import { databaseUnavailable } from '@craftwell/core/errors';
import type { AuthProvider, AuthUser, Plan } from './types.js';
import { sessionHooks } from './session-hooks.js';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, weakPasswordReason } from './password-policy.js';
import { isLoopbackIp, setupCodeMatches } from './setup-code.js';
import type { SessionCache } from './session-cache.js';

/** Header carrying the client IP from Express to better-auth's rate limiter. */
export const CLIENT_IP_HEADER = 'x-craftwell-client-ip';
/** The socket's own peer address (set by the app, never trusted from a client). */
export const PEER_IP_HEADER = 'x-craftwell-peer-ip';

export interface LocalAuthOptions {
  db: Db;
  secret: string;
  baseURL: string;
  trustedOrigins: string[];
  signInPerMinute: number;
  /**
   * Set when the app listens beyond loopback: the first administrator is then a sign-up from
   * this machine or one with `setupCode` in its body (see setup-code.ts). Unset: first account.
   */
  adminSetupCode?: string | null;
  /** Told when sessions or the user behind them change, so cached lookups are dropped. */
  sessionCache?: SessionCache;
  /** Who may sign up (signup-policy.ts); unset = anyone. */
  signup?: SignupPolicy;
  /** Where better-auth's own log lines go (unset: nowhere). */
  log?: Logger;
  /** Postgres outages are logged once per change there, not as a stack per session lookup. */
  databaseState?: { noteError(error: unknown): boolean };
}

const timestamps = { createdAt: 'created_at', updatedAt: 'updated_at' };

/** Calls that end sessions or change what a session's user looks like. */
const SESSION_CHANGING_PATHS = new Set([
  '/sign-out', '/change-password', '/set-password', '/update-user', '/change-email', '/delete-user',
  '/revoke-session', '/revoke-sessions', '/revoke-other-sessions',
]);

function bearerToken(authorization: string | null | undefined): string | null {
  const match = authorization ? /^Bearer\s+(\S+)/i.exec(authorization) : null;
  return match ? match[1] : null;
}

/**
 * A session token as clients must send it: `token.signature`, signed with the auth secret the
 * way better-auth signs its session cookie (and its `set-auth-token` header). The sessions table
 * holds the bare token, so a copy of the database alone gives no usable bearer token.
 */
export function signedSessionToken(token: string, secret: string): string {
  return `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;
}

/** Friendlier words for better-auth's error codes. */
const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'That e-mail and password do not match. Check them and try again.',
  USER_ALREADY_EXISTS: 'An account with this e-mail already exists. Sign in instead.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'An account with this e-mail already exists. Sign in instead.',
  PASSWORD_TOO_SHORT: `Use at least ${MIN_PASSWORD_LENGTH} characters for your password.`,
  PASSWORD_TOO_LONG: `Use at most ${MAX_PASSWORD_LENGTH} characters for your password.`,
  INVALID_PASSWORD: 'Your current password is not correct.',
  INVALID_EMAIL: 'Enter a valid e-mail address.',
};

export function createBetterAuth(options: LocalAuthOptions) {
  const { db } = options;
  const setupCode = options.adminSetupCode ?? null;
  const signup: SignupPolicy = options.signup ?? { mode: 'open', emailDomains: [] };

  /** Whether this sign-up becomes the administrator (the rules of setup-code.ts). */
  async function becomesAdmin(body: { setupCode?: unknown } | undefined, headers: Headers | undefined): Promise<boolean> {
    if (!setupCode) return !(await anyUserExists(db));
    if (await adminExists(db)) return false;
    // Both the client (after TRUST_PROXY) and the socket peer: a spoofed X-Forwarded-For
    // cannot pass for loopback, nor can a stranger's request relayed by a local proxy.
    const fromThisMachine = isLoopbackIp(headers?.get(CLIENT_IP_HEADER)) && isLoopbackIp(headers?.get(PEER_IP_HEADER));
    return fromThisMachine || setupCodeMatches(setupCode, body?.setupCode);
  }
  const inviteOf = (body: unknown) => {
    const code = (body as { inviteCode?: unknown } | undefined)?.inviteCode;
    return typeof code === 'string' && code.length > 0 && code.length <= 100 ? hashInviteCode(code) : null;
  };
  return betterAuth({
    database: db,
    secret: options.secret,
    baseURL: options.baseURL,
    basePath: '/api/auth',
    trustedOrigins: (request) => {
      // Same-origin requests are always trusted, whatever host name the instance is reached by.
      const host = request?.headers.get('host');
      const proto = request?.headers.get('x-forwarded-proto') ?? 'http';
      return [...options.trustedOrigins, ...(host ? [`${proto}://${host}`] : [])];
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
    },
    user: {
      modelName: 'users',
      fields: { emailVerified: 'email_verified', ...timestamps },
      additionalFields: {
        plan: { type: 'string', required: false, defaultValue: 'free', input: false },
        isAdmin: { type: 'boolean', required: false, defaultValue: false, input: false, fieldName: 'is_admin' },
      },
    },
    session: {
      modelName: 'sessions',
      fields: { userId: 'user_id', expiresAt: 'expires_at', ipAddress: 'ip_address', userAgent: 'user_agent', ...timestamps },
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    account: {
      modelName: 'accounts',
      fields: {
        userId: 'user_id', accountId: 'account_id', providerId: 'provider_id', accessToken: 'access_token',
        refreshToken: 'refresh_token', idToken: 'id_token', accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at', ...timestamps,
      },
    },
    verification: {
      modelName: 'verifications',
      fields: { expiresAt: 'expires_at', ...timestamps },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'rate_limits',
      fields: { lastRequest: 'last_request' },
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': { window: 60, max: options.signInPerMinute },
        '/sign-up/email': { window: 60, max: options.signInPerMinute },
        '/change-password': { window: 60, max: options.signInPerMinute },
      },
    },
    advanced: {
      database: { generateId: 'uuid' },
      // The app sets this header from Express's req.ip (which honours TRUST_PROXY) and
      // overwrites anything a client sent under that name.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        // An outage reaches every session lookup; the reply is already a 503 (error-handler.ts).
        if (args.some((arg) => options.databaseState?.noteError(arg))) return;
        const err = args.find((arg) => arg instanceof Error);
        options.log?.[level === 'debug' ? 'debug' : level]({ err, component: 'better-auth' }, message);
      },
    },
    // Only signed bearer tokens (replies carry the signed form, see the after hook).
    plugins: [bearer({ requireSignature: true })],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-up/email' || ctx.path === '/change-password') {
          const body = (ctx.body ?? {}) as { password?: unknown; newPassword?: unknown; email?: unknown };
          const password = ctx.path === '/sign-up/email' ? body.password : body.newPassword;
          if (typeof password === 'string') {
            const reason = weakPasswordReason(password, typeof body.email === 'string' ? body.email : undefined);
            if (reason) throw new APIError('BAD_REQUEST', { message: reason, code: 'WEAK_PASSWORD' });
          }
        }
        if (ctx.path === '/change-password') {
          // A new password ends every session (the reply carries a fresh one) and every API key.
          return { context: { body: { ...(ctx.body as object), revokeOtherSessions: true } } };
        }
        if (ctx.path === '/sign-up/email') {
          const body = (ctx.body ?? {}) as { name?: unknown };
          if (typeof body.name !== 'string' || body.name.trim().length === 0) {
            throw new APIError('BAD_REQUEST', { message: 'Enter your name.', code: 'NAME_REQUIRED' });
          }
          if (body.name.length > 100) {
            throw new APIError('BAD_REQUEST', { message: 'Use at most 100 characters for your name.', code: 'NAME_TOO_LONG' });
          }
          const email = (ctx.body as { email?: unknown }).email;
          if (!emailDomainAllowed(signup, email)) {
            throw new APIError('FORBIDDEN', { message: SIGNUP_MESSAGES.domain(signup.emailDomains), code: 'SIGNUP_DOMAIN' });
          }
          if (signup.mode !== 'open' && !(await becomesAdmin(ctx.body as object, ctx.headers))) {
            if (signup.mode === 'closed') throw new APIError('FORBIDDEN', { message: SIGNUP_MESSAGES.closed, code: 'SIGNUP_CLOSED' });
            const invite = inviteOf(ctx.body);
            if (!invite) throw new APIError('FORBIDDEN', { message: SIGNUP_MESSAGES.inviteNeeded, code: 'INVITE_REQUIRED' });
            if (!(await isInviteUsable(db, invite))) throw new APIError('FORBIDDEN', { message: SIGNUP_MESSAGES.inviteInvalid, code: 'INVITE_INVALID' });
          }
          const candidate = (ctx.body as { setupCode?: unknown }).setupCode;
          if (setupCode && candidate !== undefined && candidate !== '') {
            if (await adminExists(db)) {
              throw new APIError('BAD_REQUEST', { message: 'This server already has an administrator; sign up without a setup code.', code: 'SETUP_CODE_USED' });
            }
            if (!setupCodeMatches(setupCode, candidate)) {
              throw new APIError('BAD_REQUEST', { message: 'That setup code is not right. Copy it from the server log.', code: 'SETUP_CODE_WRONG' });
            }
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (options.sessionCache && SESSION_CHANGING_PATHS.has(ctx.path)) {
          // Runs before the reply is sent: once the caller sees it, no replica serves the old session.
          const token = bearerToken(ctx.headers?.get('authorization'));
          if (token) await options.sessionCache.forgetToken(token);
          const userId = (ctx.context.session as { user?: { id?: string } } | null)?.user?.id;
          if (userId) await options.sessionCache.forgetUser(userId);
        }
        const returned = ctx.context.returned;
        if (ctx.path === '/change-password' && !(returned instanceof APIError)) {
          const userId = (ctx.context.session as { user?: { id?: string } } | null)?.user?.id;
          if (userId) await revokeAllKeys(db, userId);
        }
        const token = (returned as { token?: unknown } | null | undefined)?.token;
        if (!(returned instanceof APIError) && typeof token === 'string' && token) {
          return ctx.json({ ...(returned as Record<string, unknown>), token: signedSessionToken(token, options.secret) });
        }
        if (returned instanceof APIError) {
          const code = (returned.body as { code?: string } | undefined)?.code;
          const friendly = code ? MESSAGES[code] : undefined;
          if (friendly) throw new APIError(returned.status, { message: friendly, code });
        }
      }),
    },
    databaseHooks: {
      session: sessionHooks(db),
      user: {
        create: {
          before: async (user, context) => {
            if (await becomesAdmin(context?.body as object | undefined, context?.headers ?? undefined)) {
              return { data: { ...user, plan: 'premium', isAdmin: true } };
            }
            if (signup.mode === 'invite') {
              // Checked in the before hook; used here, once, so two sign-ups cannot share a link.
              const invite = inviteOf(context?.body);
              if (!invite || !(await useInvite(db, invite))) {
                throw new APIError('FORBIDDEN', { message: SIGNUP_MESSAGES.inviteInvalid, code: 'INVITE_INVALID' });
              }
            }
            if (signup.mode === 'closed') throw new APIError('FORBIDDEN', { message: SIGNUP_MESSAGES.closed, code: 'SIGNUP_CLOSED' });
            return { data: { ...user, plan: 'free', isAdmin: false } };
          },
          after: async (user, context) => {
            const invite = signup.mode === 'invite' ? inviteOf(context?.body) : null;
            if (invite) await noteInviteUser(db, invite, user.id);
          },
        },
      },
    },
    telemetry: { enabled: false },
  });
}

export type BetterAuthInstance = ReturnType<typeof createBetterAuth>;

export function createLocalAuthProvider(auth: BetterAuthInstance, cache?: SessionCache): AuthProvider {
  const lookUp = async (headers: Record<string, string>): Promise<AuthUser | null> => {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(headers) }).catch((err: unknown) => {
      // A token better-auth refuses means "not signed in"; anything else (Postgres down) is
      // an outage: 503, so the client keeps its session and tries again.
      if (err instanceof APIError && err.statusCode < 500) return null;
      throw databaseUnavailable();
    });
    if (!session) return null;
    const u = session.user as typeof session.user & { plan?: Plan; isAdmin?: boolean };
    return {
      id: u.id,
      name: u.name,
      email: u.email,
      image: u.image ?? null,
      plan: u.plan === 'premium' ? 'premium' : 'free',
      isAdmin: Boolean(u.isAdmin),
    };
  };
  return {
    mode: 'local',
    async authenticate(req: Request, options?: { allowCookie?: boolean }): Promise<AuthUser | null> {
      const header = req.headers.authorization;
      const token = bearerToken(header);
      // One credential per request (one-credential.ts): a header that does not resolve is not
      // made good by a cookie sent along with it.
      if (header !== undefined && !token) return null;
      if (token) {
        const authorization = header!;
        return cache ? cache.remember(token, () => lookUp({ authorization })) : lookUp({ authorization });
      }
      // Only the bearer header counts for data routes: a cookie alone never authenticates them.
      const cookie = options?.allowCookie ? req.headers.cookie : undefined;
      return cookie ? lookUp({ cookie }) : null;
    },
    cached(req: Request): AuthUser | undefined {
      const token = cache ? bearerToken(req.headers.authorization) : null;
      return token ? cache!.peek(token) : undefined;
    },
    forgetUser: async (userId) => cache?.forgetUser(userId),
  };
}
