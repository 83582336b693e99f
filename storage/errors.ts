/** Errors shared by both storage drivers, so callers can tell "missing" from "broken". */

export class InvalidKeyError extends Error {
  constructor(key: string) {
    super(`Invalid object key: ${JSON.stringify(key.slice(0, 80))}`);
    this.name = 'InvalidKeyError';
  }
}

export class ObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`Object not found: ${key}`);
    this.name = 'ObjectNotFoundError';
  }
}

/** A write failed because the disk (or the volume, or an S3 backend's disk) is full. */
export function isStorageFull(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const e = error as { code?: unknown; cause?: unknown };
  // ENOSPC/EDQUOT from the local driver; XMinioStorageFull / 507 from S3-compatible servers.
  if (e.code === 'ENOSPC' || e.code === 'EDQUOT' || e.code === 'XMinioStorageFull' || e.code === 'InsufficientStorage') return true;
  return isStorageFull(e.cause, depth + 1);
}
