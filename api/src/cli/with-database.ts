import type { AppConfig } from '@craftwell/core/config/env';
import { startEmbeddedPostgres } from '@craftwell/core/db/embedded-postgres';
import { migrateUp } from '@craftwell/core/db/migrate';
import { createPool, type Db } from '@craftwell/core/db/pool';
import { isProcessAlive, readRunningInstance, removeRunningInstance } from '@craftwell/core/db/running-instance';
import { redactUrls } from '@craftwell/core/redact';
import { pingDatabase } from '@craftwell/core/repositories/site';

async function answers(url: string): Promise<boolean> {
  const db = createPool(url, 1);
  try {
    await Promise.race([pingDatabase(db), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 5000).unref())]);
    return true;
  } catch {
    return false;
  } finally {
    await db.end().catch(() => undefined);
  }
}

/**
 * Runs fn with a migrated database: DATABASE_URL; else the embedded database of the Craftwell
 * running from the same DATA_DIR (its running.json, checked to answer); else the embedded server,
 * started for the call and stopped after it. `say` tells the operator which one it used.
 */
export async function withDatabase<T>(config: AppConfig, fn: (db: Db) => Promise<T>, say: (line: string) => void = (l) => console.error(l)): Promise<T> {
  let stop: (() => Promise<void>) | null = null;
  let url = config.DATABASE_URL;
  if (url) {
    say(`Database: DATABASE_URL (${redactUrls(url)}).`);
  } else {
    const running = readRunningInstance(config.dataDir);
    if (running && isProcessAlive(running.pid)) {
      if (!(await answers(running.databaseUrl))) {
        throw new Error(`Craftwell (pid ${running.pid}) runs from ${config.dataDir} but its database does not answer; it may be starting or stopping. Try again in a moment.`);
      }
      url = running.databaseUrl;
      say(`Database: the embedded database of the running Craftwell (pid ${running.pid}).`);
    } else {
      if (running) say(`Found connection details left by a Craftwell that is no longer running (pid ${running.pid}); ignoring them.`);
      const pg = await startEmbeddedPostgres(config.dataDir, { fallbackDir: config.EMBEDDED_PG_FALLBACK_DIR, log: say });
      removeRunningInstance(config.dataDir);
      url = pg.url;
      stop = pg.stop;
      say(`Database: Craftwell is not running, so its embedded database was started for this command (${pg.clusterDir}) and is stopped again after it.`);
    }
  }
  try {
    const applied = await migrateUp(url);
    if (applied.length) say(`Applied migrations: ${applied.join(', ')}`);
    const db = createPool(url, 2);
    try {
      return await fn(db);
    } finally {
      await db.end();
    }
  } finally {
    if (stop) await stop();
  }
}
