/**
 * Rate limits that fit real use:
 * - signed-in calls count per user (an office behind one address does not throttle itself);
 * - job polling has its own, generous allowance (a 60 s job polled every 500 ms is 120 calls);
 * - calls without a session count per client address, and calls with a bad token count against
 *   the address too (only failures, so guessing tokens is bounded but real users are not);
 * - sign-in counts per address (better-auth) and per account (here).
 * With Redis the counters live there, shared by every api replica; without it (single-process
 * mode) they live in this process. Every 429 carries Retry-After and says when to try again.
 */
import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit, type Options, type Store } from 'express-rate-limit';
import type { Redis } from 'ioredis';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import type { AppConfig } from '@craftwell/core/config/env';
import { BatchedRedisStore } from './rate-limit-store.js';
import { fastLimiter, LocalCounter, type FastLimiterOptions } from './fast-limiter.js';
import { sendError } from './error-handler.js';

const WINDOW_MS = 60_000;

export interface RateLimits {
  /** /api calls without a bearer token, per client address. */
  anonymousPerIp: RequestHandler;
  /** /api calls whose bearer token is refused (401s), per client address. */
  failedTokenPerIp: RequestHandler;
  /** Sign-in attempts per e-mail address (runs after the body parser). */
  signInPerAccount: RequestHandler;
  /** Signed-in calls per user, job polling excepted. */
  perUser: RequestHandler;
  /** Job status polling per user. */
  jobPolling: RequestHandler;
  /** AI tool submissions per user. */
  aiPerUser: RequestHandler;
}

type LimitConfig = Pick<AppConfig, 'RATE_LIMIT_PER_MINUTE' | 'AI_RATE_LIMIT_PER_MINUTE' | 'SIGN_IN_RATE_LIMIT_PER_MINUTE' | 'JOB_POLL_RATE_LIMIT_PER_MINUTE' | 'QUEUE_PREFIX'>;

const hasBearer = (req: Request) => /^Bearer\s/i.test(req.headers.authorization ?? '');
const isJobPoll = (req: Request) => req.method === 'GET' && /^\/jobs\//.test(req.path);

export function createRateLimits(config: LimitConfig, redis: Redis | null): RateLimits {
  const prefixOf = (name: string) => `${config.QUEUE_PREFIX}:rate-limit:${name}:`;
  // Sign-in and AI limits are small and guard costly or sensitive calls: every hit goes to Redis.
  const storeFor = (name: string): Store | undefined => redis
    ? new RedisStore({
      prefix: prefixOf(name),
      sendCommand: (command: string, ...args: string[]) => redis.call(command, ...args) as Promise<RedisReply>,
    })
    : undefined;

  const refuseWith = (what: string) => (_req: Request, res: Response, seconds: number) => {
    sendError(res, 'rate_limited', `${what} Please try again in ${seconds} seconds.`, { retryAfterSeconds: seconds, extra: { retryAfter: seconds } });
  };
  /**
   * The limits every cheap read passes (fast-limiter.ts): counted in batches far below the limit
   * (rate-limit-store.ts), so a call costs no Redis round trip and no await.
   */
  const fast = (name: string, limit: number, what: string, options: Pick<FastLimiterOptions, 'key' | 'skip' | 'counts' | 'headers'>) => fastLimiter({
    windowMs: WINDOW_MS,
    limit,
    counter: redis ? new BatchedRedisStore(redis, prefixOf(name), Date.now, { windowMs: WINDOW_MS, limit }) : new LocalCounter(WINDOW_MS),
    refuse: refuseWith(what),
    ...options,
  });

  const limiter = (name: string, limit: number, what: string, options: Partial<Options> = {}) => rateLimit({
    windowMs: WINDOW_MS,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    // A Redis outage must not take the api down with it: the request passes uncounted.
    passOnStoreError: true,
    store: storeFor(name),
    handler: (req, res) => {
      const seconds = Number(res.getHeader('Retry-After')) || WINDOW_MS / 1000;
      res.setHeader('Retry-After', String(seconds));
      refuseWith(what)(req, res, seconds);
    },
    ...options,
  });

  const userKey = (req: Request) => `user:${req.user!.id}`;
  // Addresses as express-rate-limit counts them: an IPv6 client by its /56 network.
  const ipKey = (req: Request) => ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? 'unknown');
  return {
    anonymousPerIp: fast('ip', config.RATE_LIMIT_PER_MINUTE, 'Too many requests from your network.', { key: ipKey, skip: hasBearer }),
    failedTokenPerIp: fast('ip-failed-token', config.RATE_LIMIT_PER_MINUTE, 'Too many requests with a session that is not valid.', {
      key: ipKey,
      skip: (req) => !hasBearer(req),
      // Only rejected tokens count: users' own 400s and 402s must not add up against their office.
      counts: (res) => res.statusCode === 401,
      // Every call with a token it lets through meets the per-user limit, whose headers are the
      // ones the caller sees.
      headers: false,
    }),
    signInPerAccount: limiter('account', config.SIGN_IN_RATE_LIMIT_PER_MINUTE, 'Too many sign-in attempts for this account.', {
      skip: (req) => typeof req.body?.email !== 'string',
      keyGenerator: (req) => `account:${String(req.body.email).trim().toLowerCase()}`,
    }),
    perUser: fast('user', config.RATE_LIMIT_PER_MINUTE, 'You are sending requests too quickly.', { key: userKey, skip: isJobPoll }),
    jobPolling: fast('job-poll', config.JOB_POLL_RATE_LIMIT_PER_MINUTE, 'You are checking on jobs too often.', { key: userKey }),
    aiPerUser: limiter('ai', config.AI_RATE_LIMIT_PER_MINUTE, 'You are sending requests too quickly.', { keyGenerator: userKey }),
  };
}
