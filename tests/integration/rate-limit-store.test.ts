/**
 * The batched rate-limit store (api/src/middleware/rate-limit-store.ts): far below a limit, hits
 * cost no Redis round trip and reach Redis in one batch; near it, every hit goes to Redis, so two
 * replicas still refuse at exactly the same count.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Options } from 'express-rate-limit';
import { BatchedRedisStore } from '@craftwell/api/middleware/rate-limit-store';
import { optionalRedisUrl } from '../support/services.js';

const redisUrl = optionalRedisUrl();

describe.skipIf(!redisUrl)('batched rate-limit store', () => {
  let redis: Redis;
  let other: Redis;
  const prefix = `cwtest-${randomBytes(4).toString('hex')}:rate-limit:`;
  const store = (client: Redis, limit: number) => {
    const s = new BatchedRedisStore(client, prefix);
    s.init({ windowMs: 60_000, limit } as Options);
    return s;
  };
  const shared = async (key: string) => Number(await redis.get(prefix + key));

  beforeAll(() => {
    redis = new Redis(redisUrl!);
    other = new Redis(redisUrl!);
  });

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    await other.quit();
  });

  it('when a client is far below its limit, then its hits are counted here and reach Redis in one batch', async () => {
    const s = store(redis, 1_000);
    const first = await s.increment('far');
    expect(first.totalHits).toBe(1);
    expect(await shared('far')).toBe(1);
    // Every single command (not the batch's pipeline) goes through sendCommand.
    let sent = 0;
    const original = redis.sendCommand.bind(redis);
    redis.sendCommand = ((command: never) => { sent += 1; return original(command); }) as typeof redis.sendCommand;
    const totals = [];
    for (let i = 0; i < 100; i++) totals.push((await s.increment('far')).totalHits);
    expect(totals[99]).toBe(101);
    expect(sent).toBe(0);
    expect(await shared('far')).toBe(1);
    redis.sendCommand = original;
    await s.flush();
    expect(await shared('far')).toBe(101);
    const reply = await s.increment('far');
    expect(reply.totalHits).toBe(102);
    expect(reply.resetTime!.getTime()).toBeGreaterThan(Date.now() + 50_000);
    await s.shutdown();
  });

  it('when two replicas share a small limit, then every call counts against one total at once', async () => {
    const a = store(redis, 4);
    const b = store(other, 4);
    const totals = [];
    for (let i = 0; i < 6; i++) totals.push((await (i % 2 ? b : a).increment('small')).totalHits);
    expect(totals).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await shared('small')).toBe(6);
  });

  it('when a client nears a large limit, then its hits go to Redis at once and both replicas see every one', async () => {
    const a = store(redis, 200);
    const b = store(other, 200);
    for (let i = 0; i < 100; i++) await a.increment('large');
    await a.flush();
    expect(await shared('large')).toBe(100);
    // From half the limit on, each hit is sent as it comes: the totals interleave exactly.
    const totals = [];
    for (let i = 0; i < 6; i++) totals.push((await (i % 2 ? b : a).increment('large')).totalHits);
    expect(totals).toEqual([101, 102, 103, 104, 105, 106]);
  });

  it('when hits were decremented (successful calls that do not count), then Redis ends with the net count', async () => {
    const s = store(redis, 1_000);
    await s.increment('net');
    for (let i = 0; i < 10; i++) {
      await s.increment('net');
      await s.decrement('net');
    }
    await s.flush();
    expect(await shared('net')).toBe(1);
  });
});
