/**
 * Orphan sweep: an object is an orphan when it is older than `olderThanMs` and no row refers to
 * it. Creation writes store the object first and insert the row second (deleting the object if
 * the insert fails), so a crash in between leaves an orphan this sweep removes later. Uploads are
 * job inputs only: past the age limit they are always orphans.
 */
import type { ObjectStorage } from './object-storage.js';

export const ONE_DAY_MS = 24 * 60 * 60 * 1000;

export interface SweepOptions {
  /** True when a database row still refers to the key (results only). */
  isReferenced(key: string): Promise<boolean>;
  /** Minimum age before an object may be deleted; default one day. */
  olderThanMs?: number;
  /** Areas to sweep; default both. */
  prefixes?: Array<'results/' | 'uploads/'>;
  /** Clock, for tests. */
  now?: number;
}

export interface SweepResult {
  scanned: number;
  deleted: number;
  kept: number;
  failed: number;
}

export async function sweepOrphans(storage: ObjectStorage, options: SweepOptions): Promise<SweepResult> {
  const olderThanMs = options.olderThanMs ?? ONE_DAY_MS;
  const cutoff = (options.now ?? Date.now()) - olderThanMs;
  const result: SweepResult = { scanned: 0, deleted: 0, kept: 0, failed: 0 };
  for (const prefix of options.prefixes ?? ['results/', 'uploads/']) {
    for await (const object of storage.list(prefix)) {
      result.scanned += 1;
      if (object.lastModified.getTime() > cutoff) {
        result.kept += 1;
        continue;
      }
      try {
        const orphan = prefix === 'uploads/' || !(await options.isReferenced(object.key));
        if (!orphan) {
          result.kept += 1;
          continue;
        }
        await storage.delete(object.key);
        result.deleted += 1;
      } catch {
        // One bad object must not stop the sweep; the next run tries again.
        result.failed += 1;
      }
    }
  }
  return result;
}
