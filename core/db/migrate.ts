import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

/** Applies pending migrations; node-pg-migrate holds a Postgres advisory lock while it runs. */
export async function migrateUp(databaseUrl: string, log: (msg: string) => void = () => undefined) {
  const applied = await runner({
    databaseUrl,
    dir: MIGRATIONS_DIR,
    direction: 'up',
    migrationsTable: 'pgmigrations',
    log,
    verbose: false,
  });
  return applied.map((m) => m.name);
}
