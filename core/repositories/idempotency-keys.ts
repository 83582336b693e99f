/**
 * Idempotency keys (the Idempotency-Key header of job requests, as in payment APIs): a key is
 * claimed by the first request that sends it, per user; later requests with the same key are
 * answered from the job that request started. Any request that starts jobs can use these.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../db/pool.js';

/** How long a key is honoured; older rows are dropped and the key is free again. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

export interface IdempotencyRecord {
  fingerprint: string;
  requestId: string;
  /** The queue's id of the request's job (enqueued, being enqueued, or never enqueued). */
  jobId: string;
  /** Since the key was claimed. */
  ageMs: number;
}

export type Claim = { claimed: true } | { claimed: false; record: IdempotencyRecord };

export interface KeyClaim {
  userId: string;
  key: string;
  fingerprint: string;
  requestId: string;
  jobId: string;
}

/** A key: 1 to 255 visible ASCII characters (a UUID is typical). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** A stable digest of a request: same meaning, same digest, whatever the order of object keys. */
export function fingerprintOf(value: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === 'object') {
      return Object.fromEntries(Object.keys(v).sort().filter((k) => (v as Record<string, unknown>)[k] !== undefined)
        .map((k) => [k, canonical((v as Record<string, unknown>)[k])]));
    }
    return v;
  };
  return createHash('sha256').update(JSON.stringify(canonical(value))).digest('hex');
}

/** Claims the key for this request (an expired holder is replaced), or returns the holder's record. */
export async function claimIdempotencyKey(db: Db, claim: KeyClaim): Promise<Claim> {
  const { userId, key, fingerprint, requestId, jobId } = claim;
  const { rowCount } = await db.query(
    `INSERT INTO idempotency_keys (user_id, key, fingerprint, request_id, job_id) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id, key) DO UPDATE
        SET fingerprint = EXCLUDED.fingerprint, request_id = EXCLUDED.request_id, job_id = EXCLUDED.job_id, created_at = now()
      WHERE idempotency_keys.created_at < now() - interval '${IDEMPOTENCY_KEY_TTL_HOURS} hours'`,
    [userId, key, fingerprint, requestId, jobId],
  );
  if (rowCount) return { claimed: true };
  const { rows } = await db.query(
    `SELECT fingerprint, request_id, job_id, (extract(epoch FROM now() - created_at) * 1000)::float8 AS age_ms
       FROM idempotency_keys WHERE user_id = $1 AND key = $2`,
    [userId, key],
  );
  // Released between the two statements: try again from the start.
  if (!rows[0]) return claimIdempotencyKey(db, claim);
  return { claimed: false, record: { fingerprint: rows[0].fingerprint, requestId: rows[0].request_id, jobId: rows[0].job_id, ageMs: Number(rows[0].age_ms) } };
}

/**
 * The holder's request never got its job into the queue (its api died, or the queue lost the
 * job): this request takes the key over. False when another request took it first.
 */
export async function takeOverIdempotencyKey(db: Db, heldBy: string, claim: KeyClaim): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE idempotency_keys SET fingerprint = $4, request_id = $5, job_id = $6, created_at = now()
      WHERE user_id = $1 AND key = $2 AND request_id = $3`,
    [claim.userId, claim.key, heldBy, claim.fingerprint, claim.requestId, claim.jobId],
  );
  return rowCount === 1;
}

/** Whether this request still holds the key (a repeat may have taken it over meanwhile). */
export async function holdsIdempotencyKey(db: Db, userId: string, key: string, requestId: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND request_id = $3', [userId, key, requestId]);
  return rowCount === 1;
}

/** The request ended with nothing done (nothing charged, no job left): the key is free again. */
export async function releaseIdempotencyKey(db: Db, userId: string, key: string, requestId: string): Promise<void> {
  await db.query('DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND request_id = $3', [userId, key, requestId]);
}

/** The same, found by its request (a poll learnt that request's job was lost). */
export async function releaseIdempotencyKeyOfRequest(db: Db, userId: string, requestId: string): Promise<void> {
  await db.query('DELETE FROM idempotency_keys WHERE user_id = $1 AND request_id = $2', [userId, requestId]);
}

/** Drops keys past their time (now and then; a claim also replaces an expired key). */
export async function deleteExpiredIdempotencyKeys(db: Db): Promise<number> {
  const { rowCount } = await db.query(`DELETE FROM idempotency_keys WHERE created_at < now() - interval '${IDEMPOTENCY_KEY_TTL_HOURS} hours'`);
  return rowCount ?? 0;
}
