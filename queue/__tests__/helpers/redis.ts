/**
 * Redis for the queue tests: REDIS_URL, else redis://127.0.0.1:6379. In CI (CI=true) a missing
 * Redis fails the tests; locally they skip with a notice.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

export async function redisAvailable(): Promise<boolean> {
  const client = new Redis(TEST_REDIS_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch (error) {
    const reason = `Redis at ${TEST_REDIS_URL} is not reachable (${(error as Error).message})`;
    if (process.env.CI === 'true') throw new Error(reason);
    console.warn(`[queue tests] ${reason} — skipping the BullMQ suites locally.`);
    return false;
  } finally {
    client.disconnect();
  }
}

/** A key prefix no other test file uses, so files can run in parallel on one Redis. */
export function uniquePrefix(label: string): string {
  return `cwtest:${label}:${randomBytes(4).toString('hex')}`;
}

/** Deletes every key under a prefix. */
export async function deletePrefix(prefix: string): Promise<void> {
  const client = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  client.on('error', () => {});
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await client.del(...keys);
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
}
