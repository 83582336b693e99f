/** SQL for personal API keys. Keys are looked up by their SHA-256; the key itself is never stored. */
import type { Db } from '@craftwell/core/db/pool';
import { withTransaction } from '@craftwell/core/db/pool';
import { AppError } from '../errors.js';
import type { Plan } from './quota.js';

export const MAX_KEYS_PER_USER = 20;

export interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  scopes: string[];
  expires_at: Date | null;
}

const KEY_COLUMNS = 'id, name, prefix, created_at, last_used_at, scopes, expires_at';

export async function createKey(
  db: Db, userId: string,
  key: { name: string; prefix: string; hash: Buffer; scopes: string[]; expiresAt: Date | null },
): Promise<ApiKeyRow> {
  return withTransaction(db, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`api-keys:${userId}`]);
    const { rows: counted } = await client.query('SELECT count(*)::int AS n FROM api_keys WHERE user_id = $1', [userId]);
    if (counted[0].n >= MAX_KEYS_PER_USER) {
      throw new AppError(`You can have at most ${MAX_KEYS_PER_USER} API keys. Revoke one you no longer use first.`, 409, 'conflict');
    }
    const { rows } = await client.query(
      `INSERT INTO api_keys (user_id, name, prefix, key_hash, scopes, expires_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${KEY_COLUMNS}`,
      [userId, key.name, key.prefix, key.hash, key.scopes, key.expiresAt],
    );
    return rows[0];
  });
}

export async function listKeys(db: Db, userId: string): Promise<ApiKeyRow[]> {
  const { rows } = await db.query(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE user_id = $1 ORDER BY created_at DESC`, [userId]);
  return rows;
}

export async function revokeKey(db: Db, userId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM api_keys WHERE id = $1 AND user_id = $2', [id, userId]);
  return Boolean(rowCount);
}

/** Every key of the user (a password change ends them with every session). */
export async function revokeAllKeys(db: Db, userId: string): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM api_keys WHERE user_id = $1', [userId]);
  return rowCount ?? 0;
}

export interface KeyOwner {
  key_id: string;
  key_scopes: string[];
  id: string;
  name: string;
  email: string;
  image: string | null;
  plan: Plan;
  is_admin: boolean;
}

/** The owner of a key that has not expired, and a last-used time kept to the minute (not one write per request). */
export async function ownerOfKey(db: Db, hash: Buffer): Promise<KeyOwner | null> {
  const { rows } = await db.query(
    `WITH used AS (
       UPDATE api_keys SET last_used_at = now()
        WHERE key_hash = $1 AND (expires_at IS NULL OR expires_at > now())
          AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute'))
     SELECT k.id AS key_id, k.scopes AS key_scopes, u.id, u.name, u.email, u.image, u.plan, u.is_admin
       FROM api_keys k JOIN users u ON u.id = k.user_id
      WHERE k.key_hash = $1 AND (k.expires_at IS NULL OR k.expires_at > now())`,
    [hash],
  );
  return rows[0] ?? null;
}
