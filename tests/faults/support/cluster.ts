/**
 * A whole deployment on one machine for the fault suite: a private Postgres, a private Redis
 * (append-only file on, so it can be restarted with or without its data), an S3 server
 * (s3rver), two api processes and two worker processes, behind a round-robin proxy. Every piece
 * can be killed and started again; stop() removes all of it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startS3TestServer, type S3TestServer } from '@craftwell/storage/__tests__/helpers/s3-test-server';
import { freePort, startPrivatePostgres, startPrivateRedis, type PrivatePostgres, type PrivateRedis } from '../../support/private-services.js';
import { startWorkerProcess, type WorkerProcess } from '../../support/worker-process.js';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.js';

const API_MAIN = fileURLToPath(new URL('../../../api/src/main.ts', import.meta.url));

export interface ApiProcess {
  port: number;
  url: string;
  child: ChildProcess | null;
  start(): Promise<void>;
  kill(): Promise<void>;
}

export interface Cluster {
  url: string;
  env: Record<string, string>;
  postgres: PrivatePostgres;
  redis: PrivateRedis;
  s3: S3TestServer;
  apis: ApiProcess[];
  workers: Array<WorkerProcess | null>;
  /** Starts worker i again (after a kill). */
  startWorker(i: number): Promise<void>;
  databaseUrl: string;
  stop(): Promise<void>;
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not come up within ${timeoutMs} ms`);
}

function apiProcess(port: number, env: Record<string, string>): ApiProcess {
  const api: ApiProcess = {
    port,
    url: `http://127.0.0.1:${port}`,
    child: null,
    async start() {
      api.child = spawn(process.execPath, ['--import', 'tsx', API_MAIN], {
        env: { ...process.env, ...env, PORT: String(port) },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      await until(`api on port ${port}`, async () => (await fetch(`${api.url}/healthz`).then((r) => r.ok, () => false)));
    },
    async kill() {
      const child = api.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
  return api;
}

/** `workers`: the queues each worker serves and its concurrency (default all three, 2). */
export async function startCluster(overrides: Record<string, string> = {}, workers: { queues?: string; concurrency?: number } = {}): Promise<Cluster> {
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch(() => undefined);
  };
  try {
    const postgres = await startPrivatePostgres();
    stops.push(() => postgres.destroy());
    const redis = await startPrivateRedis({ appendonly: true });
    stops.push(() => redis.destroy());
    const s3 = await startS3TestServer();
    stops.push(() => s3.close());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'craftwell-faults-'));
    stops.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const databaseUrl = postgres.url.replace(/\/postgres$/, '/craftwell');
    await runQuery(postgres.url, 'CREATE DATABASE craftwell');

    const env: Record<string, string> = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'fatal',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      QUEUE_MODE: 'bullmq',
      QUEUE_PREFIX: `cwfault-${randomBytes(3).toString('hex')}`,
      RUN_WORKERS: 'false',
      BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
      S3_ENDPOINT: `http://127.0.0.1:${s3.port}`,
      S3_ACCESS_KEY: s3.accessKey,
      S3_SECRET_KEY: s3.secretKey,
      S3_BUCKET: 'craftwell-faults',
      AI_TEXT_ENGINE: 'offline',
      ENABLE_TEST_JOBS: 'true',
      QUOTA_FREE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
      AI_RATE_LIMIT_PER_MINUTE: '100000',
      // Low, so the suite can check that both apis count sign-in attempts in one shared window.
      SIGN_IN_RATE_LIMIT_PER_MINUTE: '6',
      JOB_WAIT_TIMEOUT_MS: '60000',
      QUEUE_LOCK_MS: '4000',
      QUEUE_STALLED_CHECK_MS: '1000',
      RESERVATION_SWEEP_MS: '2000',
      ...overrides,
    };
    const apis = [apiProcess(await freePort(), env), apiProcess(await freePort(), env)];
    for (const api of apis) {
      stops.push(() => api.kill());
      await api.start(); // one after the other: the first runs the migrations
    }
    const running: Array<WorkerProcess | null> = [null, null];
    const startWorker = async (i: number) => {
      running[i] = await startWorkerProcess(env, workers.queues ?? 'text,image,pdf', workers.concurrency ?? 2);
    };
    stops.push(async () => { for (const w of running) await w?.signal('SIGKILL'); });
    await Promise.all([startWorker(0), startWorker(1)]);
    const proxy: RoundRobinProxy = await startRoundRobinProxy(apis.map((a) => a.port));
    stops.push(() => proxy.close());
    return { url: `http://127.0.0.1:${proxy.port}`, env, postgres, redis, s3, apis, workers: running, startWorker, databaseUrl, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function runQuery(url: string, sql: string): Promise<void> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
