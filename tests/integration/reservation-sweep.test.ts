/**
 * The reservation sweep gives back uses whose job can no longer finish: failed in the queue (a
 * job that stalled out, or whose worker could not reach Postgres to release), or unknown to it
 * (Redis lost it). Queued jobs and fresh reservations keep theirs. Real Postgres and BullMQ.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBullmqProducer, createBullmqRunner } from '@craftwell/queue/bullmq';
import type { JobProducer, JobRunner } from '@craftwell/queue/types';
import { createPool, type Db } from '@craftwell/core/db/pool';
import { createLocalStorage } from '@craftwell/storage/drivers/local';
import type { ObjectStorage } from '@craftwell/storage/object-storage';
import { newObjectKey } from '@craftwell/storage/keys';
import { DEFAULT_USE_LIMITS, reserveUse, usageOf, type Quotas } from '@craftwell/core/repositories/quota';
import { TOOL_NAMES } from '@craftwell/contracts/jobs';
import { sweepReservations } from '@craftwell/api/jobs/reservation-sweep';
import { serviceUrl, testKeyPrefix } from '../support/services.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

const postgresUrl = serviceUrl('postgres');
const redisUrl = serviceUrl('redis');
const processorUrl = new URL('../../queue/__tests__/fixtures/echo-processor.ts', import.meta.url).href;

describe.skipIf(!postgresUrl || !redisUrl)('reservation sweep', () => {
  let database: TestDatabase;
  let db: Db;
  let producer: JobProducer;
  let runner: JobRunner;
  let storage: ObjectStorage;
  let storageDir: string;
  const prefix = testKeyPrefix('cwtest-sweep');
  const user = { id: randomUUID(), plan: 'free' as const };
  const quotas = { free: Object.fromEntries(TOOL_NAMES.map((t) => [t, 10])), premium: Object.fromEntries(TOOL_NAMES.map((t) => [t, null])) } as Quotas;

  beforeAll(async () => {
    database = await createTestDatabase(postgresUrl!);
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-sweep-'));
    storage = await createLocalStorage({ dataDir: storageDir, publicBaseUrl: '/files' });
    db = createPool(database.url);
    await db.query(`INSERT INTO users (id, name, email) VALUES ($1, 'Sweep', $2)`, [user.id, `${user.id}@example.com`]);
    producer = createBullmqProducer({ redisUrl: redisUrl!, prefix });
    // The echo processor fails every job but test-echo: here, the image queue's jobs.
    runner = createBullmqRunner({ redisUrl: redisUrl!, prefix, queues: ['image'], concurrency: 1, processorUrl, log: () => {} });
    await runner.start();
  }, 60_000);

  afterAll(async () => {
    await runner?.close(0);
    await producer?.close();
    await db?.end();
    await database?.drop();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  it('when jobs failed or vanished, then their uses come back; queued jobs and fresh reservations keep theirs', async () => {
    const failed = randomUUID();
    const vanished = randomUUID();
    const queued = randomUUID();
    const fresh = randomUUID();
    // Each job's upload is recorded with its reservation; jobs that can no longer finish lose theirs.
    const uploads = new Map<string, string>([failed, vanished, queued, fresh].map((id) => [id, newObjectKey('uploads', 'png')]));
    const uploadOf = (id: string) => uploads.get(id)!;
    for (const id of [failed, vanished, queued, fresh]) {
      await storage.put(uploadOf(id), Buffer.from('png'), { contentType: 'image/png' });
      // Four jobs of one user at once: above the default running-jobs limit, so it is raised here.
      await reserveUse(db, quotas, user, 'remove-background', id, [uploadOf(id)], { ...DEFAULT_USE_LIMITS, concurrentJobs: 4 });
    }
    await producer.enqueue('remove-background', { userId: user.id, requestId: failed, inputKey: 'uploads/x.png' }, { jobId: failed });
    await expect(producer.waitForResult(producer.jobIdFor('remove-background', failed), 10_000)).rejects.toMatchObject({ status: 400 });
    // resume-review runs on the pdf queue, which no worker serves here: it stays queued.
    await producer.enqueue('resume-review', { userId: user.id, requestId: queued, inputKey: 'uploads/x.pdf' }, { jobId: queued });
    await db.query(`UPDATE usage_reservations SET created_at = now() - interval '5 minutes' WHERE job_id = ANY($1)`, [[failed, vanished, queued]]);
    await db.query(`UPDATE usage_reservations SET tool = 'resume-review' WHERE job_id = $1`, [queued]);

    expect((await usageOf(db, quotas, user)).tools['remove-background'].reserved).toBe(3);
    const swept = await sweepReservations({ db, producer, storage, minAgeMs: 60_000 });
    expect(swept).toEqual({ released: 2, kept: 1, unreachable: 0 });
    const usage = await usageOf(db, quotas, user);
    expect(usage.tools['remove-background']).toEqual({ used: 0, reserved: 1, limit: 10 });
    expect(usage.tools['resume-review'].reserved).toBe(1);
    const { rows } = await db.query('SELECT job_id FROM usage_reservations ORDER BY job_id');
    expect(rows.map((r) => r.job_id).sort()).toEqual([queued, fresh].sort());
    const exists = async (id: string) => (await storage.getBuffer(uploadOf(id)).then(() => true, () => false));
    expect(await exists(failed)).toBe(false);
    expect(await exists(vanished)).toBe(false);
    expect(await exists(queued)).toBe(true);
    expect(await exists(fresh)).toBe(true);
  }, 60_000);
});
