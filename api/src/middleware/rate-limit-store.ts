/**
 * A rate-limit store whose counters live in Redis (shared by every api replica) but whose cheap
 * hits cost no round trip: while a client is far below its limit, hits are counted here and sent
 * to Redis in batches (every FLUSH_MS, one pipeline for all keys), and the answer is the last
 * shared total plus this replica's unsent hits. Once a client's count reaches half its limit, or
 * when this replica has not heard the shared total for a while, every hit goes to Redis at once
 * again, so the limit itself is enforced exactly as before: the 429 comes at the same count
 * whichever replica the calls reach. Half a limit is a wide margin: other replicas would have to
 * send that many calls for one client within one flush interval to get past it unseen. Limits
 * under MIN_BATCHED_LIMIT are not batched at all.
 */
import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from 'express-rate-limit';
import type { Redis } from 'ioredis';
import type { HitCounter } from './fast-limiter.js';

/** How often batched hits go to Redis. */
export const FLUSH_MS = 100;
/** A shared total older than this no longer lets hits be counted locally. */
const STALE_MS = 1_000;
/** Below this share of the limit, hits are counted locally. */
const LOCAL_SHARE = 0.5;
/** Smaller limits gain nothing from batching: every hit goes to Redis, exact at every count. */
export const MIN_BATCHED_LIMIT = 100;

/** INCRBY with the window's expiry set by the first hit; answers [total, ms left in the window]. */
const INCREMENT_SCRIPT = `
local total = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {total, ttl}`;

interface Counter {
  /** The shared total Redis last answered, this replica's hits included. */
  shared: number;
  /** Hits counted here and not yet sent (negative after decrements). */
  unsent: number;
  /** When the window ends (from Redis' PTTL). */
  resetAt: number;
  /** When Redis last answered for this key. */
  heardAt: number;
  /** A flush of this key is on its way: hits it carries are in `sending`. */
  sending: number;
}

type IncrementReply = [number, number];
type RedisWithScript = Redis & { craftwellRateLimitIncrement(key: string, delta: number, windowMs: number): Promise<IncrementReply> };

export class BatchedRedisStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  private windowMs = 60_000;
  private limit = Infinity;
  private readonly counters = new Map<string, Counter>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private readonly redis: RedisWithScript;

  constructor(redis: Redis, prefix: string, private readonly now: () => number = Date.now, window?: { windowMs: number; limit: number }) {
    this.prefix = prefix;
    if (window) this.init(window as Options);
    if (!('craftwellRateLimitIncrement' in redis)) {
      redis.defineCommand('craftwellRateLimitIncrement', { numberOfKeys: 1, lua: INCREMENT_SCRIPT });
    }
    this.redis = redis as RedisWithScript;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
    // A limit computed per request cannot be known here: every hit then goes to Redis.
    this.limit = typeof options.limit === 'number' && options.limit >= MIN_BATCHED_LIMIT ? options.limit : 0;
  }

  private async send(key: string, delta: number): Promise<Counter> {
    const [total, ttl] = await this.redis.craftwellRateLimitIncrement(this.prefix + key, delta, this.windowMs);
    const now = this.now();
    let counter = this.counters.get(key);
    if (!counter) this.counters.set(key, (counter = { shared: 0, unsent: 0, resetAt: 0, heardAt: 0, sending: 0 }));
    counter.shared = Number(total);
    counter.resetAt = now + Number(ttl);
    counter.heardAt = now;
    return counter;
  }

  private reply(counter: Counter): IncrementResponse {
    return { totalHits: counter.shared + counter.sending + counter.unsent, resetTime: new Date(counter.resetAt) };
  }

  /** Answers at once (no promise) for a hit counted locally. */
  increment(key: string): IncrementResponse | Promise<IncrementResponse> {
    const now = this.now();
    const counter = this.counters.get(key);
    if (counter && counter.resetAt > now && now - counter.heardAt < STALE_MS
      && counter.shared + counter.sending + counter.unsent + 1 <= this.limit * LOCAL_SHARE) {
      counter.unsent += 1;
      this.scheduleFlush();
      return this.reply(counter);
    }
    return this.sendNow(key);
  }

  /** Near the limit, new, or not heard of lately: this hit and any unsent ones go now. */
  private async sendNow(key: string): Promise<IncrementResponse> {
    // After a batch on its way, so its reply cannot overwrite this newer total.
    if (this.flushing) await this.flushing;
    const current = this.counters.get(key);
    // Hits of a window that has ended count for nothing any more.
    const unsent = current && current.resetAt > this.now() ? current.unsent : 0;
    if (current) current.unsent = 0;
    try {
      return this.reply(await this.send(key, unsent + 1));
    } catch (err) {
      if (current) current.unsent += unsent;
      throw err;
    }
  }

  async decrement(key: string): Promise<void> {
    const counter = this.counters.get(key);
    if (counter && counter.resetAt > this.now()) {
      counter.unsent -= 1;
      this.scheduleFlush();
      return;
    }
    await this.redis.decr(this.prefix + key);
  }

  async resetKey(key: string): Promise<void> {
    this.counters.delete(key);
    await this.redis.del(this.prefix + key);
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const counter = this.counters.get(key);
    if (counter && counter.resetAt > this.now()) return this.reply(counter);
    return undefined;
  }

  private scheduleFlush(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, FLUSH_MS);
    this.timer.unref();
  }

  /** Sends every key's unsent hits in one pipeline; forgets counters whose window ended. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    this.flushing = this.flushOnce().finally(() => { this.flushing = null; });
    await this.flushing;
  }

  private async flushOnce(): Promise<void> {
    const now = this.now();
    const batch: Array<[string, Counter, number]> = [];
    for (const [key, counter] of this.counters) {
      if (counter.resetAt <= now && counter.sending === 0) {
        // Hits of an ended window count for nothing any more.
        this.counters.delete(key);
        continue;
      }
      if (counter.unsent === 0 || counter.sending !== 0) continue;
      batch.push([key, counter, counter.unsent]);
      counter.sending = counter.unsent;
      counter.unsent = 0;
    }
    if (!batch.length) return;
    const pipeline = this.redis.pipeline();
    for (const [key, , delta] of batch) void (pipeline as unknown as RedisWithScript).craftwellRateLimitIncrement(this.prefix + key, delta, this.windowMs);
    let replies: Array<[Error | null, unknown]> | null = null;
    try {
      replies = await pipeline.exec();
    } catch {
      replies = null;
    }
    const heardAt = this.now();
    batch.forEach(([, counter, delta], i) => {
      counter.sending = 0;
      const [err, reply] = replies?.[i] ?? [new Error('no reply'), null];
      if (err || !Array.isArray(reply)) {
        // Redis is away: the hits are sent again with the next flush.
        counter.unsent += delta;
        return;
      }
      counter.shared = Number(reply[0]);
      counter.resetAt = heardAt + Number(reply[1]);
      counter.heardAt = heardAt;
    });
    if ([...this.counters.values()].some((c) => c.unsent !== 0)) this.scheduleFlush();
  }

  async shutdown(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }
}

/** After a failed command, how long the counters stay in this process before Redis is tried again. */
export const RETRY_SHARED_MS = 1_000;

interface StateLog { warn(message: string): void; info(message: string): void }

/**
 * Whether the shared counters can be used: Redis connected and its last command answered. Every
 * change is logged once (down / back), never once per request.
 */
export class SharedStoreState {
  private up = true;
  private failedAt = 0;

  constructor(private readonly redis: Pick<Redis, 'status' | 'on'>, private readonly log?: StateLog, private readonly now: () => number = Date.now) {
    redis.on('ready', () => this.succeeded());
  }

  /** False while Redis is disconnected, and for a moment after a command failed. */
  available(): boolean {
    if (this.redis.status !== 'ready') {
      this.failed();
      return false;
    }
    return this.up || this.now() - this.failedAt >= RETRY_SHARED_MS;
  }

  succeeded(): void {
    if (this.up) return;
    this.up = true;
    this.log?.info('rate limits: Redis is back; counting in Redis again');
  }

  failed(): void {
    this.failedAt = this.now();
    if (!this.up) return;
    this.up = false;
    this.log?.warn('rate limits: Redis is not answering; counting in this process until it is back');
  }
}

/**
 * Counts in the shared store while it answers and in this process while it does not: a Redis
 * outage never turns a limit off (each replica then holds every client to the whole limit).
 */
export class FallbackCounter implements HitCounter {
  constructor(private readonly shared: HitCounter, private readonly local: HitCounter, private readonly state: SharedStoreState) {}

  increment(key: string): IncrementResponse | Promise<IncrementResponse> {
    if (!this.state.available()) return this.local.increment(key);
    let hit: IncrementResponse | Promise<IncrementResponse>;
    try {
      hit = this.shared.increment(key);
    } catch {
      this.state.failed();
      return this.local.increment(key);
    }
    if (!(hit instanceof Promise)) return hit;
    return hit.then(
      (answer) => { this.state.succeeded(); return answer; },
      () => { this.state.failed(); return this.local.increment(key); },
    );
  }

  decrement(key: string): void | Promise<void> {
    if (!this.state.available()) return this.local.decrement(key);
    return Promise.resolve(this.shared.decrement(key)).catch(() => this.local.decrement(key));
  }
}
