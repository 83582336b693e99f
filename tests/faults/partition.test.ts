/**
 * A worker cut off from Redis and Postgres for 20 s (its network namespace's link down) while
 * jobs run: the other worker takes its jobs over, every request is answered, each job leaves one
 * creation and one file, and the cut-off worker serves jobs again once its link is back.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObjectStorage, parseStorageConfig } from '@craftwell/storage';
import { postgresToolsAvailable, startPrivatePostgres, startPrivateRedis, type PrivatePostgres, type PrivateRedis } from '../support/private-services.js';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createWorkerHosts, networkNamespacesAvailable, type WorkerHost } from './support/network-namespaces.js';
import { REQUEST_BOUND_MS, signUpUser, type User } from './support/load.js';

const canRun = postgresToolsAvailable() && networkNamespacesAvailable();

describe.skipIf(!canRun)('a worker partitioned from Redis and Postgres', () => {
  let namespaces: { hosts: WorkerHost[]; remove(): void };
  let postgres: PrivatePostgres;
  let redis: PrivateRedis;
  let app: TestApp;
  let user: User;
  const workers: WorkerProcess[] = [];
  /** The log lines of the worker that is cut off. */
  const cutWorkerLog: string[] = [];
  let dataDir: string;

  beforeAll(async () => {
    namespaces = createWorkerHosts(2, randomBytes(2).toString('hex'));
    const listen = namespaces.hosts.map((h) => h.hostAddress);
    postgres = await startPrivatePostgres({ listen });
    redis = await startPrivateRedis({ listen });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'craftwell-partition-'));
    app = await startTestApp({
      postgresUrl: postgres.url, redisUrl: redis.url,
      env: { RUN_WORKERS: 'false', DATA_DIR: dataDir, QUEUE_LOCK_MS: '4000', QUEUE_STALLED_CHECK_MS: '1000', JOB_WAIT_TIMEOUT_MS: '60000' },
    });
    user = await signUpUser(app.url, 1);
    // Each worker reaches Redis and Postgres through its own link; storage is the shared disk.
    for (const [i, host] of namespaces.hosts.entries()) {
      const database = new URL(app.env.DATABASE_URL);
      database.hostname = host.hostAddress;
      workers.push(await startWorkerProcess({
        ...app.env, LOG_LEVEL: i === 0 ? 'info' : 'fatal', DATABASE_URL: database.toString(), REDIS_URL: `redis://${host.hostAddress}:${redis.port}`,
      }, 'text', 2, host.exec, i === 0 ? cutWorkerLog : undefined));
    }
  }, 180_000);

  afterAll(async () => {
    for (const host of namespaces?.hosts ?? []) { try { host.restore(); } catch { /* gone */ } }
    for (const worker of workers) await worker.signal('SIGKILL');
    await app?.stop().catch(() => undefined);
    await redis?.destroy();
    await postgres?.destroy();
    namespaces?.remove();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const imageJob = async (n: number) => {
    const started = Date.now();
    const res = await fetch(`${app.url}/api/ai/test-echo`, {
      method: 'POST', headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: `partition ${n}`, mode: 'image' }),
      signal: AbortSignal.timeout(REQUEST_BOUND_MS),
    });
    return { status: res.status, ms: Date.now() - started, body: await res.json() };
  };

  it('when one worker loses its link for 20 s, then its jobs are taken over, none is saved twice, nothing hangs, and it works again afterwards', async () => {
    const [cutHost] = namespaces.hosts;
    // Slow jobs on both workers (each longer than a lock), then cut one worker off mid-job.
    const sentAt = Date.now();
    const sleepers = Array.from({ length: 4 }, (_, i) => fetch(`${app.url}/api/ai/test-echo`, {
      method: 'POST', headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: `sleeper ${i}`, mode: 'sleep', sleepMs: 8000 }),
      signal: AbortSignal.timeout(REQUEST_BOUND_MS),
    }).then(async (r) => ({ status: r.status, ms: Date.now() - sentAt, body: await r.json() })));
    await new Promise((r) => setTimeout(r, 1000));
    const cutAt = Date.now();
    cutHost.cut();
    const during: Array<Awaited<ReturnType<typeof imageJob>>> = [];
    const cutUntil = Date.now() + 20_000;
    let n = 0;
    while (Date.now() < cutUntil) during.push(await imageJob(n++));
    cutHost.restore();
    const slept = await Promise.all(sleepers);
    expect(slept.map((s) => s.status)).toEqual([200, 200, 200, 200]);
    // Two of them ran on the cut-off worker: they finished elsewhere once its locks expired.
    expect(Math.max(...slept.map((s) => s.ms))).toBeGreaterThan(8000);
    // ...and the cut-off worker stopped its copies when their locks ran out, instead of computing
    // them to the end beside the takeover (it logged each stop while still cut off).
    const stops = cutWorkerLog.filter((line) => line.includes('another worker takes the job over'));
    expect(stops.length).toBeGreaterThanOrEqual(2);
    const stoppedAfterMs = stops.map((line) => (JSON.parse(line) as { time: number }).time - cutAt);
    expect(Math.max(...stoppedAfterMs)).toBeLessThan(8000);
    console.log(`partition: sleepers answered in ${slept.map((s) => s.ms).join(', ')} ms; ${during.length} image jobs during the cut, slowest ${Math.max(...during.map((r) => r.ms))} ms`);
    expect(during.every((r) => r.status === 200)).toBe(true);
    expect(Math.max(...during.map((r) => r.ms))).toBeLessThan(REQUEST_BOUND_MS);

    // The cut-off worker recovered without a restart: with the other one gone, it serves alone.
    await new Promise((r) => setTimeout(r, 3000));
    await workers[1].signal('SIGKILL');
    const after = await imageJob(1000);
    expect(after.status).toBe(200);

    const db = new pg.Client({ connectionString: app.env.DATABASE_URL });
    await db.connect();
    const { rows } = await db.query('SELECT job_id, object_key FROM creations');
    await db.end();
    expect(new Set(rows.map((r) => r.job_id)).size).toBe(rows.length);
    expect(rows.length).toBe(4 + during.length + 1);
    const storage = await createObjectStorage(parseStorageConfig(app.env, { dataDir }));
    const files: string[] = [];
    for await (const object of storage.list('results/')) files.push(object.key);
    expect(files.sort()).toEqual(rows.map((r) => r.object_key).filter(Boolean).sort());
  }, 180_000);
});
