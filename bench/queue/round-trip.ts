/**
 * Queue round trip (enqueue -> worker -> reply) for both adapters: p50/p99 over 1,000 sequential
 * no-op jobs, then throughput with 50 concurrent requesters. Target: BullMQ p50 under 5 ms.
 * BullMQ uses REDIS_URL (default redis://127.0.0.1:6379) with a throw-away key prefix.
 * Run: npx tsx bench/queue/round-trip.ts
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import { createBullmqProducer, createBullmqRunner } from '@craftwell/queue/bullmq';
import { createInProcessQueue } from '@craftwell/queue/in-process';
import type { JobProducer, JobRunner } from '@craftwell/queue/types';

const SEQUENTIAL_JOBS = 1000;
const CONCURRENT_CLIENTS = 50;
const CONCURRENT_JOBS = 2000;
const WARM_UP_JOBS = 50;
const WORKER_CONCURRENCY = 16;
const processorUrl = new URL('./noop-processor.ts', import.meta.url).href;

interface Row {
  adapter: string;
  p50: number;
  p99: number;
  loadedP50: number;
  loadedP99: number;
  throughput: number;
}

function percentile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

async function roundTrip(producer: JobProducer, index: number): Promise<number> {
  const started = performance.now();
  const { id } = await producer.enqueue('test-echo', { userId: 'bench', text: String(index), mode: 'ok', save: false });
  await producer.waitForResult(id, 30_000);
  return performance.now() - started;
}

async function measure(adapter: string, producer: JobProducer, runner: JobRunner): Promise<Row> {
  await runner.start();
  try {
    for (let i = 0; i < WARM_UP_JOBS; i++) await roundTrip(producer, i);
    const sequential: number[] = [];
    for (let i = 0; i < SEQUENTIAL_JOBS; i++) sequential.push(await roundTrip(producer, i));

    const loaded: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENT_CLIENTS }, async () => {
        while (next < CONCURRENT_JOBS) loaded.push(await roundTrip(producer, next++));
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    return {
      adapter,
      p50: percentile(sequential, 0.5),
      p99: percentile(sequential, 0.99),
      loadedP50: percentile(loaded, 0.5),
      loadedP99: percentile(loaded, 0.99),
      throughput: loaded.length / seconds,
    };
  } finally {
    await runner.close(5000);
    await producer.close();
  }
}

async function redisReachable(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/**
 * Median time for one message to wake an idle subscriber (publish -> delivery), with a pause
 * before each sample so the process really sleeps. A BullMQ round trip needs at least two such
 * wake-ups (the worker on a new job, the waiter on the finish event): on a busy machine this,
 * not Redis, sets the floor.
 */
async function redisWakeUpMs(url: string): Promise<number> {
  const publisher = new Redis(url);
  const subscriber = new Redis(url);
  const channel = `cwbench:wake:${randomBytes(4).toString('hex')}`;
  try {
    await subscriber.subscribe(channel);
    const samples: number[] = [];
    for (let i = 0; i < 100; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const delivered = new Promise((resolve) => subscriber.once('message', resolve));
      const started = performance.now();
      await publisher.publish(channel, 'x');
      await delivered;
      samples.push(performance.now() - started);
    }
    return percentile(samples, 0.5);
  } finally {
    publisher.disconnect();
    subscriber.disconnect();
  }
}

async function deletePrefix(url: string, prefix: string): Promise<void> {
  const client = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [nextCursor, keys] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = nextCursor;
      if (keys.length) await client.del(...keys);
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
}

function printTable(rows: Row[]): void {
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const header = ['adapter', 'p50', 'p99', `p50 @${CONCURRENT_CLIENTS}`, `p99 @${CONCURRENT_CLIENTS}`, 'jobs/s @50'];
  const body = rows.map((row) => [row.adapter, ms(row.p50), ms(row.p99), ms(row.loadedP50), ms(row.loadedP99), row.throughput.toFixed(0)]);
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((cells) => cells[column].length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const cells of body) console.log(line(cells));
}

export async function run(): Promise<void> {
  console.log(
    `Queue round trip: ${SEQUENTIAL_JOBS} sequential no-op jobs, then ${CONCURRENT_JOBS} jobs from ` +
      `${CONCURRENT_CLIENTS} concurrent requesters (worker concurrency ${WORKER_CONCURRENCY}).`,
  );
  const rows: Row[] = [];

  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  let wakeUpMs: number | undefined;
  if (await redisReachable(redisUrl)) {
    wakeUpMs = await redisWakeUpMs(redisUrl);
    const prefix = `cwbench:${randomBytes(4).toString('hex')}`;
    try {
      rows.push(
        await measure(
          'bullmq',
          createBullmqProducer({ redisUrl, prefix }),
          createBullmqRunner({ redisUrl, prefix, queues: ['text'], concurrency: WORKER_CONCURRENCY, processorUrl }),
        ),
      );
    } finally {
      await deletePrefix(redisUrl, prefix);
    }
  } else {
    console.log(`BullMQ skipped: no Redis at ${redisUrl}.`);
  }

  const inProcess = createInProcessQueue({ threads: 1, processorUrl, concurrency: WORKER_CONCURRENCY });
  rows.push(await measure('in-process (1 thread)', inProcess.producer, inProcess.runner));

  printTable(rows);
  console.log(`Load average during the run: ${os.loadavg().map((value) => value.toFixed(2)).join(' / ')} on ${os.cpus().length} cores.`);
  const bullmq = rows.find((row) => row.adapter === 'bullmq');
  if (bullmq && wakeUpMs !== undefined) {
    console.log(`Redis wake-up (publish -> idle subscriber) p50 before the run: ${wakeUpMs.toFixed(2)} ms; the BullMQ round trip is ${(bullmq.p50 / wakeUpMs).toFixed(1)} of those.`);
    console.log(`BullMQ p50 target (< 5 ms): ${bullmq.p50 < 5 ? 'met' : 'NOT met'} (${bullmq.p50.toFixed(2)} ms).`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
