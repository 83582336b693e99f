/** `npm run migrate`: apply pending migrations to DATABASE_URL (or the embedded server). */
import { loadConfig } from '../config/env.js';
import { withDatabase } from './with-database.js';

const config = loadConfig();
await withDatabase(config, async () => {
  console.log('Migrations are up to date.');
});
