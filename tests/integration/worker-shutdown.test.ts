/**
 * A worker told to stop (SIGTERM) in the middle of a long CPU-bound job: it exits within 10 s
 * (the job runs on a thread, so the shutdown timer fires), hands the job back with its input
 * intact, and another worker runs it to the end: one creation, input deleted afterwards. The
 * same holds for a job busy in native code (its thread cannot be ended) on a starved CPU.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObjectStorage, parseStorageConfig } from '@craftwell/storage';
import { newObjectKey } from '@craftwell/storage/keys';
import type { ObjectStorage } from '@craftwell/storage/object-storage';
import { serviceUrl } from '../support/services.js';
import { authed, signUp, startTestApp, type TestApp } from '../support/app.js';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.js';

const postgresUrl = serviceUrl('postgres');
const redisUrl = serviceUrl('redis');

describe.skipIf(!postgresUrl || !redisUrl)('worker shutdown mid-job', () => {
  let app: TestApp;
  let storage: ObjectStorage;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    app = await startTestApp({
      postgresUrl: postgresUrl!, redisUrl: redisUrl!,
      env: { RUN_WORKERS: 'false', QUEUE_LOCK_MS: '5000', QUEUE_STALLED_CHECK_MS: '1000' },
    });
    storage = await createObjectStorage(parseStorageConfig(app.env, { dataDir: app.dataDir }));
  }, 120_000);

  afterAll(async () => {
    for (const worker of workers) await worker.signal('SIGKILL');
    await app?.stop();
  });

  it('when SIGTERM arrives during a long CPU-bound job, then the worker exits within 10 s and another worker completes the job once, input intact', async () => {
    const { token } = await signUp(app.url);
    const inputKey = newObjectKey('uploads', 'png');
    await storage.put(inputKey, randomBytes(1234), { contentType: 'image/png' });
    const first = await startWorkerProcess(app.env, 'text');
    workers.push(first);

    const accepted = await fetch(`${app.url}/api/ai/test-echo?async=1`, {
      method: 'POST', headers: { 'content-type': 'application/json', ...authed(token) },
      body: JSON.stringify({ text: 'long', mode: 'spin', sleepMs: 12_000, inputKey }),
    });
    const { jobId } = await accepted.json();
    const status = async () => (await (await fetch(`${app.url}/api/jobs/${jobId}`, { headers: authed(token) })).json()).state;
    for (let i = 0; i < 100 && (await status()) !== 'active'; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await status()).toBe('active');

    const exitMs = await first.signal('SIGTERM');
    // 5 s of grace, 2 s for the job to stop, then its thread is ended and the job handed back:
    // well before the 9.5 s hard exit, which would leave the job to the lock's expiry instead.
    expect(exitMs).toBeLessThan(9_000);
    expect(first.child.exitCode).toBe(0);
    expect(await storage.stat(inputKey)).not.toBeNull();

    workers.push(await startWorkerProcess(app.env, 'text'));
    let state = '';
    for (let i = 0; i < 300 && state !== 'completed' && state !== 'failed'; i++) {
      state = await status();
      await new Promise((r) => setTimeout(r, 200));
    }
    const body = await (await fetch(`${app.url}/api/jobs/${jobId}`, { headers: authed(token) })).json();
    expect(body).toMatchObject({ state: 'completed', content: 'echo: long (input: 1234 bytes)' });
    const db = new pg.Client({ connectionString: app.database.url });
    await db.connect();
    const { rows } = await db.query('SELECT count(*)::int AS n FROM creations WHERE job_id = $1', [jobId.replace(/^text-/, '')]);
    await db.end();
    expect(rows[0].n).toBe(1);
    expect(await storage.stat(inputKey)).toBeNull();
  }, 120_000);

  it('when SIGTERM arrives while the job is busy in native code and the worker gets 20 % of a CPU, then it hands the job back and exits within 10 s', async () => {
    const { token } = await signUp(app.url);
    // Alone on the queue: a handed-back job must be seen waiting, not taken by an earlier worker.
    for (const worker of workers) await worker.signal('SIGKILL');
    const first = await startWorkerProcess(app.env, 'text');
    workers.push(first);
    const accepted = await fetch(`${app.url}/api/ai/test-echo?async=1`, {
      method: 'POST', headers: { 'content-type': 'application/json', ...authed(token) },
      body: JSON.stringify({ text: 'native', mode: 'native', sleepMs: 14_000 }),
    });
    const { jobId } = await accepted.json();
    const poll = async () => (await (await fetch(`${app.url}/api/jobs/${jobId}`, { headers: authed(token) })).json());
    for (let i = 0; i < 100 && (await poll()).state !== 'active'; i++) await new Promise((r) => setTimeout(r, 100));
    expect((await poll()).state).toBe('active');

    // 20 % of a CPU: stopped 80 ms of every 100 ms, until it exits.
    const pid = first.child.pid!;
    let throttling = true;
    const throttle = (async () => {
      while (throttling) {
        try { process.kill(pid, 'SIGCONT'); } catch { break; }
        await new Promise((r) => setTimeout(r, 20));
        try { process.kill(pid, 'SIGSTOP'); } catch { break; }
        await new Promise((r) => setTimeout(r, 80));
      }
    })();
    let exitMs: number;
    try {
      const exiting = first.signal('SIGTERM');
      process.kill(pid, 'SIGCONT'); // let the signal be seen; the throttle stops it again
      exitMs = await exiting;
    } finally {
      throttling = false;
      await throttle;
    }
    expect(exitMs).toBeLessThan(10_000);
    // Handed back, not left to its lock's expiry: waiting again at once, with no worker.
    expect((await poll()).state).toBe('queued');

    workers.push(await startWorkerProcess(app.env, 'text'));
    let body = await poll();
    for (let i = 0; i < 300 && body.state !== 'completed' && body.state !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 200));
      body = await poll();
    }
    expect(body).toMatchObject({ state: 'completed', content: 'echo: native' });
  }, 240_000);
});
