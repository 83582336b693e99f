/**
 * Service requirements for tests. In CI (CI=true) a missing service fails the test file; on a
 * laptop the tests that need it are skipped with a notice saying why.
 */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';

export type Service = 'postgres' | 'redis';

export function serviceUrl(service: Service): string | null {
  const url = service === 'postgres' ? inject('postgresUrl') : inject('redisUrl');
  if (url) return url;
  const why = `${service} is not available (${inject('servicesNote') || 'not configured'})`;
  if (process.env.CI === 'true' || process.env.CI === '1') {
    throw new Error(`${why}. CI must provide it: set ${service === 'postgres' ? 'DATABASE_URL' : 'REDIS_URL'}.`);
  }
  console.warn(`[craftwell tests] skipping: ${why}. Set ${service === 'postgres' ? 'DATABASE_URL' : 'REDIS_URL'} to run these tests.`);
  return null;
}

/** Redis when the run has one (BullMQ, the production path), else null (in-process queue). */
export function optionalRedisUrl(): string | null {
  return inject('redisUrl');
}

/**
 * A prefix for a test's keys in Redis (queues, rate-limit counters): `<kind>-<run>-<random>`. The
 * run's id is set by the global setup, which deletes every key of the run when it ends, so a
 * shared Redis keeps nothing of a test run. The fault suite has no global setup: it runs its own
 * Redis, gone with it, and its processes take an id of their own.
 */
export function testKeyPrefix(kind = 'cwtest'): string {
  const run = (process.env.CRAFTWELL_TEST_RUN ??= randomBytes(4).toString('hex'));
  return `${kind}-${run}-${randomBytes(4).toString('hex')}`;
}
