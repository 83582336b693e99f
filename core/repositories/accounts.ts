/**
 * SQL for a whole account: change its e-mail, read everything it owns (export), delete it with
 * everything it owns. Rows that hang off users go by ON DELETE CASCADE; stored objects are
 * collected here so the caller can delete them once the rows are gone.
 */
import type pg from 'pg';
import type { Db } from '@craftwell/core/db/pool';
import { AppError } from '../errors.js';

export interface AccountRow {
  id: string;
  name: string;
  email: string;
  image: string | null;
  plan: string;
  is_admin: boolean;
  created_at: Date;
}

export async function findAccount(db: Db, userId: string): Promise<AccountRow | null> {
  const { rows } = await db.query('SELECT id, name, email, image, plan, is_admin, created_at FROM users WHERE id = $1', [userId]);
  return rows[0] ?? null;
}

export async function changeEmail(db: Db, userId: string, newEmail: string): Promise<void> {
  try {
    await db.query('UPDATE users SET email = $2, email_verified = false, updated_at = now() WHERE id = $1', [userId, newEmail]);
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw new AppError('An account with this e-mail already exists.', 409, 'conflict');
    throw err;
  }
}

export interface ExportedCreation {
  id: string;
  type: string;
  prompt: string;
  content: string;
  publish: boolean;
  engine: unknown;
  object_key: string | null;
  created_at: Date;
}

/** The account's creations, oldest first, a page at a time (an export never loads them all). */
export async function* creationsOf(db: Db, userId: string, pageSize = 200): AsyncGenerator<ExportedCreation> {
  let after = null as { created_at: Date; id: string } | null;
  for (;;) {
    const { rows }: { rows: ExportedCreation[] } = await db.query(
      `SELECT id, type, prompt, content, publish, engine, object_key, created_at FROM creations
        WHERE user_id = $1 AND ($2::timestamptz IS NULL OR (created_at, id) > ($2::timestamptz, $3::uuid))
        ORDER BY created_at, id LIMIT $4`,
      [userId, after?.created_at ?? null, after?.id ?? null, pageSize],
    );
    yield* rows;
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1];
  }
}

export async function likesGivenBy(db: Db, userId: string): Promise<Array<{ creation_id: string; created_at: Date }>> {
  const { rows } = await db.query('SELECT creation_id, created_at FROM creation_likes WHERE user_id = $1 ORDER BY created_at', [userId]);
  return rows;
}

export async function usageHistoryOf(db: Db, userId: string): Promise<Array<{ tool: string; period: string; used: number }>> {
  const { rows } = await db.query('SELECT tool, period, used FROM usage_counters WHERE user_id = $1 ORDER BY period, tool', [userId]);
  return rows;
}

/**
 * Deletes the user row (everything with its id goes by cascade) and returns the stored objects
 * it owned — creation results and the profile picture — for the caller to delete afterwards.
 */
export async function deleteAccount(client: pg.PoolClient, userId: string): Promise<{ objectKeys: string[]; image: string | null } | null> {
  const user = await client.query('SELECT image FROM users WHERE id = $1 FOR UPDATE', [userId]);
  if (!user.rowCount) return null;
  const { rows } = await client.query('SELECT object_key FROM creations WHERE user_id = $1 AND object_key IS NOT NULL', [userId]);
  await client.query('DELETE FROM users WHERE id = $1', [userId]);
  return { objectKeys: rows.map((r) => r.object_key as string), image: user.rows[0].image };
}
