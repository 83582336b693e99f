/**
 * The story of every /api/ai request: validate → reserve quota → decode and store uploads → enqueue → wait
 * (or reply 202 for polling). Whatever fails on the way gives back what it took: the quota
 * reservation and the uploaded objects.
 */
import { randomUUID } from 'node:crypto';
import { parsePayload, type JobName, type JobPayload, type JobResult } from '@craftwell/contracts/jobs';
import { JobFailedError, JobLostError, JobTimeoutError, QueueUnavailableError, type JobProducer } from '@craftwell/queue/types';
import type { ObjectStorage } from '@craftwell/storage/object-storage';
import type { AuthUser } from '../../auth/types.js';
import type { Db } from '@craftwell/core/db/pool';
import { DependencyUnavailableError } from '@craftwell/core/errors';
import { findByJobId } from '@craftwell/core/repositories/creations';
import { engineInfoSchema } from '@craftwell/contracts/jobs';
import type { Logger } from '@craftwell/core/logger';
import { DEFAULT_USE_LIMITS, meterOf, releaseUse, reserveUse, type Quotas, type UseLimits } from '@craftwell/core/repositories/quota';

export interface AiServiceDeps {
  db: Db;
  storage: ObjectStorage;
  producer: JobProducer;
  quotas: Quotas;
  /** Light-step allowance and running jobs per user (DEFAULT_USE_LIMITS when not given). */
  useLimits?: UseLimits;
  jobWaitTimeoutMs: number;
  log: Logger;
}

export type Submission =
  | { mode: 'async'; jobId: string }
  | { mode: 'sync'; result: JobResult };

export interface UploadToStore {
  key: string;
  /** The bytes, or how to make them: decoding an upload waits until its quota is reserved. */
  body: Buffer | (() => Promise<Buffer>);
  contentType: string;
}

/**
 * When the queue lost a job (Redis flushed or restarted without its data), a worker may still be
 * finishing it: its result is looked for this long before the request is told to try again, so
 * a job done a moment later is not reported lost and then run a second time by the retry.
 */
export const LOST_JOB_RESULT_WAIT_MS = 2_500;
const LOST_JOB_RESULT_CHECK_MS = 250;

export function createAiService(deps: AiServiceDeps) {
  async function discard(requestId: string, keys: string[]) {
    await releaseUse(deps.db, requestId).catch((err) => deps.log.warn({ err, requestId }, 'could not release quota'));
    await Promise.all(keys.map((k) => deps.storage.delete(k).catch(() => undefined)));
  }

  /** The creation a job saved under this request, if any (null too when Postgres cannot say). */
  async function savedResult(requestId: string) {
    const row = await findByJobId(deps.db, requestId).catch(() => null);
    if (!row) return null;
    return { creationId: row.id, content: row.content, engine: engineInfoSchema.parse(row.engine) };
  }

  async function savedResultWithin(requestId: string, waitMs: number) {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const saved = await savedResult(requestId);
      if (saved || Date.now() >= deadline) return saved;
      await new Promise((resolve) => setTimeout(resolve, LOST_JOB_RESULT_CHECK_MS));
    }
  }

  return {
    async submit<N extends JobName>(
      user: AuthUser,
      name: N,
      payload: Omit<JobPayload<N>, 'userId'>,
      options: { async: boolean; uploads?: UploadToStore[] },
    ): Promise<Submission> {
      const requestId = randomUUID();
      const full = parsePayload(name, { ...payload, userId: user.id, requestId });
      const uploads = options.uploads ?? [];
      const meter = meterOf(name);
      if (meter) await reserveUse(deps.db, deps.quotas, user, meter, requestId, uploads.map((u) => u.key), deps.useLimits ?? DEFAULT_USE_LIMITS);
      let jobId: string;
      try {
        for (const u of uploads) {
          const body = typeof u.body === 'function' ? await u.body() : u.body;
          await deps.storage.put(u.key, body, { contentType: u.contentType });
        }
        jobId = (await deps.producer.enqueue(name, full, { jobId: requestId })).id;
      } catch (err) {
        await discard(requestId, uploads.map((u) => u.key));
        if (err instanceof QueueUnavailableError) throw new DependencyUnavailableError(err.message, 5, 503, 'queue_unavailable');
        throw err;
      }
      if (options.async) return { mode: 'async', jobId };
      try {
        return { mode: 'sync', result: await deps.producer.waitForResult(jobId, deps.jobWaitTimeoutMs) };
      } catch (err) {
        // "Does not exist" for a job enqueued a moment ago means the queue lost it.
        const lost = err instanceof JobLostError || (err instanceof JobFailedError && err.status === 404);
        // Whatever the queue says went wrong, a result already saved is the answer; a job the
        // queue lost may still be saving one.
        const saved = await savedResultWithin(requestId, lost ? LOST_JOB_RESULT_WAIT_MS : 0);
        if (saved) return { mode: 'sync', result: saved };
        if (err instanceof JobLostError || err instanceof JobTimeoutError || err instanceof JobFailedError) {
          // Terminal for this request: give back what it took (the worker may have already).
          await discard(requestId, uploads.map((u) => u.key));
        }
        if (lost) throw new JobLostError();
        // The queue's errors carry the job's code (contracts/errors.ts): the error handler answers
        // each with its status and, for outages, Retry-After.
        throw err;
      }
    },
  };
}

export type AiService = ReturnType<typeof createAiService>;
