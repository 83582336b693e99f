/**
 * Administration: `npm run admin -- list-users`, `set-plan <email> <free|premium>`,
 * `set-admin <email or user id> <on|off>`, `create-invite [days] [note]`.
 */
import { ConfigError, loadConfig, type AppConfig } from '@craftwell/core/config/env';
import { listUsers, setAdmin, setPlanByEmail } from '@craftwell/core/repositories/users';
import { createInvite } from '@craftwell/core/repositories/invites';
import { hashInviteCode, newInviteCode } from '../auth/signup-policy.js';
import { withDatabase } from './with-database.js';

const USAGE = `Usage:
  npm run admin -- list-users
  npm run admin -- set-plan <email> <free|premium>
  npm run admin -- set-admin <email or user id> <on|off>
  npm run admin -- create-invite [days, 1-90, default 7] [note]`;

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
  if (command === 'create-invite') {
    const [daysText, ...noteWords] = args;
    const days = daysText === undefined ? 7 : Number(daysText);
    if (!Number.isInteger(days) || days < 1 || days > 90) {
      console.error(USAGE);
      return 2;
    }
    return withDatabase(config, async (db) => {
      const code = newInviteCode();
      await createInvite(db, { hash: hashInviteCode(code), createdBy: null, note: noteWords.join(' ').slice(0, 200), expiresAt: new Date(Date.now() + days * 86_400_000) });
      const base = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
      console.log(`Invite link (one sign-up, valid ${days} day${days === 1 ? '' : 's'}; shown only now):\n${base}/?invite=${code}`);
      if (config.SIGNUP_MODE !== 'invite') console.log(`Note: SIGNUP_MODE is ${config.SIGNUP_MODE}; invite links are needed only with SIGNUP_MODE=invite.`);
      return 0;
    });
  }
  if (command === 'set-admin') {
    const [who, flag] = args;
    if (!who || (flag !== 'on' && flag !== 'off')) {
      console.error(USAGE);
      return 2;
    }
    return withDatabase(config, async (db) => {
      if (!(await setAdmin(db, who, flag === 'on'))) {
        console.error(`No user with the e-mail or id ${who}. See: npm run admin -- list-users`);
        return 1;
      }
      console.log(flag === 'on' ? `${who} is now an administrator.` : `${who} is no longer an administrator.`);
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
