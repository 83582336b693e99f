/**
 * A Redis outage in the log: an api process (producer, queue dashboard, admin queue inspector,
 * rate limits, session cache) and a worker process on a private Redis that is killed for a while
 * and started again. Each Redis client says "down" once and "back" once: a handful of lines, no
 * stack per reconnect attempt, nothing printed outside the logger.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { collectLines } from '../support/lines.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRedisServer } from '@craftwell/api/embedded/redis';
import { serviceUrl } from '../support/services.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { freePort, startPrivateRedis, type PrivateRedis } from '../support/private-services.js';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.js';

const API_MAIN = fileURLToPath(new URL('../../api/src/main.ts', import.meta.url));
const postgresUrl = serviceUrl('postgres');
const redisBin = findRedisServer();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));


describe.skipIf(!postgresUrl || !redisBin)('a Redis outage in the logs', () => {
  let redis: PrivateRedis;
  let database: TestDatabase;
  let api: ChildProcess;
  let worker: WorkerProcess;
  let dataDir: string;
  let url: string;
  let metricsToken: string;
  const apiLines: string[] = [];
  const workerLines: string[] = [];

  beforeAll(async () => {
    redis = await startPrivateRedis();
    database = await createTestDatabase(postgresUrl!);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'craftwell-outage-log-'));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const env = {
      NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', DATA_DIR: dataDir,
      DATABASE_URL: database.url, REDIS_URL: redis.url, QUEUE_MODE: 'bullmq', RUN_WORKERS: 'false',
      QUEUE_PREFIX: `cwlog-${randomBytes(3).toString('hex')}`, BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
      ENABLE_TEST_JOBS: 'true', METRICS_TOKEN: randomBytes(16).toString('hex'),
    };
    metricsToken = env.METRICS_TOKEN;
    api = spawn(process.execPath, ['--import', 'tsx', API_MAIN], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    collectLines(api.stdout!, apiLines);
    collectLines(api.stderr!, apiLines);
    for (let i = 0; i < 600; i++) {
      if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) break;
      await sleep(200);
    }
    worker = await startWorkerProcess({ ...env, LOG_LEVEL: 'info' }, 'text', 1, [], workerLines);
  }, 180_000);

  afterAll(async () => {
    await worker?.signal('SIGKILL');
    if (api && api.exitCode === null) {
      const exited = new Promise((r) => api.once('exit', r));
      api.kill('SIGKILL');
      await exited;
    }
    await redis?.destroy();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('when Redis is gone for 8 s and comes back, then each client logs one line down and one back, and no stack', async () => {
    // Every Redis user of the api is in use: the metrics scrape reads the queue inspector.
    const scrape = () => fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } }).catch(() => undefined);
    await scrape();
    const fromApi = apiLines.length;
    const fromWorker = workerLines.length;

    await redis.kill();
    // Requests during the outage: job submissions (producer), status reads, admin views.
    for (let i = 0; i < 8; i++) {
      await fetch(`${url}/api/ai/test-echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text":"x"}' }).catch(() => undefined);
      await fetch(`${url}/readyz`).catch(() => undefined);
      await scrape();
      await sleep(1000);
    }
    await redis.start();
    for (let i = 0; i < 100; i++) {
      if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) break;
      await sleep(200);
    }
    await sleep(3000);

    const during = { api: apiLines.slice(fromApi), worker: workerLines.slice(fromWorker) };
    const report = `api:\n${during.api.join('\n')}\nworker:\n${during.worker.join('\n')}`;
    for (const lines of [during.api, during.worker]) {
      // Stack frames (pino prints a stack inside one JSON line; a bare console.error prints "    at").
      expect(lines.filter((l) => /^\s+at /.test(l)), report).toEqual([]);
      expect(lines.filter((l) => /ECONNREFUSED/.test(l) && !/Redis unreachable/.test(l)), report).toEqual([]);
      // One line down and one back per client: a handful, not one per attempt.
      const down = lines.filter((l) => /Redis unreachable/.test(l));
      const back = lines.filter((l) => /Redis reachable again/.test(l));
      expect(down.length, report).toBeGreaterThan(0);
      expect(down.length, report).toBeLessThanOrEqual(8);
      expect(back.length, report).toBe(down.length);
    }
    // Apart from the requests' own lines (each names its requestId), the outage is a handful of lines.
    const unasked = [...during.api, ...during.worker].filter((l) => !l.includes('"requestId"'));
    expect(unasked.length, report).toBeLessThan(30);
  }, 120_000);
});
