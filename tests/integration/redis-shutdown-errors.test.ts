/**
 * Which "Connection is closed." rejections the test run does not count (vitest.config.ts): a
 * command a library issued for itself, never one our code issued. Real ioredis errors, with the
 * issuing place recorded by tests/setup/redis-stacks.ts.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { isLibraryCommandClosedAtShutdown } from '../support/redis-shutdown-errors.js';
import { serviceUrl } from '../support/services.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const redisUrl = serviceUrl('redis');

describe.skipIf(!redisUrl)('Redis commands rejected as their connection closes', () => {
  let client: Redis | undefined;
  afterEach(() => client?.disconnect());
  const key = `cw-test-never-filled-${process.pid}`;

  /** A blocking read in flight when the connection closes: it is rejected by the close handler. */
  async function closeWhileWaiting(issue: (client: Redis, done: (error: Error) => void) => void): Promise<Error> {
    client = new Redis(redisUrl!);
    await client.ping();
    const c = client;
    const error = new Promise<Error>((resolve) => issue(c, resolve));
    await new Promise((r) => setTimeout(r, 100));
    c.disconnect();
    return error;
  }

  it('when our code issued the command, then it counts, and its stack names our line', async () => {
    const error = await closeWhileWaiting((c, done) => { c.blpop(key, 5).catch(done); });
    expect(error.message).toBe('Connection is closed.');
    expect(error.stack).toContain('redis-shutdown-errors.test.ts');
    expect(isLibraryCommandClosedAtShutdown(error, REPO_ROOT)).toBe(false);
  });

  it('when no code of ours issued it (a callback of node or a library), then it does not count', async () => {
    const error = await closeWhileWaiting((c, done) => {
      // Issued from node's tick queue with no frame of ours above it; the answer comes to a callback.
      const blpop = c.blpop as (key: string, timeout: number, callback: (err?: Error | null) => void) => unknown;
      process.nextTick(blpop.bind(c, key, 5, (err) => done(err as Error)));
    });
    expect(error.message).toBe('Connection is closed.');
    expect(error.stack).not.toContain('redis-shutdown-errors.test.ts');
    expect(isLibraryCommandClosedAtShutdown(error, REPO_ROOT)).toBe(true);
  });

  it('when the place it was issued is not known (the close handler\'s own stack), then it counts', () => {
    const unknown = Object.assign(new Error('Connection is closed.'), {
      stack: 'Error: Connection is closed.\n    at close (/x/node_modules/ioredis/built/redis/event_handler.js:214:25)\n    at Socket.<anonymous> (/x/node_modules/ioredis/built/redis/event_handler.js:181:20)\n    at TCP.<anonymous> (node:net:343:12)',
    });
    expect(isLibraryCommandClosedAtShutdown(unknown, REPO_ROOT)).toBe(false);
    expect(isLibraryCommandClosedAtShutdown(new Error('Something else'), REPO_ROOT)).toBe(false);
  });
});
