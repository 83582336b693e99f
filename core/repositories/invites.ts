/** SQL for sign-up invite links (SIGNUP_MODE=invite). Codes are looked up by their SHA-256. */
import type pg from 'pg';
import type { Db } from '@craftwell/core/db/pool';

type Queryable = Db | pg.PoolClient;

export interface InviteRow {
  id: string;
  note: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  used_by_email: string | null;
}

export async function createInvite(db: Db, invite: { hash: Buffer; createdBy: string | null; note: string; expiresAt: Date }): Promise<InviteRow> {
  const { rows } = await db.query(
    `INSERT INTO signup_invites (code_hash, created_by, note, expires_at) VALUES ($1, $2, $3, $4)
     RETURNING id, note, created_at, expires_at, used_at, NULL::text AS used_by_email`,
    [invite.hash, invite.createdBy, invite.note, invite.expiresAt],
  );
  return rows[0];
}

/** The newest invites first (the admin page shows the last 100). */
export async function listInvites(db: Db, limit = 100): Promise<InviteRow[]> {
  const { rows } = await db.query(
    `SELECT i.id, i.note, i.created_at, i.expires_at, i.used_at, u.email AS used_by_email
       FROM signup_invites i LEFT JOIN users u ON u.id = i.used_by
      ORDER BY i.created_at DESC LIMIT $1`,
    [limit],
  );
  return rows;
}

export async function revokeInvite(db: Db, id: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM signup_invites WHERE id = $1 AND used_at IS NULL', [id]);
  return (rowCount ?? 0) > 0;
}

/** Whether the code is unused and unexpired (checked before sign-up; consumed by useInvite). */
export async function isInviteUsable(db: Queryable, hash: Buffer): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM signup_invites WHERE code_hash = $1 AND used_at IS NULL AND expires_at > now()', [hash]);
  return rows.length > 0;
}

/** Marks the invite used, once: false when it was used, expired or never existed. */
export async function useInvite(db: Queryable, hash: Buffer): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE signup_invites SET used_at = now() WHERE code_hash = $1 AND used_at IS NULL AND expires_at > now()',
    [hash],
  );
  return (rowCount ?? 0) > 0;
}

/** Records who signed up with the invite (after the account exists). */
export async function noteInviteUser(db: Queryable, hash: Buffer, userId: string): Promise<void> {
  await db.query('UPDATE signup_invites SET used_by = $2 WHERE code_hash = $1', [hash, userId]);
}
