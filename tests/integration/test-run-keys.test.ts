/**
 * The tests' Redis keys are the run's own: testKeyPrefix() puts the run's id in each prefix, and
 * the global setup's teardown deletes them (deleteRunKeys), leaving every other key alone.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteRunKeys } from '../setup/global-services.js';
import { serviceUrl, testKeyPrefix } from '../support/services.js';

const redisUrl = serviceUrl('redis');

describe.skipIf(!redisUrl)('a test run\'s Redis keys', () => {
  let redis: Redis;
  beforeAll(() => { redis = new Redis(redisUrl!); });
  afterAll(() => redis.disconnect());

  it('carry the run\'s id, and deleting the run\'s keys deletes them all and nothing else', async () => {
    expect(testKeyPrefix()).toContain(`-${process.env.CRAFTWELL_TEST_RUN}-`);
    // Another run's id, so this run's own keys (other files running now) are not touched.
    const run = randomBytes(4).toString('hex');
    const mine = Array.from({ length: 1500 }, (_, i) => `cwtest-${run}-${i % 3}:queue:${i}`);
    const others = [`cwtest-${randomBytes(4).toString('hex')}-a:queue:1`, `craftwell-${run}`, `${run}-plain`];
    await redis.mset(...[...mine, ...others].flatMap((key) => [key, '1']));
    try {
      expect(await deleteRunKeys(redisUrl!, run)).toBe(mine.length);
      expect(await redis.exists(...mine)).toBe(0);
      expect(await redis.exists(...others)).toBe(others.length);
    } finally {
      await redis.del(...mine, ...others);
    }
  });
});
