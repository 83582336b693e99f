/**
 * A fresh, migrated database per test file (or bench run), dropped afterwards.
 *
 * Each is a copy of one migrated template (CREATE DATABASE ... TEMPLATE) rather than migrated on
 * its own: a copy takes a fraction of the time, and a run makes over a hundred of them. The
 * template's name holds a digest of the migration files, so changing a migration makes a new
 * template instead of reusing a stale one. It is built once per Postgres under an advisory lock
 * (test processes start side by side), under a temporary name and renamed when complete, and no
 * session ever connects to it afterwards (a template with a session open cannot be copied).
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { migrateUp } from '@craftwell/core/db/migrate';
import { REPO_ROOT } from '@craftwell/core/runtime-paths';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

const TEMPLATE_PREFIX = 'cw_template_';
/** Any number: the lock that makes one test process build the template while the others wait. */
const TEMPLATE_LOCK = 4_217_093;

let migrationsDigest: string | undefined;

/** A digest of every migration file's name and bytes. */
function digestOfMigrations(): string {
  if (!migrationsDigest) {
    const dir = path.join(REPO_ROOT, 'migrations');
    const hash = createHash('sha256');
    for (const file of fs.readdirSync(dir).sort()) hash.update(file).update('\0').update(fs.readFileSync(path.join(dir, file))).update('\0');
    migrationsDigest = hash.digest('hex').slice(0, 16);
  }
  return migrationsDigest;
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The migrated template for the current migrations, built if this Postgres has none yet. */
async function migratedTemplate(admin: pg.Client, adminUrl: string): Promise<string> {
  const template = `${TEMPLATE_PREFIX}${digestOfMigrations()}`;
  const exists = async () => (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template])).rowCount === 1;
  if (await exists()) return template;
  await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
  try {
    if (await exists()) return template;
    // Templates of older migrations, and a build that died half-way, are of no further use.
    const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${TEMPLATE_PREFIX}%`]);
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    const building = `${template}_building`;
    await admin.query(`CREATE DATABASE ${building}`);
    await migrateUp(databaseUrl(adminUrl, building));
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
    return template;
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
  }
}

/** Runs one statement on its own connection and returns the rows (checks behind the api). */
export async function queryOnce(url: string, sql: string): Promise<pg.QueryResultRow[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/** `prefix` names who made the database, so a leftover one can be traced (tests or bench). */
export async function createTestDatabase(adminUrl: string, prefix = 'cw_test'): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const template = await migratedTemplate(admin, adminUrl);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(adminUrl, name);
  return {
    url,
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
