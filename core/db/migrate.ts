import path from 'node:path';
import { REPO_ROOT } from '../runtime-paths.js';
import { runner } from 'node-pg-migrate';
import pg from 'pg';

const MIGRATIONS_DIR = path.join(REPO_ROOT, 'migrations');

/** Applies pending migrations; node-pg-migrate holds a Postgres advisory lock while it runs. */
export async function migrateUp(databaseUrl: string, log: (msg: string) => void = () => undefined) {
  // Our own client, not databaseUrl: node-pg-migrate does not wait for the connection it opens to
  // close and gives it no error listener, so a Postgres stopped right after (the admin CLI's
  // embedded server) ended the process with an unhandled 'error' event.
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const applied = await runner({
      dbClient: client,
      dir: MIGRATIONS_DIR,
      direction: 'up',
      migrationsTable: 'pgmigrations',
      log,
      verbose: false,
    });
    return applied.map((m) => m.name);
  } finally {
    await client.end().catch(() => undefined);
  }
}
