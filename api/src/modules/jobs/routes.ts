/** Polling: the state of a job, only to its owner. */
import { Router } from 'express';
import type { JobProducer } from '@craftwell/queue/types';
import { notFound } from '@craftwell/core/errors';
import { currentUser } from '../../middleware/require-auth.js';

export function jobRoutes(producer: JobProducer): Router {
  const router = Router();
  router.get('/:id', async (req, res) => {
    const id = req.params.id;
    const status = /^[\w-]{1,100}$/.test(id) ? await producer.getStatus(id) : null;
    // Someone else's job is reported exactly like a missing one.
    if (!status || status.ownerId !== currentUser(req).id) throw notFound('That job does not exist.');
    res.json({
      success: status.state !== 'failed',
      state: status.state,
      progress: status.progress,
      stage: status.stage,
      position: status.position,
      partial: status.state === 'active' ? status.partial : undefined,
      content: status.result?.content,
      engine: status.result?.engine,
      message: status.error?.message,
      code: status.error?.code,
    });
  });
  return router;
}
