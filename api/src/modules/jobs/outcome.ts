/**
 * What a job came to, for its owner: one rule for every reader (job polls, batch views). The
 * queue's status, except that a saved creation is the result whatever the queue says of it, and
 * a job the queue no longer knows is reported lost only after its request was given up.
 */
import type { JobProducer, JobStatus } from '@craftwell/queue/types';
import type { Db } from '@craftwell/core/db/pool';
import { ERRORS } from '@craftwell/contracts/errors';
import type { EngineInfo } from '@craftwell/contracts/jobs';
import { releaseOwnUse } from '@craftwell/core/repositories/quota';
import { releaseIdempotencyKeyOfRequest } from '@craftwell/core/repositories/idempotency-keys';
import { findByJobId } from '@craftwell/core/repositories/creations';

export type JobOutcome = Pick<JobStatus, 'state' | 'progress' | 'stage' | 'position' | 'partial' | 'result' | 'error'>;

const JOB_ID = /^[\w-]{1,100}$/;

/** The request a job was enqueued for (its creation and reservation are kept under it). */
export function requestIdOf(jobId: string) {
  return jobId.replace(/^(text|image|pdf)-/, '');
}

/**
 * The job `jobId` of user `userId`, or null when it is not theirs or does not exist (someone
 * else's job is reported exactly like a missing one). Finished jobs answer from the queue alone.
 */
export async function jobOutcome(producer: JobProducer, db: Db | undefined, userId: string, jobId: string): Promise<JobOutcome | null> {
  if (!JOB_ID.test(jobId)) return null;
  const status = await producer.getStatus(jobId);
  if (status && status.ownerId !== userId) return null;
  if (status && status.state !== 'failed') return status;
  if (!db) return status;
  // About to say "failed" or "no such job" (finished jobs are kept an hour; Redis may have lost
  // its data; a job may fail in the queue after it saved). The request's reservation is given up
  // first, so a worker still finishing the job cannot save it after this answer (commitUse needs
  // it); then a creation saved before that is the answer.
  const requestId = requestIdOf(jobId);
  const released = await releaseOwnUse(db, requestId, userId);
  const saved = await findByJobId(db, requestId, userId);
  if (saved) return { state: 'completed', progress: 100, stage: 'Done', result: { creationId: saved.id, content: saved.content, engine: saved.engine as EngineInfo } };
  if (status) return status;
  if (!released) return null;
  // This user's request, which the queue no longer knows and which saved nothing: sending it
  // again with its Idempotency-Key runs it anew.
  await releaseIdempotencyKeyOfRequest(db, userId, requestId);
  return { state: 'failed', progress: 0, stage: 'Lost', error: { message: ERRORS.job_lost.message, code: 'job_lost' } };
}
