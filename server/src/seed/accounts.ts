import { randomSecret, type Config } from '../config.js';
import { hashPassword } from '../lib/passwords.js';
import type { Executor } from '../db/database.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@mtumba.local';
export const DEFAULT_CUSTOMER_EMAIL = 'customer@mtumba.local';

export interface SeedAccount {
  role: 'admin' | 'customer';
  name: string;
  email: string;
  password: string;
  /** true when the password was made up here: it is shown once, nowhere else */
  generated: boolean;
  passwordHash: string;
}

/** The shop's first admin and a verified demo customer, from the configuration or made up. */
export async function prepareSeedAccounts(config: Config, options: { customer: boolean }): Promise<SeedAccount[]> {
  const wanted: Omit<SeedAccount, 'passwordHash'>[] = [
    {
      role: 'admin',
      name: `${config.shopName} Admin`,
      email: (config.seed.adminEmail ?? DEFAULT_ADMIN_EMAIL).toLowerCase(),
      password: config.seed.adminPassword ?? randomSecret(12),
      generated: !config.seed.adminPassword,
    },
  ];
  const customerEmail = (config.seed.customerEmail ?? DEFAULT_CUSTOMER_EMAIL).toLowerCase();
  if (options.customer && customerEmail !== wanted[0].email) {
    wanted.push({
      role: 'customer',
      name: 'Demo Customer',
      email: customerEmail,
      password: config.seed.customerPassword ?? randomSecret(12),
      generated: !config.seed.customerPassword,
    });
  }
  return Promise.all(
    wanted.map(async (a) => ({ ...a, passwordHash: await hashPassword(a.password, config.passwordHashCost) })),
  );
}

/** Inserts the accounts, verified, and returns their ids by role. */
export async function insertSeedAccounts(
  db: Executor,
  accounts: SeedAccount[],
  at: string,
): Promise<Partial<Record<SeedAccount['role'], number>>> {
  const ids: Partial<Record<SeedAccount['role'], number>> = {};
  for (const account of accounts) {
    const row = await db
      .insertInto('users')
      .values({
        name: account.name,
        email: account.email,
        password_hash: account.passwordHash,
        is_admin: account.role === 'admin' ? 1 : 0,
        email_verified_at: at,
        google_sub: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[account.role] = row.id;
  }
  return ids;
}

/** How to get back in when a printed password is lost (also shown on later starts). */
export const LOST_PASSWORD_HINT = [
  'Lost a password? On this server, run',
  '  npm run admin -- reset-password <email>',
  'for a one-time link (npm run admin -- help: more).',
];

function box(lines: string[]): string {
  const width = Math.max(...lines.map((l) => l.length));
  const bar = '─'.repeat(width + 4);
  return [`┌${bar}┐`, ...lines.map((l) => `│  ${l.padEnd(width)}  │`), `└${bar}┘`].join('\n');
}

/**
 * The console message that tells whoever started the shop how to sign in. In production a
 * made-up password is never printed (the service log keeps it): the notice says how to choose
 * one through a one-time link instead.
 */
export function signInNotice(config: Config, accounts: SeedAccount[]): string {
  const production = config.env === 'production';
  const line = (a: SeedAccount) =>
    a.generated
      ? production
        ? `Sign in as ${a.role}: ${a.email} (choose its password: npm run admin -- reset-password ${a.email})`
        : `Sign in as ${a.role}: ${a.email} / ${a.password}`
      : `Sign in as ${a.role}: ${a.email} (password from ${a.role === 'admin' ? 'ADMIN_PASSWORD' : 'DEMO_CUSTOMER_PASSWORD'})`;
  const lines = [`${config.shopName} is ready at ${config.appUrl}`, '', ...accounts.map(line)];
  if (production && accounts.some((a) => a.generated)) {
    lines.push(
      '',
      'No password is printed in production. The command above prints a one-time link',
      '(valid 60 minutes) to choose one; it runs on this server with the shop’s environment.',
    );
  } else if (accounts.some((a) => a.generated)) {
    lines.push(
      '',
      'These passwords are shown only this once: note them down.',
      'Choose your own with ADMIN_EMAIL / ADMIN_PASSWORD and',
      'DEMO_CUSTOMER_EMAIL / DEMO_CUSTOMER_PASSWORD on a fresh database.',
    );
  }
  lines.push('', ...LOST_PASSWORD_HINT);
  return box(lines);
}

/** On every later start: where the shop is, who its admins are, and how to get back in. */
export function returningNotice(config: Config, adminEmails: string[]): string {
  const admins =
    adminEmails.length === 0
      ? ['There is no admin account: npm run admin -- create-admin <email>']
      : [`Admin sign-in: ${adminEmails.slice(0, 3).join(', ')}${adminEmails.length > 3 ? ', ...' : ''}`];
  return box([`${config.shopName} is ready at ${config.appUrl}`, '', ...admins, '', ...LOST_PASSWORD_HINT]);
}
