import type { AppConfig } from '@craftwell/core/config/env';
import { startEmbeddedPostgres } from '@craftwell/core/db/embedded-postgres';
import { migrateUp } from '@craftwell/core/db/migrate';
import { createPool, type Db } from '@craftwell/core/db/pool';

/** Runs fn with a migrated database: DATABASE_URL, or the embedded server started for the call. */
export async function withDatabase<T>(config: AppConfig, fn: (db: Db) => Promise<T>): Promise<T> {
  let stop: (() => Promise<void>) | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    const pg = await startEmbeddedPostgres(config.dataDir);
    url = pg.url;
    stop = pg.stop;
  }
  const applied = await migrateUp(url);
  if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`);
  const db = createPool(url, 2);
  try {
    return await fn(db);
  } finally {
    await db.end();
    if (stop) await stop();
  }
}
