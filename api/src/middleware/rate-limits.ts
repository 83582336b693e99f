/**
 * Rate limits that fit real use, and that no header or outage switches off:
 * - signed-in calls count per user (an office behind one address does not throttle itself);
 * - job polling has its own, generous allowance (a 60 s job polled every 500 ms is 120 calls);
 * - every other call counts per client address, whatever headers it carries: a bearer token
 *   takes its hit back only once it has resolved to a user; calls with a refused token also
 *   count against the address (only failures, so guessing tokens is bounded but real users are not);
 * - public writes (the newsletter) have a small hourly allowance per address;
 * - sign-in failures count per account *and* address (better-auth counts per address), so
 *   guesses from elsewhere never lock the owner out.
 * With Redis the counters live there, shared by every api replica; without it (single-process
 * mode), or while it is away, they live in this process. Every 429 carries Retry-After and says
 * when to try again.
 */
import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import type { Redis } from 'ioredis';
import type { AppConfig } from '@craftwell/core/config/env';
import { BatchedRedisStore, FallbackCounter, SharedStoreState } from './rate-limit-store.js';
import { fastLimiter, LocalCounter, type FastLimiterOptions, type HitCounter } from './fast-limiter.js';
import { sendError } from './error-handler.js';

const WINDOW_MS = 60_000;
const HOUR_MS = 3_600_000;
/** Newsletter sign-ups per address and hour: a person subscribes once, a script is bounded. */
export const NEWSLETTER_PER_HOUR = 10;

export interface RateLimits {
  /** /api calls of callers that are not (yet) a user, per client address; headers exempt nothing. */
  anonymousPerIp: RequestHandler;
  /** After anonymousPerIp: a caller it resolved to a user meets the per-user limit at once. */
  perUserOnceKnown: RequestHandler;
  /** /api calls whose bearer token is refused (401s), per client address. */
  failedTokenPerIp: RequestHandler;
  /** Sign-in failures per account and address (runs after the body parser). */
  signInPerAccount: RequestHandler;
  /** Newsletter sign-ups per address and hour. */
  newsletterPerIp: RequestHandler;
  /** Signed-in calls per user, job polling excepted. */
  perUser: RequestHandler;
  /** Job status polling per user. */
  jobPolling: RequestHandler;
  /** AI tool submissions per user. */
  aiPerUser: RequestHandler;
}

export interface RateLimitDeps {
  /** Told once when the shared counters go away and once when they are back. */
  log?: { warn(message: string): void; info(message: string): void };
  /**
   * Resolves the request's credential to a user (setting req.user), for a call over the
   * anonymous limit: a signed-in caller is never held to it. Without it, no header exempts.
   */
  resolveUser?(req: Request, res: Response): Promise<boolean>;
}

type LimitConfig = Pick<AppConfig, 'RATE_LIMIT_PER_MINUTE' | 'AI_RATE_LIMIT_PER_MINUTE' | 'SIGN_IN_RATE_LIMIT_PER_MINUTE' | 'JOB_POLL_RATE_LIMIT_PER_MINUTE' | 'QUEUE_PREFIX'>;

const hasBearer = (req: Request) => /^Bearer\s/i.test(req.headers.authorization ?? '');
const isJobPoll = (req: Request) => req.method === 'GET' && /^\/jobs\//.test(req.path);

export function createRateLimits(config: LimitConfig, redis: Redis | null, deps: RateLimitDeps = {}): RateLimits {
  const prefixOf = (name: string) => `${config.QUEUE_PREFIX}:rate-limit:${name}:`;
  const state = redis ? new SharedStoreState(redis, deps.log) : null;
  const counterFor = (name: string, windowMs: number, limit: number): HitCounter => {
    const local = new LocalCounter(windowMs);
    if (!redis || !state) return local;
    return new FallbackCounter(new BatchedRedisStore(redis, prefixOf(name), Date.now, { windowMs, limit }), local, state);
  };

  const refuseWith = (what: string) => (_req: Request, res: Response, seconds: number) => {
    sendError(res, 'rate_limited', `${what} Please try again in ${seconds} seconds.`, { retryAfterSeconds: seconds, extra: { retryAfter: seconds } });
  };
  /**
   * Every limit (fast-limiter.ts): cheap hits far below a large limit are counted in batches
   * (rate-limit-store.ts), so a call costs no Redis round trip and no await; small limits send
   * every hit to Redis.
   */
  type LimitOptions = Pick<FastLimiterOptions, 'key' | 'skip' | 'counts' | 'headers' | 'exempt'> & { windowMs?: number };
  const limit = (name: string, max: number, what: string, { windowMs = WINDOW_MS, ...options }: LimitOptions) => fastLimiter({
    windowMs,
    limit: max,
    counter: counterFor(name, windowMs, max),
    refuse: refuseWith(what),
    ...options,
  });

  const userKey = (req: Request) => `user:${req.user!.id}`;
  // Addresses as express-rate-limit counts them: an IPv6 client by its /56 network.
  const ipKey = (req: Request) => ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? 'unknown');
  // A request counted here once, whether its user was resolved by the anonymous limit or by requireAuth.
  const countedPerUser = new WeakSet<Request>();
  const perUser = limit('user', config.RATE_LIMIT_PER_MINUTE, 'You are sending requests too quickly.', {
    key: userKey,
    skip: (req) => {
      if (isJobPoll(req) || countedPerUser.has(req)) return true;
      countedPerUser.add(req);
      return false;
    },
  });
  const resolveUser = deps.resolveUser;
  return {
    anonymousPerIp: limit('ip', config.RATE_LIMIT_PER_MINUTE, 'Too many requests from your network.', {
      key: ipKey,
      // Every call counts here until its credential has resolved to a user (requireAuth sets
      // req.user); then the hit is taken back and the per-user limit is the one that applies.
      counts: (res) => !res.req.user,
      // Over the limit, a bearer token is resolved now: a user passes (perUserOnceKnown follows).
      exempt: resolveUser ? async (req, res) => hasBearer(req) && resolveUser(req, res) : undefined,
      // Calls with a token meet the per-user limit, whose headers are the ones the caller sees.
      headers: (req) => !hasBearer(req),
    }),
    perUserOnceKnown: (req, res, next) => (req.user ? perUser(req, res, next) : next()),
    failedTokenPerIp: limit('ip-failed-token', config.RATE_LIMIT_PER_MINUTE, 'Too many requests with a session that is not valid.', {
      key: ipKey,
      skip: (req) => !hasBearer(req),
      // Only rejected tokens count: users' own 400s and 402s must not add up against their office.
      counts: (res) => res.statusCode === 401,
      headers: false,
    }),
    signInPerAccount: limit('account', config.SIGN_IN_RATE_LIMIT_PER_MINUTE, 'Too many sign-in attempts for this account.', {
      skip: (req) => typeof req.body?.email !== 'string',
      // The account and the address together: guesses from elsewhere cannot lock the owner out.
      key: (req) => `account:${String(req.body.email).trim().toLowerCase()}:${ipKey(req)}`,
      // Only failed attempts count; the owner's successful sign-in costs nothing.
      counts: (res) => res.statusCode === 401,
    }),
    newsletterPerIp: limit('newsletter', NEWSLETTER_PER_HOUR, 'Too many newsletter sign-ups from your network.', {
      windowMs: HOUR_MS,
      key: ipKey,
      // Only sign-ups that were stored count; a mistyped address costs nothing.
      counts: (res) => res.statusCode < 400,
    }),
    perUser,
    jobPolling: limit('job-poll', config.JOB_POLL_RATE_LIMIT_PER_MINUTE, 'You are checking on jobs too often.', { key: userKey }),
    aiPerUser: limit('ai', config.AI_RATE_LIMIT_PER_MINUTE, 'You are sending requests too quickly.', { key: userKey }),
  };
}

/** A sign-in without a password is refused before it can count as an attempt on the account. */
export const passwordRequired: RequestHandler = (req, res, next) => {
  const password = (req.body as { password?: unknown } | undefined)?.password;
  if (typeof password === 'string' && password.length > 0) return next();
  sendError(res, 'bad_request', 'Enter your password.');
};
