import { Router } from 'express';
import type { Db } from '@craftwell/core/db/pool';
import type { QueueName } from '@craftwell/contracts/jobs';

export interface ReadinessChecks {
  db: Db;
  queue: { ping(): Promise<void>; workerPresence(): Promise<Record<QueueName, boolean>> };
  storage: { ping(): Promise<void> };
}

async function check(fn: () => Promise<unknown>, timeoutMs = 2000): Promise<'ok' | string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      fn(),
      new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('timed out')), timeoutMs); }),
    ]);
    return 'ok';
  } catch (err) {
    return (err as Error).message || 'failed';
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(deps: ReadinessChecks): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => { res.json({ status: 'ok' }); });
  router.get('/readyz', async (_req, res) => {
    const [postgres, queue, storage, presence] = await Promise.all([
      check(() => deps.db.query('SELECT 1')),
      check(() => deps.queue.ping()),
      check(() => deps.storage.ping()),
      deps.queue.workerPresence().catch(() => null),
    ]);
    const ready = postgres === 'ok' && queue === 'ok' && storage === 'ok';
    // A queue without workers keeps its jobs waiting, but the api itself can serve: it reports
    // "degraded" and stays in rotation (workers may be scaling up from zero).
    const workers = presence
      ? Object.fromEntries(Object.entries(presence).map(([name, present]) => [name, present ? 'ok' : 'no worker']))
      : 'unknown';
    const degraded = ready && (!presence || Object.values(presence).some((present) => !present));
    res.status(ready ? 200 : 503).json({
      status: ready ? (degraded ? 'degraded' : 'ready') : 'not ready',
      checks: { postgres, queue, storage, workers },
    });
  });
  return router;
}
