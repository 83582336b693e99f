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
 * Mirrors a Clerk user (no e-mail: a placeholder address). A mirrored user is never made
 * administrator here: whoever reaches a public Clerk instance first must not win it; see
 * claimAdministrator and setAdmin. Returns whether the user is an administrator.
 */
export async function upsertMirroredUser(
  db: Db,
  user: { id: string; name: string; email: string | null; image: string | null; plan: Plan },
): Promise<{ isAdmin: boolean }> {
  const { rows } = await db.query(
    `INSERT INTO users (id, name, email, image, plan, is_admin)
     VALUES ($1, $2, coalesce($3, $1 || '@clerk.invalid'), $4, $5, false)
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

/**
 * Makes `userId` the administrator (premium plan) when the server has none yet; false when one
 * exists. Serialised, so two claims at once cannot both win.
 */
export async function claimAdministrator(client: pg.PoolClient, userId: string): Promise<boolean> {
  await client.query("SELECT pg_advisory_xact_lock(hashtextextended('craftwell:claim-admin', 0))");
  const { rowCount } = await client.query(
    `UPDATE users SET is_admin = true, plan = 'premium', updated_at = now()
      WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM users WHERE is_admin)`,
    [userId],
  );
  return (rowCount ?? 0) > 0;
}

/** Grants or takes administrator rights by e-mail or user id (npm run admin -- set-admin). */
export async function setAdmin(db: Db, who: string, isAdmin: boolean): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE users SET is_admin = $2, updated_at = now() WHERE lower(email) = lower($1) OR id = $1',
    [who, isAdmin],
  );
  return (rowCount ?? 0) > 0;
}
