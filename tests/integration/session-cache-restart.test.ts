/**
 * The session cache's subscription to drops across a Redis restart: nothing is cached while it is
 * down, and once Redis is back the cache subscribes again (by itself: ioredis' own re-subscription
 * is not awaited and left an unhandled rejection when the app closed right after a restart), so a
 * sign-out on another replica is heard again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionCache, type SessionCache } from '@craftwell/api/auth/session-cache';
import type { AuthUser } from '@craftwell/api/auth/types';
import { findRedisServer } from '@craftwell/api/embedded/redis';
import { startPrivateRedis, type PrivateRedis } from '../support/private-services.js';

// A private redis-server (from PATH) that the test may kill.
const redisBin = findRedisServer();
if (!redisBin && process.env.CI) throw new Error('redis-server must be on PATH in CI for the session cache restart test');
if (!redisBin) console.warn('[craftwell tests] skipping: no redis-server on PATH for the session cache restart test');

describe.skipIf(!redisBin)('session cache across a Redis restart', () => {
  let redis: PrivateRedis;
  let here: SessionCache;
  let there: SessionCache;
  const user: AuthUser = { id: 'u1', email: 'u1@example.com', name: 'U', image: null, plan: 'free', isAdmin: false };

  beforeAll(async () => {
    redis = await startPrivateRedis();
    [here, there] = await Promise.all([0, 1].map(() => createSessionCache({ redisUrl: redis.url, channel: 'cwtest:drops', ttlMs: 60_000 })));
  });

  afterAll(async () => {
    await Promise.all([here?.close(), there?.close()]);
    await redis?.destroy();
  });

  /** Loads counted: a cached answer costs none. */
  async function lookUp(cache: SessionCache, token: string): Promise<number> {
    let loads = 0;
    await cache.remember(token, async () => { loads++; return user; });
    return loads;
  }

  async function until(what: string, check: () => Promise<boolean>): Promise<void> {
    for (let i = 0; i < 200; i++) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  it('when Redis restarts, then nothing is cached while it is away, and a drop on another replica is heard once it is back', async () => {
    await lookUp(here, 'token-a');
    expect(await lookUp(here, 'token-a')).toBe(0);

    await redis.kill();
    await until('the subscription to be seen down', async () => (await lookUp(here, 'token-a')) === 1);
    // Down: every lookup loads, none is kept.
    expect(await lookUp(here, 'token-a')).toBe(1);

    await redis.start();
    // Back and subscribed again: the answer is cached once more.
    await until('caching to resume', async () => (await lookUp(here, 'token-a')) === 0);
    await until('the other replica to be back', async () => (await lookUp(there, 'token-b')) === 0);

    await there.forgetToken('token-a');
    await until('the drop to be heard', async () => (await lookUp(here, 'token-a')) === 1);
  });
});
