/** A fresh, migrated database per test file (or bench run), dropped afterwards. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateUp } from '@craftwell/core/db/migrate';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** `prefix` names who made the database, so a leftover one can be traced (tests or bench). */
export async function createTestDatabase(adminUrl: string, prefix = 'cw_test'): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await migrateUp(url.toString());
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
