import { describe, expect, it } from 'vitest';
import { createBullmqProducer, createBullmqRunner } from '../bullmq.js';
import { runQueueConformance } from '../conformance/queue-conformance.js';
import { QueueUnavailableError } from '../types.js';
import { deletePrefix, redisAvailable, TEST_REDIS_URL, uniquePrefix } from './helpers/redis.js';

const processorUrl = new URL('./fixtures/echo-processor.ts', import.meta.url).href;
const available = await redisAvailable();

describe.skipIf(!available)('BullMQ adapter', () => {
  runQueueConformance('bullmq', async ({ concurrency, backoffMs }) => {
    const prefix = uniquePrefix('bullmq');
    return {
      producer: createBullmqProducer({ redisUrl: TEST_REDIS_URL, prefix, backoffMs }),
      runner: createBullmqRunner({ redisUrl: TEST_REDIS_URL, prefix, queues: ['text'], concurrency, processorUrl, abortGraceMs: 1000, log: () => {} }),
      cleanup: () => deletePrefix(prefix),
    };
  });
});

describe('BullMQ producer without Redis', () => {
  it('when Redis is unreachable at request time, then calls fail fast with QueueUnavailableError', async () => {
    // Port 1 on loopback: nothing listens there, connections are refused at once.
    const producer = createBullmqProducer({ redisUrl: 'redis://127.0.0.1:1', prefix: uniquePrefix('down') });
    try {
      const startedAt = Date.now();
      await expect(producer.enqueue('test-echo', { userId: 'u', text: 'x', mode: 'ok', save: false })).rejects.toBeInstanceOf(QueueUnavailableError);
      await expect(producer.getStatus('text-abc')).rejects.toBeInstanceOf(QueueUnavailableError);
      await expect(producer.waitForResult('text-abc', 5000)).rejects.toBeInstanceOf(QueueUnavailableError);
      await expect(producer.ping()).rejects.toMatchObject({ status: 503 });
      expect(Date.now() - startedAt).toBeLessThan(1000);
    } finally {
      await producer.close();
    }
  });
});
