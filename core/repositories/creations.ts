/** SQL for creations and likes: plain rows out, no HTTP here. */
import type pg from 'pg';
import { withTransaction, type Db } from '../db/pool.js';

/** A list item: the first PREVIEW_CHARS of an article, the whole URL of an image. */
export interface CreationListRow {
  id: string;
  user_id: string;
  type: string;
  prompt: string;
  content: string;
  content_truncated: boolean;
  publish: boolean;
  engine: unknown;
  likes: string[];
  created_at: Date;
  /** Own lists only: the batch the creation was made in (batch_items.request_id = job_id). */
  batch_id?: string | null;
  /** Own lists only: the creation it was made from. */
  source_id?: string | null;
}

export type CreationRow = Omit<CreationListRow, 'content_truncated' | 'batch_id' | 'source_id'>;

export const PREVIEW_CHARS = 300;

export interface Cursor { createdAt: string; id: string }

export interface SqlQuery { text: string; values: unknown[] }

/**
 * The likes of one row, read from creation_likes_creation_created_idx in display order. As a
 * scalar subquery in the select list it runs only for the rows the LIMIT lets through.
 */
const LIKES_OF_ROW = `coalesce((SELECT array_agg(l.user_id ORDER BY l.created_at) FROM creation_likes l WHERE l.creation_id = c.id), '{}') AS likes`;

// Images keep their whole URL. left() and length(left()) read only the start of a long
// (TOASTed) article, not all of it.
const IS_TEXT = `c.type <> 'image'`;
const LIST_COLUMNS = `c.id, c.user_id, c.type, c.prompt,
  CASE WHEN ${IS_TEXT} THEN left(c.content, ${PREVIEW_CHARS}) ELSE c.content END AS content,
  (${IS_TEXT} AND length(left(c.content, ${PREVIEW_CHARS + 1})) > ${PREVIEW_CHARS}) AS content_truncated,
  c.publish, c.engine, c.created_at, ${LIKES_OF_ROW}`;

/**
 * One page, newest first, by keyset: rows strictly after the cursor in (created_at, id) order.
 * The ORDER BY matches the index exactly, so Postgres walks the index and stops after `limit`.
 */
function pageQuery(filter: string, filterValues: unknown[], limit: number, after?: Cursor, extraColumns = ''): SqlQuery {
  const values = [...filterValues, limit];
  let where = filter;
  if (after) {
    values.push(after.createdAt, after.id);
    where += ` AND (c.created_at, c.id) < ($${values.length - 1}::timestamptz, $${values.length}::uuid)`;
  }
  return {
    text: `SELECT ${LIST_COLUMNS}${extraColumns} FROM creations c WHERE ${where}
           ORDER BY c.created_at DESC, c.id DESC LIMIT $${filterValues.length + 1}`,
    values,
  };
}

/** Exported so a test can EXPLAIN exactly what the routes run. */
export function ownPageQuery(userId: string, limit: number, after?: Cursor): SqlQuery {
  // The owner sees which creations came from one batch (one index look-up per listed row).
  return pageQuery('c.user_id = $1', [userId], limit, after, ', c.source_id, (SELECT i.batch_id FROM batch_items i WHERE i.request_id = c.job_id LIMIT 1) AS batch_id');
}

export function publishedPageQuery(limit: number, after?: Cursor): SqlQuery {
  return pageQuery('c.publish', [], limit, after);
}

export function ownStatsQuery(userId: string, weekStart: Date): SqlQuery {
  return {
    text: `SELECT count(*)::int AS total, count(*) FILTER (WHERE created_at >= $2)::int AS this_week
             FROM creations WHERE user_id = $1`,
    values: [userId, weekStart],
  };
}

export async function listByUser(db: Db, userId: string, limit: number, after?: Cursor): Promise<CreationListRow[]> {
  return (await db.query(ownPageQuery(userId, limit, after))).rows;
}

export async function listPublished(db: Db, limit: number, after?: Cursor): Promise<CreationListRow[]> {
  return (await db.query(publishedPageQuery(limit, after))).rows;
}

/** The dashboard's counters, counted by Postgres on the (user_id, created_at) index. */
export async function statsOfUser(db: Db, userId: string, weekStart: Date): Promise<{ total: number; thisWeek: number }> {
  const { rows } = await db.query(ownStatsQuery(userId, weekStart));
  return { total: rows[0].total, thisWeek: rows[0].this_week };
}

/** One creation with its whole content, if the reader owns it or it is published. */
export async function findReadable(db: Db, id: string, readerId: string): Promise<CreationRow | null> {
  const { rows } = await db.query(
    `SELECT c.id, c.user_id, c.type, c.prompt, c.content, c.publish, c.engine, c.created_at, ${LIKES_OF_ROW}
       FROM creations c WHERE c.id = $1 AND (c.user_id = $2 OR c.publish)`,
    [id, readerId],
  );
  return rows[0] ?? null;
}

export async function findPublished(db: Db | pg.PoolClient, id: string): Promise<{ id: string } | null> {
  const { rows } = await db.query('SELECT id FROM creations WHERE id = $1 AND publish', [id]);
  return rows[0] ?? null;
}

/**
 * Toggle in one statement per branch: delete if present, else insert. Concurrent toggles by the
 * same user serialise on the row lock taken by the primary key.
 */
export async function toggleLike(client: pg.PoolClient, creationId: string, userId: string): Promise<'liked' | 'unliked'> {
  // Serialise toggles of one (creation, user) pair so 30 parallel toggles alternate cleanly.
  await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`like:${creationId}:${userId}`]);
  const removed = await client.query('DELETE FROM creation_likes WHERE creation_id = $1 AND user_id = $2', [creationId, userId]);
  if (removed.rowCount) return 'unliked';
  await client.query('INSERT INTO creation_likes (creation_id, user_id) VALUES ($1, $2)', [creationId, userId]);
  return 'liked';
}

export interface NewCreation {
  userId: string;
  type: string;
  prompt: string;
  content: string;
  publish: boolean;
  engine: unknown;
  objectKey: string | null;
  jobId: string | null;
  /** The creation it was made from (the user's own, checked by the api). */
  sourceId?: string | null;
}

/** Inserts once per job: a retried job finds its row instead of writing a second one. */
export async function insertCreation(client: Db | pg.PoolClient, c: NewCreation): Promise<{ id: string; inserted: boolean; content: string }> {
  const { rows } = await client.query(
    `INSERT INTO creations (user_id, type, prompt, content, publish, engine, object_key, job_id, source_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (job_id) DO NOTHING
     RETURNING id, content`,
    [c.userId, c.type, c.prompt, c.content, c.publish, JSON.stringify(c.engine), c.objectKey, c.jobId, c.sourceId ?? null],
  );
  if (rows[0]) return { id: rows[0].id, inserted: true, content: rows[0].content };
  const existing = await client.query('SELECT id, content FROM creations WHERE job_id = $1', [c.jobId]);
  return { id: existing.rows[0].id, inserted: false, content: existing.rows[0].content };
}

/** What saving a result needs of object storage (the storage workspace's ObjectStorage is one; core does not import it). */
export interface ResultObjectStore {
  put(key: string, body: Buffer, options: { contentType: string }): Promise<void>;
  delete(key: string): Promise<void>;
}

/**
 * Saving a creation is all-or-nothing, for the worker's jobs and the api's edits alike: the result
 * object is stored first, then `write` inserts the row (and what goes with it, such as the quota)
 * in one transaction. The object is deleted when that fails, and when the row already existed (a
 * retried job keeps its first result).
 */
export async function saveWithObject<T extends { inserted: boolean }>(
  db: Db, store: ResultObjectStore, object: { key: string; body: Buffer; contentType: string } | null,
  write: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  if (object) await store.put(object.key, object.body, { contentType: object.contentType });
  const drop = () => (object ? store.delete(object.key).catch(() => undefined) : undefined);
  try {
    const row = await withTransaction(db, write);
    if (!row.inserted) await drop();
    return row;
  } catch (err) {
    await drop();
    throw err;
  }
}

export async function isObjectReferenced(db: Db, key: string): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT EXISTS (SELECT 1 FROM creations WHERE object_key = $1) OR EXISTS (SELECT 1 FROM users WHERE image LIKE $2) AS used',
    [key, `%${key}`],
  );
  return rows[0].used;
}

/**
 * The creation a request already produced (a job re-run after its worker looked dead, or a poll
 * of a job whose queue record is gone); with `ownerId`, only if it is that user's.
 */
export async function findByJobId(db: Db, jobId: string, ownerId?: string): Promise<{ id: string; content: string; engine: unknown } | null> {
  const { rows } = ownerId === undefined
    ? await db.query('SELECT id, content, engine FROM creations WHERE job_id = $1', [jobId])
    : await db.query('SELECT id, content, engine FROM creations WHERE job_id = $1 AND user_id = $2', [jobId, ownerId]);
  return rows[0] ?? null;
}
