/**
 * The story of every /api/ai request: validate → reserve quota → decode and store uploads → enqueue → wait
 * (or reply 202 for polling). Whatever fails on the way gives back what it took: the quota
 * reservation and the uploaded objects.
 */
import { randomUUID } from 'node:crypto';
import { parsePayload, type JobName, type JobPayload, type JobResult } from '@craftwell/contracts/jobs';
import { JobFailedError, JobLostError, JobMayRunError, JobTimeoutError, QueueUnavailableError, type JobProducer } from '@craftwell/queue/types';
import type { ObjectStorage } from '@craftwell/storage/object-storage';
import type { AuthUser } from '../../auth/types.js';
import type { Db } from '@craftwell/core/db/pool';
import { AppError, DependencyUnavailableError } from '@craftwell/core/errors';
import { findByJobId } from '@craftwell/core/repositories/creations';
import { engineInfoSchema } from '@craftwell/contracts/jobs';
import type { Logger } from '@craftwell/core/logger';
import { DEFAULT_USE_LIMITS, meterOf, releaseUse, reserveUse, type Quotas, type UseLimits } from '@craftwell/core/repositories/quota';
import {
  claimIdempotencyKey, fingerprintOf, holdsIdempotencyKey, releaseIdempotencyKey, takeOverIdempotencyKey, type IdempotencyRecord,
} from '@craftwell/core/repositories/idempotency-keys';

export interface AiServiceDeps {
  db: Db;
  storage: ObjectStorage;
  producer: JobProducer;
  quotas: Quotas;
  jobWaitTimeoutMs: number;
  log: Logger;
  /** Light-step allowance and running jobs per user (DEFAULT_USE_LIMITS when not given). */
  useLimits?: UseLimits;
}

/**
 * `async`: the job's id, for polling (202). A synchronous request gets it too when the queue went
 * away after its job may have been written: the job may still run, so no failure is claimed.
 */
export type Submission =
  | { mode: 'async'; jobId: string }
  | { mode: 'sync'; result: JobResult };

export interface SubmitOptions {
  async: boolean;
  uploads?: UploadToStore[];
  /** The request's Idempotency-Key: the same user sending it again gets this request's job. */
  idempotencyKey?: string;
  /** A batch item: queued behind interactive requests, not one of the user's running jobs. */
  background?: boolean;
}

/**
 * A repeat of a key whose job the queue does not know yet: the first request may still be
 * storing its uploads and enqueueing for this long. Later, its job never made it (its api died,
 * or the queue lost it) and the repeat takes the key over.
 */
const ACCEPTING_MS = 5 * 60_000;
/** How long a repeat waits for such a job to appear before answering 409 (try again). */
const REPEAT_WAIT_MS = 5_000;
const REPEAT_CHECK_MS = 250;

export interface UploadToStore {
  key: string;
  /** The bytes, or how to make them: decoding an upload waits until its quota is reserved. */
  body: Buffer | (() => Promise<Buffer>);
  /** The bytes as uploaded, which identify the request for its Idempotency-Key (needed when `body` is deferred). */
  source?: Buffer;
  contentType: string;
}

/** What identifies an upload for an Idempotency-Key: its bytes as sent. */
function uploadIdentity(upload: UploadToStore): Buffer {
  if (upload.source) return upload.source;
  if (Buffer.isBuffer(upload.body)) return upload.body;
  throw new Error('An upload with a deferred body needs its source bytes');
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

  /**
   * Waits for an enqueued job and turns its end into the reply. The rule for a queue outage: once
   * a job may have been written, the reply never claims it failed unless it surely will not run;
   * when that cannot be told (the queue is unreachable), the reply is its id (202) to poll.
   * `release` runs when the request ended with nothing done and nothing charged.
   */
  async function settle(requestId: string, jobId: string, uploadKeys: string[], release: () => Promise<void>): Promise<Submission> {
    try {
      return { mode: 'sync', result: await deps.producer.waitForResult(jobId, deps.jobWaitTimeoutMs) };
    } catch (err) {
      if (err instanceof QueueUnavailableError) return { mode: 'async', jobId };
      // "Does not exist" for a job enqueued a moment ago means the queue lost it.
      const lost = err instanceof JobLostError || (err instanceof JobFailedError && err.status === 404);
      // Whatever the queue says went wrong, a result already saved is the answer; a job the
      // queue lost may still be saving one.
      const saved = await savedResultWithin(requestId, lost ? LOST_JOB_RESULT_WAIT_MS : 0);
      if (saved) return { mode: 'sync', result: saved };
      if (err instanceof JobLostError || err instanceof JobTimeoutError || err instanceof JobFailedError) {
        // Terminal for this request: give back what it took (the worker may have already). With
        // its reservation gone a worker still running the job cannot save it (commitUse); one
        // that saved in the meantime has won, and its result is the answer.
        await discard(requestId, uploadKeys);
        const savedMeanwhile = await savedResult(requestId);
        if (savedMeanwhile) return { mode: 'sync', result: savedMeanwhile };
        // The key stays with a job that failed for good (a repeat gets the same answer); after
        // a loss, a timeout or an outage a repeat runs the request again.
        if (!(err instanceof JobFailedError) || lost || err.status === 503) await release();
      }
      if (lost) throw new JobLostError();
      // The queue's errors carry the job's code (contracts/errors.ts): the error handler answers
      // each with its status and, for outages, Retry-After.
      throw err;
    }
  }

  async function start<N extends JobName>(
    user: AuthUser, name: N, payload: Omit<JobPayload<N>, 'userId'>, options: SubmitOptions,
    requestId: string, keyHeld?: { key: string },
  ): Promise<Submission> {
    const full = parsePayload(name, { ...payload, userId: user.id, requestId });
    const uploads = options.uploads ?? [];
    const uploadKeys = uploads.map((u) => u.key);
    const release = async () => {
      if (keyHeld) await releaseIdempotencyKey(deps.db, user.id, keyHeld.key, requestId).catch(() => undefined);
    };
    try {
      const meter = meterOf(name);
      if (meter) await reserveUse(deps.db, deps.quotas, user, meter, requestId, uploadKeys, deps.useLimits ?? DEFAULT_USE_LIMITS, { background: options.background });
    } catch (err) {
      await release();
      throw err;
    }
    let jobId: string;
    try {
      for (const u of uploads) {
        const body = typeof u.body === 'function' ? await u.body() : u.body;
        await deps.storage.put(u.key, body, { contentType: u.contentType });
      }
      // A request slow enough to have its key taken over by a repeat must not enqueue a second job.
      if (keyHeld && !(await holdsIdempotencyKey(deps.db, user.id, keyHeld.key, requestId))) {
        throw new AppError('A repeat of this request (same Idempotency-Key) has taken it over; its reply is the one that counts.', 409, 'conflict');
      }
      jobId = (await deps.producer.enqueue(name, full, { jobId: requestId, background: options.background })).id;
    } catch (err) {
      if (err instanceof JobMayRunError) {
        // Written or not, it cannot be told now: the reservation and uploads stay for the job
        // (the reservation sweep gives them back if the queue never knew it).
        return { mode: 'async', jobId: deps.producer.jobIdFor(name, requestId) };
      }
      await discard(requestId, uploadKeys);
      await release();
      if (err instanceof QueueUnavailableError) throw new DependencyUnavailableError(err.message, 5, 503, 'queue_unavailable');
      throw err;
    }
    if (options.async) return { mode: 'async', jobId };
    return settle(requestId, jobId, uploadKeys, release);
  }

  /**
   * A repeat of a key: the job of the request that holds it — its result, its failure, or (when
   * polling, or the queue cannot be asked) its id. 'unknown': the queue has no such job (yet).
   */
  async function replay(user: AuthUser, key: string, held: IdempotencyRecord, options: SubmitOptions): Promise<Submission | 'unknown'> {
    const saved = await savedResult(held.requestId);
    if (saved) return { mode: 'sync', result: saved };
    let known: boolean;
    try {
      known = (await deps.producer.getStatus(held.jobId)) !== null;
    } catch (err) {
      if (err instanceof QueueUnavailableError) return { mode: 'async', jobId: held.jobId };
      throw err;
    }
    if (!known) return 'unknown';
    if (options.async) return { mode: 'async', jobId: held.jobId };
    const release = () => releaseIdempotencyKey(deps.db, user.id, key, held.requestId).catch(() => undefined);
    return settle(held.requestId, held.jobId, [], release);
  }

  return {
    async submit<N extends JobName>(
      user: AuthUser,
      name: N,
      payload: Omit<JobPayload<N>, 'userId'>,
      options: SubmitOptions,
    ): Promise<Submission> {
      const key = options.idempotencyKey;
      if (!key) return start(user, name, payload, options, randomUUID());
      // Uploads are stored under fresh keys each time: the request is known by their bytes.
      const uploadDigests = new Map((options.uploads ?? []).map((u) => [u.key, fingerprintOf(uploadIdentity(u).toString('base64'))]));
      const fingerprint = fingerprintOf({
        name,
        payload: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, typeof v === 'string' && uploadDigests.has(v) ? uploadDigests.get(v) : v])),
      });
      const deadline = Date.now() + REPEAT_WAIT_MS;
      for (;;) {
        const requestId = randomUUID();
        const claim = { userId: user.id, key, fingerprint, requestId, jobId: deps.producer.jobIdFor(name, requestId) };
        const outcome = await claimIdempotencyKey(deps.db, claim);
        if (outcome.claimed) return start(user, name, payload, options, requestId, { key });
        const held = outcome.record;
        if (held.fingerprint !== fingerprint) {
          throw new AppError('This Idempotency-Key was already used for a different request. Send a new key with each new request, and the same key only when repeating a request exactly.', 422, 'unprocessable');
        }
        const answer = await replay(user, key, held, options);
        if (answer !== 'unknown') return answer;
        if (held.ageMs >= ACCEPTING_MS) {
          // Its job never made it into the queue: this request runs it (unless another repeat just did).
          if (await takeOverIdempotencyKey(deps.db, held.requestId, claim)) return start(user, name, payload, options, requestId, { key });
          continue;
        }
        if (Date.now() >= deadline) {
          throw new DependencyUnavailableError('A request with this Idempotency-Key is still being accepted. Try again in a moment with the same key.', 1, 409, 'conflict');
        }
        await new Promise((resolve) => setTimeout(resolve, REPEAT_CHECK_MS));
      }
    },
  };
}

export type AiService = ReturnType<typeof createAiService>;
