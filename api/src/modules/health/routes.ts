import fs from 'node:fs';
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
  /** Free bytes where stored objects are written; null when the store cannot tell (S3). */
  storageFreeBytes?: () => Promise<number | null>;
  /** Below this many free bytes, storage is reported "low on space" and the api "degraded". */
  storageMinFreeBytes?: number;
  /** How long one answer is given to every caller before the checks run again. */
  refreshMs?: number;
}

/** One answer a second at most: the checks write a probe (an S3 request) and ping every service. */
export const READY_REFRESH_MS = 1_000;

/** Free bytes of the file system holding `dir` (for the unprivileged user, as writes see it). */
export async function freeBytesOf(dir: string): Promise<number> {
  const stats = await fs.promises.statfs(dir);
  return stats.bavail * stats.bsize;
}

interface Readiness { status: number; body: unknown }

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
  const refreshMs = deps.refreshMs ?? READY_REFRESH_MS;
  let last: (Readiness & { at: number }) | null = null;
  let running: Promise<Readiness & { at: number }> | null = null;
  // Concurrent and repeated probes share one run of the checks: anyone may ask, as often as
  // they like, and costs the services nothing more.
  const current = () => {
    if (last && Date.now() - last.at < refreshMs) return Promise.resolve(last);
    running ??= readiness(deps)
      .then((answer) => (last = { ...answer, at: Date.now() }))
      .finally(() => { running = null; });
    return running;
  };
  router.get('/healthz', (_req, res) => { res.json({ status: 'ok' }); });
  router.get('/readyz', async (_req, res) => {
    const { status, body } = await current();
    res.status(status).json(body);
  });
  return router;
}

async function readiness(deps: ReadinessChecks): Promise<Readiness> {
  const [postgres, queue, storageState, presence, free] = await Promise.all([
    check('postgres', () => pingDatabase(deps.db), deps.log),
    check('queue', () => deps.queue.ping(), deps.log),
    check('storage', () => deps.storage.ping(), deps.log),
    // Bounded like the checks: a hung queue must not hang the probe.
    Promise.race([deps.queue.workerPresence(), new Promise<null>((r) => setTimeout(r, 2000, null).unref())]).catch(() => null),
    deps.storageFreeBytes ? deps.storageFreeBytes().catch(() => null) : null,
  ]);
  const ready = postgres === 'ok' && queue === 'ok' && storageState === 'ok';
  // Uploads and results fail (507) below the threshold, though the store still answers: the api
  // can serve everything else, so it says "degraded" and stays in rotation.
  const lowOnSpace = storageState === 'ok' && free !== null && free < (deps.storageMinFreeBytes ?? 0);
  const storage = lowOnSpace ? 'low on space' : storageState;
  // A queue without workers keeps its jobs waiting, but the api itself can serve: it reports
  // "degraded" and stays in rotation (workers may be scaling up from zero).
  const workers = presence
    ? Object.fromEntries(Object.entries(presence).map(([name, present]) => [name, present ? 'ok' : 'no worker']))
    : 'unknown';
  const degraded = ready && (lowOnSpace || !presence || Object.values(presence).some((present) => !present));
  return {
    status: ready ? 200 : 503,
    body: {
      status: ready ? (degraded ? 'degraded' : 'ready') : 'not ready',
      checks: { postgres, queue, storage, workers },
      ...(lowOnSpace ? { storageFreeMb: Math.floor(free! / 1024 / 1024) } : {}),
    },
  };
}
