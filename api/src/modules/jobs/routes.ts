/** Polling: the state of a job, only to its owner. */
import { Router } from 'express';
import type { JobProducer } from '@craftwell/queue/types';
import type { Db } from '@craftwell/core/db/pool';
import { notFound } from '@craftwell/core/errors';
import { currentUser } from '../../middleware/require-auth.js';
import { jobOutcome } from './outcome.js';

export function jobRoutes(producer: JobProducer, db?: Db): Router {
  const router = Router();
  router.get('/:id', async (req, res) => {
    const known = await jobOutcome(producer, db, currentUser(req).id, req.params.id);
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
