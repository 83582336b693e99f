import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
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

describe.skipIf(!available)('BullMQ worker process killed mid-job', () => {
  it('when the worker process dies, then another worker picks the stalled job up and finishes it', async () => {
    const prefix = uniquePrefix('stalled');
    const producer = createBullmqProducer({ redisUrl: TEST_REDIS_URL, prefix });
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./fixtures/bullmq-child-runner.ts', import.meta.url))], {
      env: { ...process.env, REDIS_URL: TEST_REDIS_URL, QUEUE_PREFIX: prefix },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const survivor = createBullmqRunner({
      redisUrl: TEST_REDIS_URL, prefix, queues: ['text'], concurrency: 1, processorUrl,
      lockDurationMs: 1000, stalledIntervalMs: 500, log: () => {},
    });
    try {
      const [firstLine] = (await once(child.stdout!, 'data')) as [Buffer];
      expect(firstLine.toString()).toContain('ready');
      const { id } = await producer.enqueue('test-echo', { userId: 'u', text: '', mode: 'sleep', sleepMs: 1500, save: false });
      for (let i = 0; i < 200 && (await producer.getStatus(id))?.state !== 'active'; i++) await new Promise((r) => setTimeout(r, 25));
      expect((await producer.getStatus(id))?.state).toBe('active');
      child.kill('SIGKILL');
      await once(child, 'exit');
      await survivor.start();
      expect((await producer.waitForResult(id, 15_000)).content).toBe('slept 1500');
    } finally {
      child.kill('SIGKILL');
      await survivor.close(0);
      await producer.close();
      await deletePrefix(prefix);
    }
  });
});

describe.skipIf(!available)('BullMQ worker presence', () => {
  it('when a worker serves only the text queue, then presence says text yes, image and pdf no', async () => {
    const prefix = uniquePrefix('presence');
    const producer = createBullmqProducer({ redisUrl: TEST_REDIS_URL, prefix });
    const runner = createBullmqRunner({ redisUrl: TEST_REDIS_URL, prefix, queues: ['text'], concurrency: 1, processorUrl, log: () => {} });
    try {
      // A new producer connects on first use.
      for (let i = 0; i < 50 && !(await producer.ping().then(() => true, () => false)); i++) await new Promise((r) => setTimeout(r, 20));
      expect(await producer.workerPresence()).toEqual({ text: false, image: false, pdf: false });
      await runner.start();
      expect(await producer.workerPresence()).toEqual({ text: true, image: false, pdf: false });
    } finally {
      await runner.close(0);
      await producer.close();
      await deletePrefix(prefix);
    }
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

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startRedis(port: number): Promise<ChildProcess> {
  const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'pipe' });
  let output = '';
  redis.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (let i = 0; i < 100 && !output.includes('Ready to accept connections'); i++) await new Promise((r) => setTimeout(r, 50));
  if (!output.includes('Ready to accept connections')) throw new Error(`redis-server did not start: ${output}`);
  return redis;
}

describe.skipIf(!hasRedisServer)('BullMQ when Redis goes away and comes back', () => {
  it('when Redis stops, then calls fail fast with 503; when it is back, then jobs flow again without a restart', async () => {
    const port = await freePort();
    const redisUrl = `redis://127.0.0.1:${port}`;
    let redis = await startRedis(port);
    const prefix = uniquePrefix('outage');
    const producer = createBullmqProducer({ redisUrl, prefix });
    const runner = createBullmqRunner({ redisUrl, prefix, queues: ['text'], concurrency: 2, processorUrl, log: () => {} });
    const payload = { userId: 'u', text: 'after the outage', mode: 'ok' as const, save: false };
    try {
      await runner.start();
      const before = await producer.enqueue('test-echo', { ...payload, text: 'before' });
      expect((await producer.waitForResult(before.id, 10_000)).content).toBe('before');

      redis.kill('SIGKILL');
      await once(redis, 'exit');
      const startedAt = Date.now();
      await expect(producer.enqueue('test-echo', payload)).rejects.toBeInstanceOf(QueueUnavailableError);
      await expect(producer.ping()).rejects.toBeInstanceOf(QueueUnavailableError);
      expect(Date.now() - startedAt).toBeLessThan(1000);

      redis = await startRedis(port);
      let id: string | undefined;
      for (let i = 0; i < 100 && !id; i++) {
        id = await producer.enqueue('test-echo', payload).then((job) => job.id, () => undefined);
        if (!id) await new Promise((r) => setTimeout(r, 100));
      }
      expect(id).toBeDefined();
      expect((await producer.waitForResult(id!, 15_000)).content).toBe('after the outage');
    } finally {
      await runner.close(0);
      await producer.close();
      redis.kill('SIGKILL');
    }
  });
});

describe.skipIf(!hasRedisServer)('BullMQ worker cut off from Redis mid-job', () => {
  it('when Redis stops answering for longer than the lock, then the attempt is stopped (not run on beside its takeover) and the job finishes once afterwards', async () => {
    const port = await freePort();
    const redisUrl = `redis://127.0.0.1:${port}`;
    const redis = await startRedis(port);
    const prefix = uniquePrefix('lost-lock');
    const producer = createBullmqProducer({ redisUrl, prefix });
    const logged: string[] = [];
    const runner = createBullmqRunner({
      redisUrl, prefix, queues: ['text'], concurrency: 1, processorUrl,
      lockDurationMs: 2000, stalledIntervalMs: 500, abortGraceMs: 1000, log: (message) => logged.push(message),
    });
    const abortFile = path.join(os.tmpdir(), `craftwell-lost-lock-${process.pid}-${Date.now()}`);
    try {
      await runner.start();
      const { id } = await producer.enqueue('test-echo', { userId: 'u', text: abortFile, mode: 'sleep', sleepMs: 6000, save: false });
      for (let i = 0; i < 200 && (await producer.getStatus(id))?.state !== 'active'; i++) await new Promise((r) => setTimeout(r, 25));
      expect((await producer.getStatus(id))?.state).toBe('active');

      // Frozen, Redis neither answers nor drops the connection: like a network cut.
      redis.kill('SIGSTOP');
      await new Promise((r) => setTimeout(r, 3500));
      // The 6 s attempt was stopped because its 2 s lock went unrenewed, well before it would end.
      expect(fs.existsSync(abortFile) ? fs.readFileSync(abortFile, 'utf8') : 'still running').toBe('aborted:lost');
      expect(logged.some((line) => line.includes('another worker takes the job over'))).toBe(true);
      redis.kill('SIGCONT');

      // The stalled-job check hands it out again; it runs to the end once.
      fs.rmSync(abortFile, { force: true });
      expect((await producer.waitForResult(id, 20_000)).content).toBe('slept 6000');
      expect(fs.existsSync(abortFile)).toBe(false);
    } finally {
      redis.kill('SIGCONT');
      await runner.close(0);
      await producer.close();
      redis.kill('SIGKILL');
      fs.rmSync(abortFile, { force: true });
    }
  }, 40_000);
});
