import { Router } from 'express';
import type { Db } from '@craftwell/core/db/pool';
import { pingDatabase } from '@craftwell/core/repositories/site';

export interface ReadinessChecks {
  db: Db;
  queue: { ping(): Promise<void> };
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
    const [postgres, queue, storage] = await Promise.all([
      check(() => pingDatabase(deps.db)),
      check(() => deps.queue.ping()),
      check(() => deps.storage.ping()),
    ]);
    const ready = postgres === 'ok' && queue === 'ok' && storage === 'ok';
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', checks: { postgres, queue, storage } });
  });
  return router;
}
