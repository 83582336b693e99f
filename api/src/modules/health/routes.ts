import { Router } from 'express';
import type { Db } from '@craftwell/core/db/pool';
import type { Logger } from '@craftwell/core/logger';
import { pingDatabase } from '@craftwell/core/repositories/site';
import type { QueueName } from '@craftwell/contracts/jobs';

export interface ReadinessChecks {
  db: Db;
  queue: { ping(): Promise<void>; workerPresence(): Promise<Record<QueueName, boolean>> };
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
    const [postgres, queue, storage, presence] = await Promise.all([
      check('postgres', () => pingDatabase(deps.db), deps.log),
      check('queue', () => deps.queue.ping(), deps.log),
      check('storage', () => deps.storage.ping(), deps.log),
      // Bounded like the checks: a hung queue must not hang the probe.
      Promise.race([deps.queue.workerPresence(), new Promise<null>((r) => setTimeout(r, 2000, null).unref())]).catch(() => null),
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
