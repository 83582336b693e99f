/**
 * Gives back quota held by jobs that can no longer finish. The worker releases a use when a job
 * fails, but that release can itself fail (Postgres down), never run (a job that stalled out is
 * failed by BullMQ, not by our code), or have no job to run for (Redis lost it). So every
 * SWEEP_EVERY_MS the api looks at reservations old enough to have a job, asks the queue, and
 * releases those whose job failed or is unknown, deleting the uploads that job would have read
 * (a job killed twice never reaches the worker's own clean-up). Idempotent: every api replica may
 * run it.
 */
import type { JobProducer } from '@craftwell/queue/types';
import type { ObjectStorage } from '@craftwell/storage/object-storage';
import type { Db } from '@craftwell/core/db/pool';
import type { Logger } from '@craftwell/core/logger';
import { listAgedReservations, releaseUse } from '@craftwell/core/repositories/quota';
import { deleteExpiredIdempotencyKeys } from '@craftwell/core/repositories/idempotency-keys';

export const RESERVATION_SWEEP_EVERY_MS = 30_000;

export interface SweepOutcome {
  released: number;
  kept: number;
  /** The queue could not be asked (Redis down): left for the next round. */
  unreachable: number;
}

export async function sweepReservations(deps: { db: Db; producer: JobProducer; storage: ObjectStorage; minAgeMs: number }): Promise<SweepOutcome> {
  const outcome: SweepOutcome = { released: 0, kept: 0, unreachable: 0 };
  for (const { jobId: requestId, tool, inputKeys } of await listAgedReservations(deps.db, deps.minAgeMs)) {
    let state;
    try {
      // Quota tools are named like the jobs that use them.
      state = (await deps.producer.getStatus(deps.producer.jobIdFor(tool, requestId)))?.state ?? 'unknown';
    } catch {
      outcome.unreachable += 1;
      continue;
    }
    if (state === 'failed' || state === 'unknown') {
      // Uploads first: if a delete fails, the reservation stays and the next round tries again.
      await Promise.all(inputKeys.map((key) => deps.storage.delete(key)));
      await releaseUse(deps.db, requestId);
      outcome.released += 1;
    } else {
      outcome.kept += 1;
    }
  }
  return outcome;
}

export function startReservationSweep(deps: { db: Db; producer: JobProducer; storage: ObjectStorage; log: Logger; everyMs?: number }): () => Promise<void> {
  const everyMs = deps.everyMs ?? RESERVATION_SWEEP_EVERY_MS;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = sweepReservations({ db: deps.db, producer: deps.producer, storage: deps.storage, minAgeMs: everyMs })
      .then((r) => { if (r.released) deps.log.info({ sweep: r }, 'released quota held by failed or lost jobs'); })
      // Idempotency keys past their 24 hours go in the same round (a repeat after that is a new request).
      .then(() => deleteExpiredIdempotencyKeys(deps.db))
      .catch((err) => deps.log.warn({ err }, 'reservation sweep failed; trying again next round'))
      .finally(() => { running = null; });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
