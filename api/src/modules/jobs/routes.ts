/** Polling: the state of a job, only to its owner. */
import { Router } from 'express';
import type { JobProducer } from '@craftwell/queue/types';
import type { Db } from '@craftwell/core/db/pool';
import { notFound } from '@craftwell/core/errors';
import { currentUser } from '../../middleware/require-auth.js';

/**
 * A job the queue no longer knows (finished jobs are kept an hour; Redis may have lost its data)
 * may still have saved its creation: that is its result.
 */
async function savedJob(db: Db, jobId: string, userId: string) {
  const requestId = jobId.replace(/^(text|image|pdf)-/, '');
  const { rows } = await db.query('SELECT id, content, engine FROM creations WHERE job_id = $1 AND user_id = $2', [requestId, userId]);
  return rows[0] as { id: string; content: string; engine: unknown } | undefined;
}

export function jobRoutes(producer: JobProducer, db?: Db): Router {
  const router = Router();
  router.get('/:id', async (req, res) => {
    const id = req.params.id;
    const user = currentUser(req);
    const status = /^[\w-]{1,100}$/.test(id) ? await producer.getStatus(id) : null;
    if (!status && db && /^[\w-]{1,100}$/.test(id)) {
      const saved = await savedJob(db, id, user.id);
      if (saved) {
        res.json({ success: true, state: 'completed', progress: 100, stage: 'Done', content: saved.content, engine: saved.engine, creationId: saved.id });
        return;
      }
    }
    // Someone else's job is reported exactly like a missing one.
    if (!status || status.ownerId !== user.id) throw notFound('That job does not exist.');
    res.json({
      success: status.state !== 'failed',
      state: status.state,
      progress: status.progress,
      stage: status.stage,
      position: status.position,
      partial: status.state === 'active' ? status.partial : undefined,
      content: status.result?.content,
      engine: status.result?.engine,
      creationId: status.result?.creationId,
      message: status.error?.message,
      code: status.error?.code,
    });
  });
  return router;
}
