/**
 * Ownership of stored objects that no creation row names (profile pictures). The api records the
 * owner when it stores such an object and asks here before deleting one on a user's behalf.
 */
import type pg from 'pg';
import type { Db } from '@craftwell/core/db/pool';

type Queryable = Db | pg.PoolClient;

export async function recordObjectOwner(db: Queryable, key: string, userId: string): Promise<void> {
  await db.query('INSERT INTO stored_objects (key, user_id) VALUES ($1, $2)', [key, userId]);
}

export async function isObjectOwnedBy(db: Queryable, key: string, userId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM stored_objects WHERE key = $1 AND user_id = $2', [key, userId]);
  return rows.length > 0;
}

/** Drops the ownership row; true only when `userId` owned the key (the caller may then delete it). */
export async function releaseOwnedObject(db: Queryable, key: string, userId: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM stored_objects WHERE key = $1 AND user_id = $2', [key, userId]);
  return (rowCount ?? 0) > 0;
}
