import { Router } from 'express';
import type { Db } from '@craftwell/core/db/pool';
import type { Logger } from '@craftwell/core/logger';
import { pingDatabase } from '@craftwell/core/repositories/site';

export interface ReadinessChecks {
  db: Db;
  queue: { ping(): Promise<void> };
  storage: { ping(): Promise<void> };
  log?: Pick<Logger, 'warn'>;
}

/** What /readyz tells anyone who asks: a state, never a driver's message (hosts, users, paths). */
export type CheckState = 'ok' | 'failed' | 'timeout';

class CheckTimeout extends Error {}

async function check(name: string, fn: () => Promise<unknown>, log: ReadinessChecks['log'], timeoutMs = 2000): Promise<CheckState> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      fn(),
      new Promise((_, reject) => { timer = setTimeout(() => reject(new CheckTimeout(`no answer within ${timeoutMs} ms`)), timeoutMs); }),
    ]);
    return 'ok';
  } catch (err) {
    // The details are for the operator, in the log.
    log?.warn({ err, check: name }, `readiness: ${name} is not ready`);
    return err instanceof CheckTimeout ? 'timeout' : 'failed';
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(deps: ReadinessChecks): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => { res.json({ status: 'ok' }); });
  router.get('/readyz', async (_req, res) => {
    const [postgres, queue, storage] = await Promise.all([
      check('postgres', () => pingDatabase(deps.db), deps.log),
      check('queue', () => deps.queue.ping(), deps.log),
      check('storage', () => deps.storage.ping(), deps.log),
    ]);
    const ready = postgres === 'ok' && queue === 'ok' && storage === 'ok';
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', checks: { postgres, queue, storage } });
  });
  return router;
}
