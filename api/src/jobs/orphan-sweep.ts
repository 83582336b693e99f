/** Once an hour: delete stored objects that no row references and that are older than a day. */
import type { ObjectStorage } from '@craftwell/storage/object-storage';
import { sweepOrphans } from '@craftwell/storage/sweep';
import type { Db } from '@craftwell/core/db/pool';
import type { Logger } from '@craftwell/core/logger';
import { isObjectReferenced } from '@craftwell/core/repositories/creations';

const DAY_MS = 24 * 60 * 60 * 1000;
const EVERY_MS = 60 * 60 * 1000;

export function runOrphanSweep(deps: { db: Db; storage: ObjectStorage }) {
  return sweepOrphans(deps.storage, {
    isReferenced: (key) => isObjectReferenced(deps.db, key),
    olderThanMs: DAY_MS,
  });
}

export function startOrphanSweep(deps: { db: Db; storage: ObjectStorage; log: Logger }): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = runOrphanSweep(deps)
      .then((r) => deps.log.info({ sweep: r }, 'orphan sweep done'))
      .catch((err) => deps.log.warn({ err }, 'orphan sweep failed'))
      .finally(() => { running = null; });
  };
  const first = setTimeout(tick, 60_000);
  const timer = setInterval(tick, EVERY_MS);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
