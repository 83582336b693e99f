/** SQL behind the admin page: every account with its plan, state and this month's usage per tool. */
import type { Db } from '@craftwell/core/db/pool';
import type { Plan } from './quota.js';

export interface AdminUserRow {
  id: string;
  name: string;
  email: string;
  plan: Plan;
  is_admin: boolean;
  disabled_at: Date | null;
  created_at: Date;
  creations: number;
  usage: Record<string, number>;
}

export async function listUsers(db: Db, period: string, options: { limit: number; offset: number; search?: string }): Promise<{ users: AdminUserRow[]; total: number }> {
  const search = options.search?.trim() ? `%${options.search.trim().replace(/[\\%_]/g, '\\$&')}%` : null;
  const { rows } = await db.query(
    `SELECT u.id, u.name, u.email, u.plan, u.is_admin, u.disabled_at, u.created_at,
            (SELECT count(*) FROM creations c WHERE c.user_id = u.id)::int AS creations,
            coalesce((SELECT jsonb_object_agg(tool, used) FROM usage_counters uc WHERE uc.user_id = u.id AND uc.period = $1), '{}') AS usage,
            count(*) OVER ()::int AS total
       FROM users u
      WHERE ($4::text IS NULL OR u.name ILIKE $4 OR u.email ILIKE $4)
      ORDER BY u.created_at, u.id
      LIMIT $2 OFFSET $3`,
    [period, options.limit, options.offset, search],
  );
  return { users: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

export async function setPlan(db: Db, userId: string, plan: Plan): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE users SET plan = $2, updated_at = now() WHERE id = $1', [userId, plan]);
  return Boolean(rowCount);
}

/** Disabling also ends every session of the account at once. */
export async function setDisabled(db: Db, userId: string, disabled: boolean): Promise<boolean> {
  const { rowCount } = await db.query(
    `WITH changed AS (UPDATE users SET disabled_at = CASE WHEN $2 THEN coalesce(disabled_at, now()) END, updated_at = now() WHERE id = $1 RETURNING id),
          ended AS (DELETE FROM sessions WHERE $2 AND user_id IN (SELECT id FROM changed))
     SELECT id FROM changed`,
    [userId, disabled],
  );
  return Boolean(rowCount);
}

export async function isDisabled(db: Db, userId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT disabled_at IS NOT NULL AS disabled FROM users WHERE id = $1', [userId]);
  return Boolean(rows[0]?.disabled);
}

export async function isDisabledByEmail(db: Db, email: string): Promise<boolean> {
  const { rows } = await db.query('SELECT disabled_at IS NOT NULL AS disabled FROM users WHERE lower(email) = lower($1)', [email]);
  return Boolean(rows[0]?.disabled);
}

export interface PublishedForAdmin {
  id: string;
  prompt: string;
  content: string;
  created_at: Date;
  user_id: string;
  user_name: string;
  likes: number;
}

export async function listPublished(db: Db, limit: number, offset: number): Promise<{ items: PublishedForAdmin[]; total: number }> {
  const { rows } = await db.query(
    `SELECT c.id, c.prompt, c.content, c.created_at, c.user_id, u.name AS user_name,
            (SELECT count(*) FROM creation_likes l WHERE l.creation_id = c.id)::int AS likes,
            count(*) OVER ()::int AS total
       FROM creations c JOIN users u ON u.id = c.user_id
      WHERE c.publish
      ORDER BY c.created_at DESC, c.id DESC
      LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
  return { items: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

export async function creationOwner(db: Db, creationId: string): Promise<string | null> {
  const { rows } = await db.query('SELECT user_id FROM creations WHERE id = $1', [creationId]);
  return rows[0]?.user_id ?? null;
}
