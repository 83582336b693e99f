/** SQL for share links. Every owner query carries the owner's id: another user's link is "not found". */
import type { Db } from '@craftwell/core/db/pool';

export const ATTEMPT_LIMIT = 10;
export const ATTEMPT_WINDOW_MINUTES = 15;

export interface ShareLinkRow {
  id: string;
  creation_id: string;
  password_hash: string | null;
  expires_at: Date | null;
  revoked_at: Date | null;
  created_at: Date;
}

export interface SharedCreation {
  link: ShareLinkRow;
  creation: { id: string; type: string; prompt: string; content: string; object_key: string | null; created_at: Date };
}

export async function insertLink(db: Db, fields: { creationId: string; userId: string; tokenHash: Buffer; passwordHash: string | null; expiresAt: Date | null }): Promise<ShareLinkRow | null> {
  // Inserted only when the creation is the caller's: one statement, no window between check and write.
  const { rows } = await db.query(
    `INSERT INTO share_links (creation_id, user_id, token_hash, password_hash, expires_at)
     SELECT c.id, c.user_id, $3, $4, $5 FROM creations c WHERE c.id = $1 AND c.user_id = $2
     RETURNING id, creation_id, password_hash, expires_at, revoked_at, created_at`,
    [fields.creationId, fields.userId, fields.tokenHash, fields.passwordHash, fields.expiresAt],
  );
  return rows[0] ?? null;
}

export async function listLinks(db: Db, userId: string) {
  const { rows } = await db.query(
    `SELECT l.id, l.creation_id, l.expires_at, l.password_hash IS NOT NULL AS has_password, l.created_at,
            c.type AS creation_type, c.prompt AS creation_prompt
       FROM share_links l JOIN creations c ON c.id = l.creation_id
      WHERE l.user_id = $1 AND l.revoked_at IS NULL
      ORDER BY l.created_at DESC LIMIT 500`,
    [userId],
  );
  return rows as Array<{ id: string; creation_id: string; expires_at: Date | null; has_password: boolean; created_at: Date; creation_type: string; creation_prompt: string }>;
}

/** Revokes at once; true when the link is the caller's (revoking twice is fine). */
export async function revokeLink(db: Db, id: string, userId: string): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE share_links SET revoked_at = COALESCE(revoked_at, now()) WHERE id = $1 AND user_id = $2', [id, userId]);
  return Boolean(rowCount);
}

export async function findByToken(db: Db, tokenHash: Buffer): Promise<SharedCreation | null> {
  const { rows } = await db.query(
    `SELECT l.id, l.creation_id, l.password_hash, l.expires_at, l.revoked_at, l.created_at,
            c.type, c.prompt, c.content, c.object_key, c.created_at AS c_created_at
       FROM share_links l JOIN creations c ON c.id = l.creation_id
      WHERE l.token_hash = $1`,
    [tokenHash],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    link: { id: r.id, creation_id: r.creation_id, password_hash: r.password_hash, expires_at: r.expires_at, revoked_at: r.revoked_at, created_at: r.created_at },
    creation: { id: r.creation_id, type: r.type, prompt: r.prompt, content: r.content, object_key: r.object_key, created_at: r.c_created_at },
  };
}

/** Counts one password attempt in the link's window; the count including this one. */
export async function countAttempt(db: Db, linkId: string): Promise<number> {
  const { rows } = await db.query(
    `UPDATE share_links SET
        attempts = CASE WHEN attempts_window_start < now() - make_interval(mins => $2) THEN 1 ELSE attempts + 1 END,
        attempts_window_start = CASE WHEN attempts_window_start < now() - make_interval(mins => $2) THEN now() ELSE attempts_window_start END
      WHERE id = $1 RETURNING attempts`,
    [linkId, ATTEMPT_WINDOW_MINUTES],
  );
  return rows[0]?.attempts ?? Number.POSITIVE_INFINITY;
}
