/**
 * Local accounts: better-auth with e-mail + password and its bearer plugin, on our Postgres
 * tables (snake_case columns mapped below). The first account created becomes the administrator
 * and holds the premium plan.
 */
import type { Request } from 'express';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';
import { bearer } from 'better-auth/plugins';
import type { Db } from '@craftwell/core/db/pool';
import type { AuthProvider, AuthUser, Plan } from './types.js';
import { sessionHooks } from './session-hooks.js';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, weakPasswordReason } from './password-policy.js';

/** Header carrying the client IP from Express to better-auth's rate limiter. */
export const CLIENT_IP_HEADER = 'x-craftwell-client-ip';

export interface LocalAuthOptions {
  db: Db;
  secret: string;
  baseURL: string;
  trustedOrigins: string[];
  signInPerMinute: number;
}

const timestamps = { createdAt: 'created_at', updatedAt: 'updated_at' };

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
    plugins: [bearer()],
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
        if (ctx.path === '/sign-up/email') {
          const body = (ctx.body ?? {}) as { name?: unknown };
          if (typeof body.name !== 'string' || body.name.trim().length === 0) {
            throw new APIError('BAD_REQUEST', { message: 'Enter your name.', code: 'NAME_REQUIRED' });
          }
          if (body.name.length > 100) {
            throw new APIError('BAD_REQUEST', { message: 'Use at most 100 characters for your name.', code: 'NAME_TOO_LONG' });
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
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
          before: async (user) => {
            const { rows } = await db.query('SELECT EXISTS (SELECT 1 FROM users) AS any');
            if (!rows[0].any) return { data: { ...user, plan: 'premium', isAdmin: true } };
            return { data: { ...user, plan: 'free', isAdmin: false } };
          },
        },
      },
    },
    telemetry: { enabled: false },
  });
}

export type BetterAuthInstance = ReturnType<typeof createBetterAuth>;

export function createLocalAuthProvider(auth: BetterAuthInstance): AuthProvider {
  return {
    mode: 'local',
    async authenticate(req: Request, options?: { allowCookie?: boolean }): Promise<AuthUser | null> {
      const header = req.headers.authorization;
      const bearer = header && /^Bearer\s+\S+/i.test(header) ? header : undefined;
      const cookie = options?.allowCookie ? req.headers.cookie : undefined;
      if (!bearer && !cookie) return null;
      // Only the bearer header counts for data routes: a cookie alone never authenticates them.
      const headers = fromNodeHeaders(bearer ? { authorization: bearer } : { cookie });
      const session = await auth.api.getSession({ headers }).catch(() => null);
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
    },
  };
}
