/**
 * Test databases are copies of a migrated template (tests/support/database.ts): each copy holds
 * every migration in the folder, the same as migrating it would, and copies made side by side
 * are separate databases.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateUp } from '@craftwell/core/db/migrate';
import { REPO_ROOT } from '@craftwell/core/runtime-paths';
import { createTestDatabase, queryOnce, type TestDatabase } from '../support/database.js';
import { serviceUrl } from '../support/services.js';

const postgresUrl = serviceUrl('postgres');

describe.skipIf(!postgresUrl)('test databases', () => {
  const made: TestDatabase[] = [];
  afterAll(async () => {
    await Promise.all(made.map((db) => db.drop()));
  });

  it('when copies are made side by side, then each holds every migration in the folder and nothing is left to migrate', async () => {
    const copies = await Promise.all([1, 2, 3].map(() => createTestDatabase(postgresUrl!)));
    made.push(...copies);
    const expected = fs.readdirSync(path.join(REPO_ROOT, 'migrations')).map((file) => file.replace(/\.[^.]+$/, '')).sort();
    for (const copy of copies) {
      const applied = (await queryOnce(copy.url, 'SELECT name FROM pgmigrations ORDER BY name')).map((row) => row.name);
      expect(applied).toEqual(expected);
      const said: string[] = [];
      await migrateUp(copy.url, (line) => said.push(line));
      expect(said).toEqual(['No migrations to run!']);
    }
    // Separate databases: a row in one is not in another.
    await queryOnce(copies[0]!.url, "CREATE TABLE only_here (x int)");
    expect(await queryOnce(copies[1]!.url, "SELECT to_regclass('only_here') AS t")).toEqual([{ t: null }]);
  });
});
