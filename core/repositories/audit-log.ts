/** The audit log: administrator actions and sign-ins, newest first. */
import type pg from 'pg';
import type { Db } from '@craftwell/core/db/pool';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  targetUserId?: string | null;
  target?: string | null;
  detail?: Record<string, unknown> | null;
  ip?: string | null;
  userAgent?: string | null;
}

export async function recordAudit(db: Db | pg.PoolClient, entry: AuditEntry): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (actor_id, action, target_user_id, target, detail, ip, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [entry.actorId, entry.action, entry.targetUserId ?? null, entry.target ?? null, entry.detail ? JSON.stringify(entry.detail) : null,
      entry.ip?.slice(0, 100) ?? null, entry.userAgent?.slice(0, 500) ?? null],
  );
}

export interface AuditRow {
  id: number;
  action: string;
  actor_id: string | null;
  actor_name: string | null;
  actor_email: string | null;
  target_user_id: string | null;
  target_name: string | null;
  target: string | null;
  detail: Record<string, unknown> | null;
  ip: string | null;
  user_agent: string | null;
  created_at: Date;
}

export async function listAudit(db: Db, limit: number, beforeId?: number): Promise<AuditRow[]> {
  const { rows } = await db.query(
    `SELECT a.id, a.action, a.actor_id, actor.name AS actor_name, actor.email AS actor_email, a.target_user_id,
            target.name AS target_name, a.target, a.detail, a.ip, a.user_agent, a.created_at
       FROM audit_log a
       LEFT JOIN users actor ON actor.id = a.actor_id
       LEFT JOIN users target ON target.id = a.target_user_id
      WHERE ($2::bigint IS NULL OR a.id < $2)
      ORDER BY a.id DESC LIMIT $1`,
    [limit, beforeId ?? null],
  );
  return rows;
}
