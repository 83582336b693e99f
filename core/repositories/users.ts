/** SQL for users (accounts are created by the auth library or mirrored from Clerk). */
import type pg from 'pg';
import type { Db } from '@craftwell/core/db/pool';
import type { Plan } from './quota.js';

/** Sets the avatar URL and returns the previous one (null when there was none). */
/** Sets the user's picture and returns the previous one; run it in the transaction that records the new object's owner. */
export async function replaceUserImage(client: Db | pg.PoolClient, userId: string, url: string): Promise<string | null> {
  const { rows } = await client.query('SELECT image FROM users WHERE id = $1 FOR UPDATE', [userId]);
  await client.query('UPDATE users SET image = $2, updated_at = now() WHERE id = $1', [userId, url]);
  return rows[0]?.image ?? null;
}

export async function findProfile(db: Db, userId: string): Promise<{ name: string; email: string | null; image: string | null } | null> {
  const { rows } = await db.query('SELECT name, email, image FROM users WHERE id = $1', [userId]);
  return rows[0] ? { name: rows[0].name, email: rows[0].email, image: rows[0].image } : null;
}

export async function anyUserExists(db: Db): Promise<boolean> {
  const { rows } = await db.query('SELECT EXISTS (SELECT 1 FROM users) AS any');
  return rows[0].any;
}

export async function adminExists(db: Db): Promise<boolean> {
  const { rows } = await db.query('SELECT EXISTS (SELECT 1 FROM users WHERE is_admin) AS any');
  return rows[0].any;
}

/**
 * Mirrors a Clerk user (no e-mail: a placeholder address); the first user ever stored becomes
 * the administrator. Returns whether the user is an administrator.
 */
export async function upsertMirroredUser(
  db: Db,
  user: { id: string; name: string; email: string | null; image: string | null; plan: Plan },
): Promise<{ isAdmin: boolean }> {
  const { rows } = await db.query(
    `INSERT INTO users (id, name, email, image, plan, is_admin)
     VALUES ($1, $2, coalesce($3, $1 || '@clerk.invalid'), $4, $5, NOT EXISTS (SELECT 1 FROM users))
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, image = EXCLUDED.image, plan = EXCLUDED.plan,
       updated_at = now()
     RETURNING is_admin`,
    [user.id, user.name, user.email, user.image, user.plan],
  );
  return { isAdmin: rows[0].is_admin };
}

export interface UserListRow {
  email: string;
  name: string;
  plan: Plan;
  is_admin: boolean;
  created_at: Date;
  creations: string;
}

/** Every user with their number of creations, oldest first (npm run admin -- list-users). */
export async function listUsers(db: Db): Promise<UserListRow[]> {
  const { rows } = await db.query(
    `SELECT email, name, plan, is_admin, created_at,
            (SELECT count(*) FROM creations c WHERE c.user_id = u.id) AS creations
       FROM users u ORDER BY created_at`,
  );
  return rows;
}

/** Sets a user's plan by e-mail (any case); false when there is no such user. */
export async function setPlanByEmail(db: Db, email: string, plan: Plan): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE users SET plan = $2, updated_at = now() WHERE lower(email) = lower($1)', [email, plan]);
  return Boolean(rowCount);
}
