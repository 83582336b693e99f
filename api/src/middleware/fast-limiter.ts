/**
 * The limiter of the calls every page makes (per address, per user, job polling): the same
 * fixed one-minute window, the same counters in Redis (rate-limit-store.ts) and the same
 * replies as express-rate-limit (RateLimit / RateLimit-Policy headers of IETF draft 8,
 * Retry-After and a 429), but without its per-call overhead: a hit counted locally is answered
 * without a single await, and the draft's partition key is hashed once per client, not per call.
 * express-rate-limit cost a quarter of a cached list read's CPU; this costs a few microseconds.
 */
import { createHash } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { IncrementResponse } from 'express-rate-limit';

export interface HitCounter {
  /** Counts one hit; answers at once when it can. */
  increment(key: string): IncrementResponse | Promise<IncrementResponse>;
  /** Takes one hit back (a call that does not count after all). */
  decrement(key: string): void | Promise<void>;
}

export interface FastLimiterOptions {
  windowMs: number;
  limit: number;
  counter: HitCounter;
  key(req: Request): string;
  skip?(req: Request): boolean;
  /** Given: a hit is taken back when its reply does not count (by its status). */
  counts?(res: Response): boolean;
  /**
   * Asked only for a hit over the limit: true takes the hit back and lets the request pass (a
   * caller whose credential resolves to a user is not held to the anonymous limit).
   */
  exempt?(req: Request, res: Response): Promise<boolean>;
  /** Writes the RateLimit headers (off when a later limiter writes the ones the caller sees). */
  headers?: boolean | ((req: Request) => boolean);
  /** Sends the 429 (Retry-After is set already). */
  refuse(req: Request, res: Response, retryAfterSeconds: number): void;
}

export interface RateLimitInfo { limit: number; used: number; remaining: number; resetTime?: Date; key: string }

declare module 'express-serve-static-core' {
  interface Request {
    rateLimit?: RateLimitInfo;
  }
}

/** In-process counters for a single process (no Redis): fixed windows, forgotten once past. */
export class LocalCounter implements HitCounter {
  private current = new Map<string, { hits: number; resetAt: number }>();
  private previous = new Map<string, { hits: number; resetAt: number }>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly windowMs: number) {
    // Every window the older generation goes: what it held has expired.
    this.timer = setInterval(() => { this.previous = this.current; this.current = new Map(); }, windowMs);
    this.timer.unref();
  }

  increment(key: string): IncrementResponse {
    const now = Date.now();
    let entry = this.current.get(key) ?? this.previous.get(key);
    if (!entry || entry.resetAt <= now) entry = { hits: 0, resetAt: now + this.windowMs };
    this.current.set(key, entry);
    entry.hits += 1;
    return { totalHits: entry.hits, resetTime: new Date(entry.resetAt) };
  }

  decrement(key: string): void {
    const entry = this.current.get(key) ?? this.previous.get(key);
    if (entry && entry.hits > 0) entry.hits -= 1;
  }
}

const MAX_PARTITION_KEYS = 10_000;

export function fastLimiter(options: FastLimiterOptions): RequestHandler {
  const { windowMs, limit, counter } = options;
  const windowSeconds = Math.ceil(windowMs / 1000);
  const name = `${limit}-in-${windowMs % 60_000 === 0 ? `${windowMs / 60_000}min` : `${windowSeconds}sec`}`;
  const policyStart = `"${name}"; q=${limit}; w=${windowSeconds}; pk=:`;
  const partitionKeys = new Map<string, string>();
  const partitionKey = (key: string) => {
    let pk = partitionKeys.get(key);
    if (pk === undefined) {
      if (partitionKeys.size >= MAX_PARTITION_KEYS) partitionKeys.clear();
      pk = Buffer.from(createHash('sha256').update(key).digest('hex').slice(0, 12)).toString('base64');
      partitionKeys.set(key, pk);
    }
    return pk;
  };

  const decide = (req: Request, res: Response, next: NextFunction, key: string, hit: IncrementResponse) => {
    const remaining = Math.max(limit - hit.totalHits, 0);
    const resetSeconds = hit.resetTime ? Math.max(0, Math.ceil((hit.resetTime.getTime() - Date.now()) / 1000)) : windowSeconds;
    req.rateLimit = { limit, used: hit.totalHits, remaining, resetTime: hit.resetTime, key };
    const headers = typeof options.headers === 'function' ? options.headers(req) : options.headers !== false;
    if (headers && !res.headersSent) {
      res.append('RateLimit', `"${name}"; r=${remaining}; t=${resetSeconds}`);
      res.append('RateLimit-Policy', `${policyStart}${partitionKey(key)}:`);
    }
    const resetAt = hit.resetTime?.getTime() ?? Infinity;
    let takenBack = false;
    const takeBack = () => {
      if (takenBack || Date.now() >= resetAt) return;
      takenBack = true;
      void Promise.resolve(counter.decrement(key)).catch(() => undefined);
    };
    const counts = options.counts;
    if (counts) res.once('finish', () => { if (!counts(res)) takeBack(); });
    if (hit.totalHits > limit) {
      const refuse = () => {
        const retryAfter = Math.max(1, resetSeconds);
        res.setHeader('Retry-After', String(retryAfter));
        options.refuse(req, res, retryAfter);
      };
      if (!options.exempt) return refuse();
      options.exempt(req, res).then((exempt) => {
        if (!exempt) return refuse();
        takeBack();
        next();
      }, next);
      return;
    }
    next();
  };

  return (req, res, next) => {
    if (options.skip?.(req)) return next();
    const key = options.key(req);
    let hit: IncrementResponse | Promise<IncrementResponse>;
    try {
      hit = counter.increment(key);
    } catch (err) {
      // Never uncounted: the counters fall back to this process when Redis is away
      // (rate-limit-store.ts), so an error here is a fault, not an outage.
      return next(err);
    }
    if (!(hit instanceof Promise)) return decide(req, res, next, key, hit);
    hit.then((answer) => decide(req, res, next, key, answer), next).catch(next);
  };
}
