/**
 * The batched rate-limit store (api/src/middleware/rate-limit-store.ts): far below a limit, hits
 * cost no Redis round trip and reach Redis in one batch; near it, every hit goes to Redis, so two
 * replicas still refuse at exactly the same count.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Options } from 'express-rate-limit';
import { BatchedRedisStore } from '@craftwell/api/middleware/rate-limit-store';
import { createRateLimits } from '@craftwell/api/middleware/rate-limits';
import { optionalRedisUrl, testKeyPrefix } from '../support/services.js';

const redisUrl = optionalRedisUrl();

describe.skipIf(!redisUrl)('batched rate-limit store', () => {
  let redis: Redis;
  let other: Redis;
  const prefix = `${testKeyPrefix()}:rate-limit:`;
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

describe.skipIf(!redisUrl)('rate limits while Redis is away', () => {
  const prefix = testKeyPrefix();
  let client: Redis;
  let server: http.Server;
  let url = '';
  const lines: string[] = [];

  beforeAll(async () => {
    client = new Redis(redisUrl!, { maxRetriesPerRequest: 1, commandTimeout: 1_000 });
    client.on('error', () => undefined);
    await new Promise((resolve) => client.once('ready', resolve));
    const log = { warn: (m: string) => { lines.push(`down: ${m}`); }, info: (m: string) => { lines.push(`back: ${m}`); } };
    const limits = createRateLimits({
      RATE_LIMIT_PER_MINUTE: 5, AI_RATE_LIMIT_PER_MINUTE: 5, SIGN_IN_RATE_LIMIT_PER_MINUTE: 5, JOB_POLL_RATE_LIMIT_PER_MINUTE: 5, QUEUE_PREFIX: prefix,
    }, client, { log });
    const app = express();
    app.get('/', limits.anonymousPerIp, (_req, res) => { res.json({ ok: true }); });
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    const keys = await client.keys(`${prefix}*`);
    if (keys.length) await client.del(...keys);
    await client.quit();
  });

  it('when Redis goes away, then every limit still holds (counted in this process), and the log says so once each way', async () => {
    const statuses = async (n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push((await fetch(url)).status);
      return out;
    };
    expect(await statuses(2)).toEqual([200, 200]);
    client.disconnect();
    // While it is away: the whole limit, counted here, then 429s; never an uncounted pass.
    expect(await statuses(30)).toEqual([...Array(5).fill(200), ...Array(25).fill(429)]);
    expect(lines).toEqual(['down: rate limits: Redis is not answering; counting in this process until it is back']);
    await client.connect();
    // Back in Redis: the two calls counted there before the outage, three more, then 429.
    expect(await statuses(4)).toEqual([200, 200, 200, 429]);
    expect(lines).toEqual([
      'down: rate limits: Redis is not answering; counting in this process until it is back',
      'back: rate limits: Redis is back; counting in Redis again',
    ]);
  });
});
