/**
 * Administration: `npm run admin -- list-users` and `npm run admin -- set-plan <email> <free|premium>`.
 */
import { ConfigError, loadConfig, type AppConfig } from '@craftwell/core/config/env';
import { listUsers, setPlanByEmail } from '@craftwell/core/repositories/users';
import { withDatabase } from './with-database.js';

const USAGE = `Usage:
  npm run admin -- list-users
  npm run admin -- set-plan <email> <free|premium>`;

const [command, ...args] = process.argv.slice(2);

async function run(config: AppConfig): Promise<number> {
  if (command === 'list-users') {
    return withDatabase(config, async (db) => {
      const rows = await listUsers(db);
      if (rows.length === 0) {
        console.log('No users yet. The first account created becomes the administrator.');
        return 0;
      }
      console.table(rows.map((r) => ({
        email: r.email, name: r.name, plan: r.plan, admin: r.is_admin ? 'yes' : '',
        creations: Number(r.creations), created: r.created_at.toISOString().slice(0, 10),
      })));
      return 0;
    });
  }
  if (command === 'set-plan') {
    const [email, plan] = args;
    if (!email || (plan !== 'free' && plan !== 'premium')) {
      console.error(USAGE);
      return 2;
    }
    return withDatabase(config, async (db) => {
      if (!(await setPlanByEmail(db, email, plan))) {
        console.error(`No user with the e-mail ${email}. See: npm run admin -- list-users`);
        return 1;
      }
      console.log(`${email} is now on the ${plan} plan.`);
      return 0;
    });
  }
  console.error(USAGE);
  return 2;
}

try {
  process.exit(await run(loadConfig()));
} catch (err) {
  // One line an operator can act on (the messages say what to do), never a stack trace.
  const message = err instanceof ConfigError ? err.message : `${command ?? 'admin'} failed: ${err instanceof Error ? err.message : String(err)}`;
  console.error(message);
  process.exit(1);
}
