/**
 * The pipeline processor against a real database and local object storage: a job run twice
 * writes one creation; a failed write leaves no row and no file behind.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Db } from '@craftwell/core/db/pool';
import { createLogger } from '@craftwell/core/logger';
import { loadConfig } from '@craftwell/core/config/env';
import { createObjectStorage, parseStorageConfig } from '@craftwell/storage';
import type { ObjectStorage } from '@craftwell/storage/object-storage';
import { buildProcessor } from '@craftwell/worker/pipeline/processor';
import { createEngines } from '@craftwell/worker/engines/index';
import { createHandlers } from '@craftwell/worker/handlers/index';
import { providerHttpError } from '@craftwell/worker/engines/provider-errors';
import type { RunningJob } from '@craftwell/queue/types';
import { AttemptAbort } from '@craftwell/queue/attempt';
import { newObjectKey } from '@craftwell/storage/keys';
import { CraftwellError, ERROR_CODES, ERRORS } from '@craftwell/contracts/errors';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { serviceUrl } from '../support/services.js';

const postgresUrl = serviceUrl('postgres');

describe.skipIf(!postgresUrl)('pipeline processor', () => {
  let database: TestDatabase;
  let db: Db;
  let storage: ObjectStorage;
  let dataDir: string;
  let userId: string;

  const job = (payload: Record<string, unknown>, attempt = 1): RunningJob => ({
    id: `text-${Math.random().toString(36).slice(2)}`,
    name: 'test-echo',
    payload: payload as never,
    attempt,
    signal: new AbortController().signal,
    progress: async () => undefined,
  });

  const count = async (sql: string, params: unknown[] = []) => Number((await db.query(sql, params)).rows[0].n);
  const storedFiles = async () => {
    let n = 0;
    for await (const object of storage.list('results/')) if (object.key) n++;
    return n;
  };

  beforeAll(async () => {
    database = await createTestDatabase(postgresUrl!);
    db = createPool(database.url, 2);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'craftwell-processor-'));
    storage = await createObjectStorage(parseStorageConfig({}, { dataDir }));
    const { rows } = await db.query("INSERT INTO users (name, email) VALUES ('P', 'p@example.com') RETURNING id");
    userId = rows[0].id;
  });

  afterAll(async () => {
    await db?.end();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function processor() {
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: database.url });
    return buildProcessor({ config, db, storage, log: createLogger('silent', 'test'), handlers: createHandlers(createEngines(config)) });
  }

  it('when the same request runs twice, then one creation exists and both runs return it', async () => {
    const run = processor();
    const payload = { userId, requestId: 'req-twice', text: 'only once', mode: 'image' };
    const first = await run(job(payload));
    const second = await run(job(payload, 2));
    expect(second).toEqual(first);
    expect(await count("SELECT count(*) AS n FROM creations WHERE job_id = 'req-twice'")).toBe(1);
    expect(await storedFiles()).toBe(1);
  });

  it('when the row cannot be written, then the stored image is deleted and nothing remains', async () => {
    const run = processor();
    const before = await storedFiles();
    // No such user: the insert violates the foreign key after the image was stored.
    await expect(run(job({ userId: 'no-such-user', requestId: 'req-orphan', text: 'x', mode: 'image' }))).rejects.toThrow();
    expect(await count("SELECT count(*) AS n FROM creations WHERE job_id = 'req-orphan'")).toBe(0);
    expect(await storedFiles()).toBe(before);
  });

  it('when a handler fails for good, then the quota reservation is released and the inputs deleted', async () => {
    const run = processor();
    await db.query("INSERT INTO usage_reservations (job_id, user_id, tool, period) VALUES ('req-fail', $1, 'article', '2026-01')", [userId]);
    await expect(run(job({ userId, requestId: 'req-fail', text: 'boom', mode: 'throw' }))).rejects.toThrow('Cannot echo: boom');
    expect(await count("SELECT count(*) AS n FROM usage_reservations WHERE job_id = 'req-fail'")).toBe(0);
  });

  it('when an object-removal provider rejects its key (401), then the job fails at once with a message naming the variable', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: database.url });
    // The mapping every hosted provider uses, fed the answer Cloudinary gives for a bad key.
    const rejected = providerHttpError('Cloudinary', 'CLOUDINARY_URL', 401, 'Invalid API key');
    let attempts = 0;
    const run = buildProcessor({
      config, db, storage, log: createLogger('silent', 'test'),
      handlers: { handlerFor: async () => async () => { attempts++; throw rejected; } },
    });
    await db.query("INSERT INTO usage_reservations (job_id, user_id, tool, period) VALUES ('req-401', $1, 'remove-object', '2026-01')", [userId]);
    const err = await run(job({ userId, requestId: 'req-401', text: 'x', mode: 'ok' })).catch((e) => e);
    expect(attempts).toBe(1);
    expect(err.retryable).toBe(false);
    expect(err.code).toBe('provider_auth');
    expect(err.message).toBe("Cloudinary rejected the server's API key (Invalid API key). The operator should check CLOUDINARY_URL.");
    // Not retried: the reservation is given back on this first attempt.
    expect(await count("SELECT count(*) AS n FROM usage_reservations WHERE job_id = 'req-401'")).toBe(0);
  });

  it('when Postgres is unreachable while a job saves, then it fails as dependency_unavailable (503, not retried: the table says so), not 500', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: database.url });
    // A pool aimed at a port nothing listens on: every query fails like a stopped Postgres.
    const down = createPool('postgres://postgres@127.0.0.1:1/none', 1);
    const run = buildProcessor({ config, db: down, storage, log: createLogger('silent', 'test'), handlers: createHandlers(createEngines(config)) });
    try {
      const err = await run(job({ userId, requestId: 'req-pg-down', text: 'x', mode: 'ok' })).catch((e) => e);
      expect(err).toMatchObject({ code: 'dependency_unavailable', status: 503, retryable: false });
      expect(err.message).toMatch(/database is unavailable/i);
    } finally {
      await down.end();
    }
  });

  it('when an attempt is stopped because its worker lost the job lock, then quota and inputs stay for the worker that takes over; a cancel releases them', async () => {
    const run = processor();
    const attemptStoppedBy = async (requestId: string, cause: 'lost' | 'cancelled') => {
      await db.query("INSERT INTO usage_reservations (job_id, user_id, tool, period) VALUES ($1, $2, 'article', '2026-01')", [requestId, userId]);
      const inputKey = newObjectKey('uploads', 'png');
      await storage.put(inputKey, Buffer.from('input'), { contentType: 'image/png' });
      const controller = new AbortController();
      const running = run({ ...job({ userId, requestId, text: 'x', mode: 'sleep', sleepMs: 10_000, inputKey }), signal: controller.signal });
      setTimeout(() => controller.abort(new AttemptAbort(cause)), 50);
      await expect(running).rejects.toThrow();
      return {
        reserved: await count('SELECT count(*) AS n FROM usage_reservations WHERE job_id = $1', [requestId]),
        input: (await storage.stat(inputKey)) !== null,
      };
    };
    expect(await attemptStoppedBy('req-lost-lock', 'lost')).toEqual({ reserved: 1, input: true });
    expect(await attemptStoppedBy('req-cancelled', 'cancelled')).toEqual({ reserved: 0, input: false });
  });

  it('when a handler throws any code of the vocabulary, then the job is retried exactly when the table says so, and only a last attempt gives the quota back', async () => {
    const throwing = (error: unknown) => buildProcessor({
      config: loadConfig({ DATA_DIR: dataDir, DATABASE_URL: database.url }), db, storage, log: createLogger('silent', 'test'),
      handlers: { handlerFor: async () => async () => { throw error; } },
    });
    for (const code of ERROR_CODES) {
      const requestId = `req-table-${code}`;
      await db.query("INSERT INTO usage_reservations (job_id, user_id, tool, period) VALUES ($1, $2, 'article', '2026-01')", [requestId, userId]);
      const err = await throwing(new CraftwellError(code, `Failed: ${code}`))(job({ userId, requestId, text: 'x', mode: 'ok' })).catch((e) => e);
      expect({ code: err.code, message: err.message, retryable: err.retryable }).toEqual({ code, message: `Failed: ${code}`, retryable: ERRORS[code].retryable });
      expect({ code, reserved: await count('SELECT count(*) AS n FROM usage_reservations WHERE job_id = $1', [requestId]) })
        .toEqual({ code, reserved: ERRORS[code].retryable ? 1 : 0 });
    }
    // An ad-hoc error cannot pick its own retry: it is internal, and internal is not retried.
    const adHoc = await throwing(Object.assign(new Error('socket hang up'), { retryable: true, status: 503 }))(job({ userId, requestId: 'req-ad-hoc', text: 'x', mode: 'ok' })).catch((e) => e);
    expect(adHoc).toBeInstanceOf(CraftwellError);
    expect(adHoc).toMatchObject({ code: 'internal', retryable: false });
    expect(adHoc.message).not.toMatch(/socket/);
  });

  it('when a payload breaks its contract, then the user sees a plain message and it is not retried', async () => {
    const run = processor();
    const err = await run(job({ userId, requestId: 'req-bug', text: 'x', mode: 'ok', sleepMs: -5 })).catch((e) => e);
    expect(err.message).toBe('This request could not be processed. Please try again.');
    expect(err).toMatchObject({ code: 'internal', retryable: false });
  });
});
