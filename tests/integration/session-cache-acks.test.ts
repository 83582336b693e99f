/**
 * A drop (sign-out, password change) returns only once every replica subscribed to the channel
 * has applied it: a replica that reads its socket late must not serve the old session to a
 * request the caller sends right after the reply. A replica that never answers holds a drop up
 * for the acknowledgement wait, no longer.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { createSessionCache, type SessionCache } from '@craftwell/api/auth/session-cache';
import { serviceUrl } from '../support/services.js';

const redisUrl = serviceUrl('redis');

/** Another replica on the channel that applies drops `delayMs` late, or never (`null`). */
async function slowReplica(url: string, channel: string, delayMs: number | null) {
  const sub = new Redis(url);
  const pub = new Redis(url);
  const applied: string[] = [];
  sub.on('message', (_c: string, text: string) => {
    const message = JSON.parse(text) as { id?: string; ack?: string };
    if (!message.id || delayMs === null) return;
    setTimeout(() => {
      applied.push(message.id!);
      void pub.publish(channel, JSON.stringify({ ack: message.id }));
    }, delayMs);
  });
  await sub.subscribe(channel);
  return { applied, close: async () => { await Promise.all([sub.quit(), pub.quit()]); } };
}

describe.skipIf(!redisUrl)('session cache drops are acknowledged by every replica', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => { await Promise.all(closers.splice(0).map((close) => close())); });

  async function cacheOn(channel: string, ackWaitMs?: number): Promise<SessionCache> {
    const cache = await createSessionCache({ redisUrl: redisUrl!, channel, ackWaitMs });
    closers.push(() => cache.close());
    return cache;
  }

  it('when another replica applies a drop late, then forgetting a token returns only after it has', async () => {
    const channel = `cwtest:acks:${randomUUID()}`;
    const replica = await slowReplica(redisUrl!, channel, 150);
    closers.push(replica.close);
    const cache = await cacheOn(channel);
    await cache.forgetToken('some-token');
    expect(replica.applied).toHaveLength(1);
    await cache.forgetUser('some-user');
    expect(replica.applied).toHaveLength(2);
  });

  it('when two caches share the channel, then a drop on one is applied on the other before it returns', async () => {
    const channel = `cwtest:acks:${randomUUID()}`;
    const [here, there] = [await cacheOn(channel), await cacheOn(channel)];
    const user = { id: 'u1', email: 'u1@example.com', name: 'U', image: null, plan: 'free' as const, isAdmin: false };
    await there.remember('token-a', async () => user);
    expect(there.peek('token-a')).toEqual(user);
    await here.forgetToken('token-a');
    expect(there.peek('token-a')).toBeUndefined();
  });

  it('when something else is published on the channel, then it is ignored and drops still work', async () => {
    const channel = `cwtest:acks:${randomUUID()}`;
    const [here, there] = [await cacheOn(channel), await cacheOn(channel)];
    const user = { id: 'u1', email: 'u1@example.com', name: 'U', image: null, plan: 'free' as const, isAdmin: false };
    await there.remember('token-b', async () => user);
    const other = new Redis(redisUrl!);
    closers.push(async () => { await other.quit(); });
    for (const junk of ['null', '5', '"text"', 'not json', '{"token":5}', '{"ack":7}', '{"user":"u1","id":9}', '[]']) await other.publish(channel, junk);
    expect(there.peek('token-b')).toEqual(user);
    await here.forgetToken('token-b');
    expect(there.peek('token-b')).toBeUndefined();
  });

  it('when a replica never answers, then a drop waits the acknowledgement time and no longer', async () => {
    const channel = `cwtest:acks:${randomUUID()}`;
    const replica = await slowReplica(redisUrl!, channel, null);
    closers.push(replica.close);
    const cache = await cacheOn(channel, 300);
    const started = performance.now();
    await cache.forgetToken('some-token');
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(5_000);
  });
});
