/** SQL for creations and likes: plain rows out, no HTTP here. */
import type pg from 'pg';
import type { Db } from '../db/pool.js';

export interface CreationRow {
  id: string;
  user_id: string;
  type: string;
  prompt: string;
  content: string;
  publish: boolean;
  engine: unknown;
  likes: string[];
  created_at: Date;
}

const SELECT_WITH_LIKES = `
  SELECT c.id, c.user_id, c.type, c.prompt, c.content, c.publish, c.engine, c.created_at,
         coalesce(array_agg(l.user_id ORDER BY l.created_at) FILTER (WHERE l.user_id IS NOT NULL), '{}') AS likes
    FROM creations c LEFT JOIN creation_likes l ON l.creation_id = c.id`;

export async function listByUser(db: Db, userId: string, limit: number): Promise<CreationRow[]> {
  const { rows } = await db.query(
    `${SELECT_WITH_LIKES} WHERE c.user_id = $1 GROUP BY c.id ORDER BY c.created_at DESC, c.id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows;
}

export interface Cursor { createdAt: string; id: string }

export async function listPublished(db: Db, limit: number, after?: Cursor): Promise<CreationRow[]> {
  const params: unknown[] = [limit];
  let where = 'c.publish';
  if (after) {
    params.push(after.createdAt, after.id);
    where += ' AND (c.created_at, c.id) < ($2::timestamptz, $3::uuid)';
  }
  const { rows } = await db.query(
    `${SELECT_WITH_LIKES} WHERE ${where} GROUP BY c.id ORDER BY c.created_at DESC, c.id DESC LIMIT $1`,
    params,
  );
  return rows;
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
}

/** Inserts once per job: a retried job finds its row instead of writing a second one. */
export async function insertCreation(client: Db | pg.PoolClient, c: NewCreation): Promise<{ id: string; inserted: boolean; content: string }> {
  const { rows } = await client.query(
    `INSERT INTO creations (user_id, type, prompt, content, publish, engine, object_key, job_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (job_id) DO NOTHING
     RETURNING id, content`,
    [c.userId, c.type, c.prompt, c.content, c.publish, JSON.stringify(c.engine), c.objectKey, c.jobId],
  );
  if (rows[0]) return { id: rows[0].id, inserted: true, content: rows[0].content };
  const existing = await client.query('SELECT id, content FROM creations WHERE job_id = $1', [c.jobId]);
  return { id: existing.rows[0].id, inserted: false, content: existing.rows[0].content };
}

export async function isObjectReferenced(db: Db, key: string): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT EXISTS (SELECT 1 FROM creations WHERE object_key = $1) OR EXISTS (SELECT 1 FROM users WHERE image LIKE $2) AS used',
    [key, `%${key}`],
  );
  return rows[0].used;
}

/** The creation a request already produced (a job re-run after its worker looked dead). */
export async function findByJobId(db: Db, jobId: string): Promise<{ id: string; content: string; engine: unknown } | null> {
  const { rows } = await db.query('SELECT id, content, engine FROM creations WHERE job_id = $1', [jobId]);
  return rows[0] ?? null;
}
