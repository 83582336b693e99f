/**
 * The processor every queue adapter runs (in a BullMQ worker process or an in-process worker
 * thread): validate the payload, run the job's handler, save the creation, clean up inputs.
 * Loaded as a module so each thread/process builds its own connections and keeps models warm.
 */
import { JOBS, engineInfoSchema, parsePayload, type JobName } from '@craftwell/contracts/jobs';
import type { JobContext } from '@craftwell/contracts/handler';
import type { Processor, RunningJob } from '@craftwell/queue/types';
import { handsJobBack } from '@craftwell/queue/attempt';
import { createWorkerRuntime, type WorkerRuntime } from './runtime.js';
import { saveCreation } from './save-creation.js';
import { releaseUse } from '@craftwell/core/repositories/quota';
import { findByJobId } from '@craftwell/core/repositories/creations';
import { CraftwellError, DATABASE_UNAVAILABLE_MESSAGE, STORAGE_FULL_MESSAGE } from '@craftwell/core/errors';
import { isDatabaseOutage } from '@craftwell/core/db/outage';
import { isStorageFull } from '@craftwell/storage/errors';

/**
 * Every error leaves the processor in the one vocabulary (contracts/errors.ts), and its code alone
 * decides whether the queue tries again. Errors a handler meant for the user keep their words;
 * anything else (a bug, a lost connection) is logged in full but reaches the user without
 * internals.
 */
function asCraftwellError(err: unknown): CraftwellError {
  // Checked first: a provider's "connection timeout" is its own code, not our database's outage.
  if (err instanceof CraftwellError) return err;
  // A full disk will not be emptier in a second: fail at once, nothing charged.
  if (isStorageFull(err)) return new CraftwellError('storage_full', STORAGE_FULL_MESSAGE, { cause: err });
  // Postgres down while the job reads or saves: the user hears "try again in a moment" (503 with
  // Retry-After), never a generic 500.
  if (isDatabaseOutage(err)) return new CraftwellError('dependency_unavailable', DATABASE_UNAVAILABLE_MESSAGE, { cause: err });
  return new CraftwellError('internal', 'Something went wrong while processing your request. Please try again.', { cause: err });
}

function inputKeysOf(payload: Record<string, unknown>): string[] {
  return ['inputKey', 'maskKey'].map((k) => payload[k]).filter((v): v is string => typeof v === 'string');
}

export function buildProcessor(runtime: WorkerRuntime): Processor {
  return async (job: RunningJob) => {
    const name = job.name as JobName;
    const def = JOBS[name];
    let payload: ReturnType<typeof parsePayload>;
    try {
      payload = parsePayload(name, job.payload);
    } catch (err) {
      // The api validates before enqueueing, so this is a producer bug: retrying cannot help.
      runtime.log.error({ jobId: job.id, job: name, err }, 'job payload does not match its contract');
      throw new CraftwellError('internal', 'This request could not be processed. Please try again.');
    }
    const ctx: JobContext = {
      payload,
      signal: job.signal,
      attempt: job.attempt,
      progress: (u) => job.progress(u),
      readInput: (key) => runtime.storage.getBuffer(key),
    };
    // Quota and the creation row are keyed by the api's request id (the job id for direct jobs).
    const requestId = payload.requestId ?? job.id;
    const cleanUp = async () => {
      await Promise.all(inputKeysOf(payload).map((k) => runtime.storage.delete(k).catch(() => undefined)));
    };
    try {
      // Idempotent: a job run again after it already finished (its worker only looked dead)
      // returns the creation it wrote instead of working, or failing on its deleted inputs.
      const done = await findByJobId(runtime.db, requestId);
      if (done) {
        await cleanUp();
        return { creationId: done.id, content: done.content, engine: engineInfoSchema.parse(done.engine) };
      }
      const handler = await runtime.handlers.handlerFor(name);
      const output = await handler(ctx);
      if (job.signal.aborted) throw new CraftwellError('cancelled');
      await job.progress({ progress: 95, stage: 'Saving' });
      const result = await saveCreation(runtime, { id: requestId, name, payload }, output);
      await cleanUp();
      return result;
    } catch (caught) {
      const err = asCraftwellError(caught);
      const retryable = err.retryable;
      // A shutdown or a lost lock hands the job back: its inputs and quota stay for the next worker.
      const handedBack = handsJobBack((job.signal.reason as { kind?: unknown } | undefined)?.kind);
      const last = !handedBack && (!retryable || job.attempt >= def.attempts || job.signal.aborted);
      if (last) {
        // Nothing more will run for this job: give the quota back and drop its uploads.
        await releaseUse(runtime.db, requestId).catch(() => undefined);
        await cleanUp();
      }
      runtime.log.warn({ jobId: job.id, job: name, attempt: job.attempt, err: caught }, 'job attempt failed');
      throw err;
    }
  };
}

/** ProcessorModule default export: one runtime per process or thread. */
export default async function createProcessor(): Promise<Processor> {
  const runtime = await createWorkerRuntime();
  return buildProcessor(runtime);
}
