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

/**
 * Of `keys`, those `userId` owns, with their ownership rows dropped (run in the transaction that
 * removes the rows naming them). `pictures` counts only ownership rows (profile pictures);
 * `any` also counts the objects of the user's creations.
 */
export async function claimOwnedKeys(client: pg.PoolClient, userId: string, keys: string[], kind: 'pictures' | 'any'): Promise<string[]> {
  if (!keys.length) return [];
  const released = await client.query('DELETE FROM stored_objects WHERE user_id = $1 AND key = ANY($2::text[]) RETURNING key', [userId, keys]);
  const owned = new Set<string>(released.rows.map((r) => r.key as string));
  if (kind === 'any') {
    const { rows } = await client.query('SELECT object_key FROM creations WHERE user_id = $1 AND object_key = ANY($2::text[])', [userId, keys]);
    for (const r of rows) owned.add(r.object_key as string);
  }
  return [...owned];
}

/** Every object `userId` owns: their creations' objects and their ownership rows (account deletion). */
export async function keysOwnedBy(client: pg.PoolClient, userId: string): Promise<string[]> {
  const { rows } = await client.query(
    `SELECT key FROM stored_objects WHERE user_id = $1
     UNION SELECT object_key FROM creations WHERE user_id = $1 AND object_key IS NOT NULL`,
    [userId],
  );
  return rows.map((r) => r.key as string);
}

/** The object of the user's own creation `creationId`, locked until the transaction ends. */
export async function keyOfOwnCreation(client: pg.PoolClient, creationId: string, userId: string): Promise<string | null> {
  const { rows } = await client.query('SELECT object_key FROM creations WHERE id = $1 AND user_id = $2 FOR UPDATE', [creationId, userId]);
  return rows[0]?.object_key ?? null;
}

/** Whether the object is the result of a published creation (served as public then). */
export async function isPublishedObject(db: Queryable, key: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM creations WHERE object_key = $1 AND publish LIMIT 1', [key]);
  return rows.length > 0;
}
