import { loadConfigOrExit } from '../config.js';
import { createDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { AdminCommandError, createAdmin, listAdmins, resetPassword, whereLines } from './commands.js';

// `npm run admin -- <command>`: the shop owner's way back in, run on the server with the shop's environment.

const USAGE = `Usage: npm run admin -- <command>

  create-admin <email> [--name "Full Name"] [--password <password>]
      a new admin account (verified); without --password one is made up and printed once
      (in production nothing is printed: a one-time link to choose it is e-mailed instead).
      An e-mail that already has an account is refused: someone else may have made it.
  create-admin <email> --existing [--name "Full Name"]
      makes an existing account an admin, only if its e-mail address is verified. It is signed
      out everywhere and its password stops working until chosen again through a one-time link
      e-mailed to it (valid 60 minutes).
  reset-password <email> [--password <password>]
      prints a one-time link to choose a new password (valid 60 minutes), or sets the given
      password and signs the account out everywhere
  list-admins
      every admin account
  where
      where this shop's data lives (database, images, backups), as the environment says

Run it with the same environment as the shop (DATA_DIR or DATABASE_URL, APP_URL).`;

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const value = args[i + 1];
  if (value === undefined || value.startsWith('--')) throw new AdminCommandError(`${name} needs a value.`);
  return value;
}

/** Options that take no value. */
const FLAGS = new Set(['--existing']);

function positional(args: string[]): string[] {
  return args.filter(
    (a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1].startsWith('--') && !FLAGS.has(args[i - 1])),
  );
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r) => r.map((cell, c) => cell.padEnd(widths[c])).join('  ')).join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  const commands = ['create-admin', 'reset-password', 'list-admins', 'where'];
  if (!command || command === 'help' || command === '--help' || !commands.includes(command)) {
    if (command && !['help', '--help'].includes(command)) console.error(`Unknown command: ${command}\n`);
    console.log(USAGE);
    return command && !['help', '--help'].includes(command) ? 2 : 0;
  }
  const config = loadConfigOrExit();

  if (command === 'where') {
    const lines = whereLines(config);
    console.log(table(lines.map(([k, v]) => [`${k}:`, v])));
    return 0;
  }

  const db = createDatabase(config.database);
  try {
    await migrateToLatest(db);
    if (command === 'list-admins') {
      const admins = await listAdmins(db);
      if (admins.length === 0) {
        console.log('There is no admin account. Create one: npm run admin -- create-admin you@example.com');
        return 0;
      }
      const rows = admins.map((a) => [String(a.id), a.email, a.name, a.created_at.slice(0, 10)]);
      console.log(table([['id', 'e-mail', 'name', 'since'], ...rows]));
      return 0;
    }

    const [email] = positional(args);
    if (!email) throw new AdminCommandError(`${command} needs an e-mail address.\n\n${USAGE}`);
    const password = option(args, '--password');

    if (command === 'create-admin') {
      const created = await createAdmin(db, config, {
        email,
        name: option(args, '--name'),
        password,
        existing: args.includes('--existing'),
      });
      if (created.promoted) {
        console.log(`${created.email} is now an admin.`);
        console.log(
          `Its old password no longer works and it was signed out everywhere (${created.sessionsEnded} session(s) ended).`,
        );
        console.log(`A one-time link to choose a new password (valid 60 minutes) was e-mailed to ${created.email}.`);
      } else {
        console.log(`Admin account created: ${created.email}`);
        if (created.generatedPassword) {
          console.log(`Password: ${created.generatedPassword}   (shown only now: note it down, or reset it later)`);
        }
        if (created.resetMailed) {
          console.log(`A one-time link to choose its password (valid 60 minutes) was e-mailed to ${created.email}.`);
        }
      }
      if (created.resetUrl) console.log(`(development only) the same link:\n\n  ${created.resetUrl}\n`);
      if (created.resetMailed) {
        console.log(`No e-mail? On this server: npm run admin -- reset-password ${created.email}`);
      }
      console.log(`Sign in at ${config.appUrl}/login`);
      return 0;
    }

    const result = await resetPassword(db, config, { email, password });
    if (result.kind === 'link') {
      console.log(`Open this link to choose a new password for ${email.toLowerCase()}`);
      console.log(`(it works once, within ${result.expiresInMinutes} minutes):\n`);
      console.log(`  ${result.url}\n`);
    } else {
      console.log(`The password of ${email.toLowerCase()} was changed; the account was signed out everywhere.`);
    }
    return 0;
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof AdminCommandError) {
      console.error(err.message);
      process.exit(1);
    }
    console.error(err);
    process.exit(1);
  },
);
