/**
 * SQL for what an owner does to one of their creations: read, delete, unpublish. Every query
 * carries the owner's id, so another user's creation is simply "not found".
 */
import type pg from 'pg';
import type { Db } from '@craftwell/core/db/pool';

export interface OwnCreation {
  id: string;
  type: string;
  prompt: string;
  content: string;
  publish: boolean;
  object_key: string | null;
  created_at: Date;
}

export async function findOwned(db: Db | pg.PoolClient, id: string, userId: string): Promise<OwnCreation | null> {
  const { rows } = await db.query(
    'SELECT id, type, prompt, content, publish, object_key, created_at FROM creations WHERE id = $1 AND user_id = $2',
    [id, userId],
  );
  return rows[0] ?? null;
}

/** Deletes the row (its likes go by cascade); the stored object's key, or undefined when not found. */
export async function deleteOwned(client: pg.PoolClient, id: string, userId: string): Promise<{ objectKey: string | null } | undefined> {
  const { rows } = await client.query('DELETE FROM creations WHERE id = $1 AND user_id = $2 RETURNING object_key', [id, userId]);
  return rows[0] ? { objectKey: rows[0].object_key } : undefined;
}

/** Takes a creation out of the gallery; false when it is not the caller's. */
export async function setPublished(db: Db, id: string, userId: string | null, publish: boolean): Promise<boolean> {
  // userId null: an administrator acting on any creation.
  const { rowCount } = await db.query(
    'UPDATE creations SET publish = $3 WHERE id = $1 AND ($2::text IS NULL OR user_id = $2)',
    [id, userId, publish],
  );
  return Boolean(rowCount);
}
