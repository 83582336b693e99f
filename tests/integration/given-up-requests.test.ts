/**
 * A request that was given up never saves or charges afterwards: whoever gives it up (the
 * request's own failure reply, a poll of a job the queue lost, the reservation sweep) releases its
 * reservation, and the worker's save needs that reservation. Whichever comes first decides, so
 * for any interleaving of "give up" and "save": saved ⇔ charged ⇔ reservation turned in, and no
 * file is left without its row. Real Postgres, the worker's own save and the api's poll route.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Db } from '@craftwell/core/db/pool';
import { DEFAULT_USE_LIMITS, releaseOwnUse, releaseUse, reserveUse, type Quotas } from '@craftwell/core/repositories/quota';
import { TOOL_NAMES, type JobPayload } from '@craftwell/contracts/jobs';
import { currentPeriod } from '@craftwell/core/period';
import { createLocalStorage } from '@craftwell/storage/drivers/local';
import type { ObjectStorage } from '@craftwell/storage/object-storage';
import { saveCreation } from '@craftwell/worker/pipeline/save-creation';
import { optionalRedisUrl, serviceUrl } from '../support/services.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { authed, signUp, startTestApp, type TestApp } from '../support/app.js';

const postgresUrl = serviceUrl('postgres');

const quotas = {
  free: Object.fromEntries(TOOL_NAMES.map((t) => [t, 1000])),
  premium: Object.fromEntries(TOOL_NAMES.map((t) => [t, null])),
} as Quotas;
const engine = { id: 'test', label: 'Test engine', offline: true };

describe.skipIf(!postgresUrl)('given-up requests', () => {
  let database: TestDatabase;
  let db: Db;
  let storage: ObjectStorage;
  let storageDir: string;
  const user = { id: randomUUID(), plan: 'free' as const };

  beforeAll(async () => {
    database = await createTestDatabase(postgresUrl!);
    db = createPool(database.url);
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-given-up-'));
    storage = await createLocalStorage({ dataDir: storageDir, publicBaseUrl: '/files' });
    await db.query(`INSERT INTO users (id, name, email) VALUES ($1, 'Given up', $2)`, [user.id, `${user.id}@example.com`]);
  }, 60_000);

  afterAll(async () => {
    await db?.end();
    await database?.drop();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  const titleJob = (id: string) => ({
    id, name: 'blog-title' as const,
    payload: { userId: user.id, requestId: id, prompt: 'Generate a blog title for the keyword tea in the category Food' } as JobPayload<'blog-title'>,
  });
  const imageJob = (id: string) => ({
    id, name: 'remove-background' as const,
    payload: { userId: user.id, requestId: id, inputKey: 'uploads/x.png' } as JobPayload<'remove-background'>,
  });
  const png = Buffer.from('89504e470d0a1a0a', 'hex');
  const charged = async () => Number((await db.query('SELECT coalesce(sum(used), 0)::int AS n FROM usage_counters WHERE user_id = $1', [user.id])).rows[0].n);
  const creationOf = async (id: string) => (await db.query('SELECT id, object_key FROM creations WHERE job_id = $1', [id])).rows[0] as { id: string; object_key: string | null } | undefined;
  const resultFiles = async () => { const keys: string[] = []; for await (const o of storage.list('results/')) keys.push(o.key); return keys; };

  it('when a request was given up before its job saved, then the save is refused with job_lost and nothing is stored or charged', async () => {
    const before = await charged();
    for (const job of [titleJob(randomUUID()), imageJob(randomUUID())]) {
      await reserveUse(db, quotas, user, job.name === 'remove-background' ? 'remove-background' : 'blog-title', job.id);
      await releaseUse(db, job.id);
      const output = job.name === 'remove-background'
        ? { kind: 'image' as const, png, engine }
        : { kind: 'text' as const, content: 'A title', engine };
      await expect(saveCreation({ db, storage }, job, output)).rejects.toMatchObject({ code: 'job_lost', status: 503 });
      expect(await creationOf(job.id)).toBeUndefined();
    }
    expect(await charged()).toBe(before);
    expect(await resultFiles()).toEqual([]);
  });

  it('when give-up and save race in any order, then exactly one wins: a request given up never saves, one saved is charged once, and every result file has its row', async () => {
    const before = await charged();
    const jobs = Array.from({ length: 40 }, (_, i) => (i % 2 ? imageJob(randomUUID()) : titleJob(randomUUID())));
    for (const job of jobs) await reserveUse(db, quotas, user, job.name === 'remove-background' ? 'remove-background' : 'blog-title', job.id, [], { ...DEFAULT_USE_LIMITS, concurrentJobs: 100 });
    // Each pair starts in a random order with a random head start, all pairs at once.
    const outcomes = await Promise.all(jobs.map(async (job) => {
      const output = job.name === 'remove-background' ? { kind: 'image' as const, png, engine } : { kind: 'text' as const, content: 'A title', engine };
      const delay = () => new Promise((r) => setTimeout(r, Math.floor(Math.random() * 6)));
      const [saved, gaveUp] = await Promise.all([
        delay().then(() => saveCreation({ db, storage }, job, output)).then(() => true, (err) => { expect(err).toMatchObject({ code: 'job_lost' }); return false; }),
        delay().then(() => releaseOwnUse(db, job.id, user.id)),
      ]);
      // Exactly one side won: a request given up (its reply said so) never saved.
      expect(saved).toBe(!gaveUp);
      // A second attempt of the same job (a retry after its reply was lost) changes nothing.
      const again = await saveCreation({ db, storage }, job, output).then(() => true, () => false);
      expect(again).toBe(saved);
      return { saved, row: await creationOf(job.id) };
    }));
    for (const o of outcomes) expect(Boolean(o.row)).toBe(o.saved);
    const savedCount = outcomes.filter((o) => o.saved).length;
    expect(await charged()).toBe(before + savedCount);
    expect((await db.query('SELECT count(*)::int AS n FROM usage_reservations WHERE user_id = $1', [user.id])).rows[0].n).toBe(0);
    const referenced = outcomes.map((o) => o.row?.object_key).filter(Boolean).sort();
    expect((await resultFiles()).sort()).toEqual(referenced);
  });
});

describe.skipIf(!postgresUrl)('polling a job the queue no longer knows', () => {
  let app: TestApp;
  let db: pg.Client;

  beforeAll(async () => {
    app = await startTestApp({ postgresUrl: postgresUrl!, redisUrl: optionalRedisUrl() });
    db = await app.sql();
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
  });

  it('when the owner polls it while its use is still held, then it is reported lost (job_lost), the use and its Idempotency-Key are given back, and only the owner can do so', async () => {
    const owner = await signUp(app.url);
    const stranger = await signUp(app.url);
    const requestId = randomUUID();
    await db.query(`INSERT INTO usage_reservations (job_id, user_id, tool, period, input_keys) VALUES ($1, $2, 'blog-title', $3, '{}')`, [requestId, owner.user.id, currentPeriod()]);
    await db.query(`INSERT INTO idempotency_keys (user_id, key, fingerprint, request_id, job_id) VALUES ($1, 'k-lost', 'f', $2, $3)`, [owner.user.id, requestId, `text-${requestId}`]);
    const poll = (token: string) => fetch(`${app.url}/api/jobs/text-${requestId}`, { headers: authed(token) });

    // Someone else's poll is a plain 404 and gives nothing up.
    expect((await poll(stranger.token)).status).toBe(404);
    expect((await db.query('SELECT 1 FROM usage_reservations WHERE job_id = $1', [requestId])).rowCount).toBe(1);

    const reply = await poll(owner.token);
    expect(reply.status).toBe(200);
    expect(await reply.json()).toMatchObject({ success: false, state: 'failed', code: 'job_lost' });
    expect((await db.query('SELECT 1 FROM usage_reservations WHERE job_id = $1', [requestId])).rowCount).toBe(0);
    // Its Idempotency-Key is free: the same key sent again runs the request anew.
    expect((await db.query('SELECT 1 FROM idempotency_keys WHERE request_id = $1', [requestId])).rowCount).toBe(0);
    // Asked again, it no longer exists for anyone.
    expect((await poll(owner.token)).status).toBe(404);
  });
});
