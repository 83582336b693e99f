/** Polling: the state of a job, only to its owner. */
import { Router } from 'express';
import type { JobProducer, JobStatus } from '@craftwell/queue/types';
import type { Db } from '@craftwell/core/db/pool';
import { notFound } from '@craftwell/core/errors';
import { ERRORS } from '@craftwell/contracts/errors';
import { releaseOwnUse } from '@craftwell/core/repositories/quota';
import { releaseIdempotencyKeyOfRequest } from '@craftwell/core/repositories/idempotency-keys';
import { currentUser } from '../../middleware/require-auth.js';

/** The request a job was enqueued for (its creation and reservation are kept under it). */
function requestIdOf(jobId: string) {
  return jobId.replace(/^(text|image|pdf)-/, '');
}

/** The creation a job saved, which is its result whatever the queue says of it. */
async function savedJob(db: Db, requestId: string, userId: string) {
  const { rows } = await db.query('SELECT id, content, engine FROM creations WHERE job_id = $1 AND user_id = $2', [requestId, userId]);
  return rows[0] as { id: string; content: string; engine: unknown } | undefined;
}

export function jobRoutes(producer: JobProducer, db?: Db): Router {
  const router = Router();
  router.get('/:id', async (req, res) => {
    const id = req.params.id;
    const user = currentUser(req);
    const status = /^[\w-]{1,100}$/.test(id) ? await producer.getStatus(id) : null;
    let lost = false;
    if ((!status || status.state === 'failed') && db && /^[\w-]{1,100}$/.test(id)) {
      // About to say "failed" or "no such job" (finished jobs are kept an hour; Redis may have
      // lost its data; a job may fail in the queue after it saved). The request's reservation is
      // given up first, so a worker still finishing the job cannot save it after this reply
      // (commitUse needs it); then a creation saved before that is the answer.
      const requestId = requestIdOf(id);
      const released = await releaseOwnUse(db, requestId, user.id);
      lost = !status && released;
      // Sending the request again with its Idempotency-Key then runs it anew.
      if (lost) await releaseIdempotencyKeyOfRequest(db, user.id, requestId);
      const saved = await savedJob(db, requestId, user.id);
      if (saved) {
        res.json({ success: true, state: 'completed', progress: 100, stage: 'Done', content: saved.content, engine: saved.engine, creationId: saved.id });
        return;
      }
    }
    const known: Pick<JobStatus, 'state' | 'progress' | 'stage' | 'position' | 'partial' | 'result' | 'error'> | null = lost
      // This user's request, which the queue no longer knows and which saved nothing.
      ? { state: 'failed', progress: 0, stage: 'Lost', error: { message: ERRORS.job_lost.message, code: 'job_lost' } }
      // Someone else's job is reported exactly like a missing one.
      : status && status.ownerId === user.id ? status : null;
    if (!known) throw notFound('That job does not exist.');
    res.json({
      success: known.state !== 'failed',
      state: known.state,
      progress: known.progress,
      stage: known.stage,
      position: known.position,
      partial: known.state === 'active' ? known.partial : undefined,
      content: known.result?.content,
      engine: known.result?.engine,
      creationId: known.result?.creationId,
      message: known.error?.message,
      code: known.error?.code,
    });
  });
  return router;
}
