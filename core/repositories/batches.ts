/**
 * SQL for batches and their items. Every read of a batch names its owner, so another user's
 * batch is simply not found.
 */
import type { BatchTool } from '@craftwell/contracts/batches';
import type { ImagePresetName } from '@craftwell/contracts/tool-options';
import type { Db } from '@craftwell/core/db/pool';

export interface BatchRow {
  id: string;
  user_id: string;
  tool: BatchTool;
  object: string | null;
  preset: ImagePresetName | null;
  colour: string | null;
  /** Whether a brush mask was drawn for the batch; its bytes are read only where used (`batchMask`). */
  has_mask: boolean;
  cancelled_at: Date | null;
  created_at: Date;
}

/** A batch as read: every column but the mask's bytes, which only adding images needs. */
const BATCH = 'id, user_id, tool, object, preset, colour, mask IS NOT NULL AS has_mask, cancelled_at, created_at';

export interface BatchItemRow {
  position: number;
  file_name: string;
  request_id: string | null;
  job_id: string | null;
  refused_code: string | null;
  refused_message: string | null;
}

export async function findOwnBatch(db: Db, userId: string, id: string): Promise<BatchRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const { rows } = await db.query(`SELECT ${BATCH} FROM batches WHERE id = $1 AND user_id = $2`, [id, userId]);
  return (rows[0] as BatchRow | undefined) ?? null;
}

export async function findBatchByIdempotencyKey(db: Db, userId: string, key: string): Promise<BatchRow | null> {
  const { rows } = await db.query(`SELECT ${BATCH} FROM batches WHERE user_id = $1 AND idempotency_key = $2`, [userId, key]);
  return (rows[0] as BatchRow | undefined) ?? null;
}

/** The new batch, or null when a batch with the same Idempotency-Key is being created. */
export async function insertBatch(db: Db, batch: {
  id: string; userId: string; tool: BatchTool; object: string | null; preset: ImagePresetName | null; colour: string | null; mask: Buffer | null; idempotencyKey: string | null;
}): Promise<BatchRow | null> {
  const { rows } = await db.query(
    `INSERT INTO batches (id, user_id, tool, object, preset, colour, mask, idempotency_key) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING ${BATCH}`,
    [batch.id, batch.userId, batch.tool, batch.object, batch.preset, batch.colour, batch.mask, batch.idempotencyKey],
  );
  return (rows[0] as BatchRow | undefined) ?? null;
}

/** Deletes a batch that never started (its items go with it). */
export async function deleteBatch(db: Db, id: string): Promise<void> {
  await db.query('DELETE FROM batches WHERE id = $1', [id]);
}

export async function listOwnBatches(db: Db, userId: string, limit = 50): Promise<BatchRow[]> {
  const { rows } = await db.query(`SELECT ${BATCH} FROM batches WHERE user_id = $1 ORDER BY created_at DESC LIMIT $2`, [userId, limit]);
  return rows as BatchRow[];
}

/** The brush mask drawn for the batch (a PNG), if any. */
export async function batchMask(db: Db, id: string): Promise<Buffer | null> {
  const { rows } = await db.query('SELECT mask FROM batches WHERE id = $1', [id]);
  return (rows[0] as { mask: Buffer | null } | undefined)?.mask ?? null;
}

export async function markBatchCancelled(db: Db, id: string): Promise<void> {
  await db.query('UPDATE batches SET cancelled_at = coalesce(cancelled_at, now()) WHERE id = $1', [id]);
}

/** An item that was not run, with why. */
export async function insertRefusedItem(db: Db, item: { batchId: string; position: number; fileName: string; code: string; message: string }): Promise<void> {
  await db.query(
    'INSERT INTO batch_items (batch_id, position, file_name, refused_code, refused_message) VALUES ($1, $2, $3, $4, $5)',
    [item.batchId, item.position, item.fileName, item.code, item.message],
  );
}

/** An item running as a job. */
export async function insertRunningItem(db: Db, item: { batchId: string; position: number; fileName: string; requestId: string; jobId: string; digest: string | null }): Promise<void> {
  await db.query(
    'INSERT INTO batch_items (batch_id, position, file_name, request_id, job_id, digest) VALUES ($1, $2, $3, $4, $5, $6)',
    [item.batchId, item.position, item.fileName, item.requestId, item.jobId, item.digest],
  );
}

export async function batchItems(db: Db, batchId: string): Promise<BatchItemRow[]> {
  const { rows } = await db.query('SELECT * FROM batch_items WHERE batch_id = $1 ORDER BY position', [batchId]);
  return rows as BatchItemRow[];
}

/** How many items the batch has, and the digests of its images (a copy is not run twice). */
export async function batchDigests(db: Db, batchId: string): Promise<{ count: number; digests: Set<string> }> {
  const { rows } = await db.query('SELECT digest FROM batch_items WHERE batch_id = $1', [batchId]);
  const digests = new Set((rows as Array<{ digest: string | null }>).map((r) => r.digest).filter((d): d is string => d !== null));
  return { count: rows.length, digests };
}

export async function runningItems(db: Db, batchId: string): Promise<Array<{ request_id: string; job_id: string }>> {
  const { rows } = await db.query('SELECT request_id, job_id FROM batch_items WHERE batch_id = $1 AND job_id IS NOT NULL', [batchId]);
  return rows;
}

/** The done items' stored results, in the batch's order. */
export async function doneItemObjects(db: Db, batchId: string, userId: string): Promise<Array<{ position: number; file_name: string; object_key: string }>> {
  const { rows } = await db.query(
    `SELECT i.position, i.file_name, c.object_key FROM batch_items i
       JOIN creations c ON c.job_id = i.request_id AND c.user_id = $2
      WHERE i.batch_id = $1 AND c.object_key IS NOT NULL ORDER BY i.position`,
    [batchId, userId],
  );
  return rows;
}
