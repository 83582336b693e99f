/**
 * SQL for optional engines installed from the admin page (engine_installs). One row per engine
 * name; the row is the lock: only one download of an engine runs at a time, on any replica.
 */
import type { Db } from '@craftwell/core/db/pool';

/** A download whose progress has not moved for this long is taken to have died with its process. */
export const STALLED_DOWNLOAD_SECONDS = 60;
export const STALLED_DOWNLOAD_MESSAGE = 'The download stopped before it finished (the server may have restarted). Install it again.';

export type EngineInstallState = 'downloading' | 'installed' | 'failed';

export interface EngineInstallRow {
  name: string;
  state: EngineInstallState;
  received: number;
  total: number | null;
  sha256: string | null;
  storage_key: string | null;
  error: string | null;
  updated_at: Date;
}

const COLUMNS = `name,
  CASE WHEN state = 'downloading' AND updated_at < now() - make_interval(secs => ${STALLED_DOWNLOAD_SECONDS}) THEN 'failed' ELSE state END AS state,
  received::float8 AS received, total::float8 AS total, sha256, storage_key,
  CASE WHEN state = 'downloading' AND updated_at < now() - make_interval(secs => ${STALLED_DOWNLOAD_SECONDS}) THEN '${STALLED_DOWNLOAD_MESSAGE}' ELSE error END AS error,
  updated_at`;

export async function listEngineInstalls(db: Db): Promise<EngineInstallRow[]> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM engine_installs ORDER BY name`);
  return rows;
}

/**
 * Claims the engine for a download: true when no install of it is running or done (a failed or
 * stalled one is replaced). The previous attempt's stored file, if any, is returned for deletion.
 */
export async function claimEngineInstall(db: Db, name: string, userId: string): Promise<{ claimed: boolean; leftover: string | null }> {
  const { rows } = await db.query(
    `WITH previous AS (SELECT storage_key FROM engine_installs WHERE name = $1)
     INSERT INTO engine_installs (name, state, installed_by) VALUES ($1, 'downloading', $2)
     ON CONFLICT (name) DO UPDATE SET state = 'downloading', received = 0, total = NULL, sha256 = NULL,
       storage_key = NULL, error = NULL, installed_by = $2, started_at = now(), updated_at = now()
     WHERE engine_installs.state = 'failed'
        OR (engine_installs.state = 'downloading' AND engine_installs.updated_at < now() - make_interval(secs => ${STALLED_DOWNLOAD_SECONDS}))
     RETURNING (SELECT storage_key FROM previous) AS leftover`,
    [name, userId],
  );
  return { claimed: rows.length === 1, leftover: rows[0]?.leftover ?? null };
}

/** Records progress; false when the install was removed meanwhile (the download should stop). */
export async function recordEngineProgress(db: Db, name: string, progress: { received: number; total: number | null; storageKey?: string }): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE engine_installs SET received = $2, total = $3, storage_key = COALESCE($4, storage_key), updated_at = now()
      WHERE name = $1 AND state = 'downloading'`,
    [name, progress.received, progress.total, progress.storageKey ?? null],
  );
  return (rowCount ?? 0) > 0;
}

/** Marks the download done; false when it was removed meanwhile (the stored file must go). */
export async function finishEngineInstall(db: Db, name: string, done: { sha256: string; storageKey: string; bytes: number }): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE engine_installs SET state = 'installed', sha256 = $2, storage_key = $3, received = $4, total = $4, error = NULL, updated_at = now()
      WHERE name = $1 AND state = 'downloading'`,
    [name, done.sha256, done.storageKey, done.bytes],
  );
  return (rowCount ?? 0) > 0;
}

export async function failEngineInstall(db: Db, name: string, error: string): Promise<void> {
  await db.query(
    `UPDATE engine_installs SET state = 'failed', error = $2, updated_at = now() WHERE name = $1 AND state = 'downloading'`,
    [name, error.slice(0, 500)],
  );
}

/** Removes the engine (installed, failed or mid-download); returns its stored file, if any. */
export async function removeEngineInstall(db: Db, name: string): Promise<{ removed: boolean; storageKey: string | null }> {
  const { rows } = await db.query('DELETE FROM engine_installs WHERE name = $1 RETURNING storage_key', [name]);
  return { removed: rows.length === 1, storageKey: rows[0]?.storage_key ?? null };
}

/** The installed engines a worker may use, with where their file is. */
export async function installedEngines(db: Db): Promise<Array<{ name: string; sha256: string; storage_key: string }>> {
  const { rows } = await db.query(
    `SELECT name, sha256, storage_key FROM engine_installs WHERE state = 'installed' AND sha256 IS NOT NULL AND storage_key IS NOT NULL ORDER BY name`,
  );
  return rows;
}
