/** `npm run migrate`: apply pending migrations to DATABASE_URL (or the embedded server). */
import { loadConfig } from '@craftwell/core/config/env';
import { withDatabase } from './with-database.js';

try {
  await withDatabase(loadConfig(), async () => {
    console.log('Migrations are up to date.');
  });
  process.exit(0);
} catch (err) {
  console.error('Migration failed:', err instanceof Error ? err.message : err);
  process.exit(1);
}
