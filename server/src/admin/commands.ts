import { LIMITS } from '@mtumba/contract';
import { randomSecret, type Config } from '../config.js';
import { now, type Db } from '../db/database.js';
import { hashPassword } from '../lib/passwords.js';
import { RESET_TOKEN_TTL_MS, resetLink } from '../modules/accounts/emails.js';
import { oneTimeTokenRepository, userRepository } from '../modules/accounts/repository.js';
import { tokenRepository } from '../modules/accounts/tokens.js';

/** The operator's way back in: `npm run admin -- <command>` (see README, Admin command line). */

export class AdminCommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminCommandError';
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkPassword(password: string): void {
  if (password.length < LIMITS.passwordMin) {
    throw new AdminCommandError(`The password must be at least ${LIMITS.passwordMin} characters.`);
  }
}

export interface CreatedAdmin {
  email: string;
  /** set when the password was made up here: shown once */
  generatedPassword?: string;
  /** true when the account existed and was made an admin */
  promoted: boolean;
}

/** A new verified admin account, or an existing account made an admin (its password kept unless given). */
export async function createAdmin(
  db: Db,
  config: Config,
  input: { email: string; name?: string; password?: string },
): Promise<CreatedAdmin> {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email)) throw new AdminCommandError(`${input.email} is not an e-mail address.`);
  if (input.password !== undefined) checkPassword(input.password);
  const password = input.password ?? randomSecret(12);
  const passwordHash = await hashPassword(password, config.passwordHashCost);
  return db.transaction().execute(async (trx) => {
    const users = userRepository(trx);
    const existing = await users.findByEmail(email);
    if (existing) {
      await users.update(existing.id, {
        is_admin: 1,
        ...(input.password !== undefined ? { password_hash: passwordHash } : {}),
        ...(input.name ? { name: input.name } : {}),
      });
      if (input.password !== undefined) await tokenRepository(trx).revokeAllForUser(existing.id);
      return { email, promoted: true };
    }
    await users.create({
      name: input.name ?? `${config.shopName} Admin`,
      email,
      password_hash: passwordHash,
      is_admin: 1,
      email_verified_at: now(),
      google_sub: null,
    });
    return { email, promoted: false, generatedPassword: input.password === undefined ? password : undefined };
  });
}

export type PasswordReset = { kind: 'link'; url: string; expiresInMinutes: number } | { kind: 'set' };

/**
 * Without a password: a one-time reset link (the same kind the "forgot password" e-mail
 * carries, valid 60 minutes). With one: sets it, signs the account out everywhere and spends
 * any reset links.
 */
export async function resetPassword(
  db: Db,
  config: Config,
  input: { email: string; password?: string },
): Promise<PasswordReset> {
  const email = input.email.trim().toLowerCase();
  if (input.password !== undefined) checkPassword(input.password);
  const passwordHash = input.password !== undefined ? await hashPassword(input.password, config.passwordHashCost) : '';
  return db.transaction().execute(async (trx) => {
    const user = await userRepository(trx).findByEmail(email);
    if (!user) throw new AdminCommandError(`There is no account with the e-mail ${email}.`);
    const tokens = oneTimeTokenRepository(trx);
    if (input.password === undefined) {
      const token = await tokens.issue(user.id, 'reset_password', user.email, RESET_TOKEN_TTL_MS);
      return { kind: 'link', url: resetLink(config, token, user.email), expiresInMinutes: RESET_TOKEN_TTL_MS / 60_000 };
    }
    await userRepository(trx).update(user.id, {
      password_hash: passwordHash,
      ...(user.email_verified_at ? {} : { email_verified_at: now() }),
    });
    await tokens.consumeAll(user.id, 'reset_password');
    await tokenRepository(trx).revokeAllForUser(user.id);
    return { kind: 'set' };
  });
}

export interface AdminRow {
  id: number;
  email: string;
  name: string;
  created_at: string;
  has_password: boolean;
}

export async function listAdmins(db: Db): Promise<AdminRow[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'created_at', 'password_hash'])
    .where('is_admin', '=', 1)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    created_at: r.created_at,
    has_password: r.password_hash !== null,
  }));
}

/** A database URL with its password blanked out, for printing. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '****';
    return u.toString();
  } catch {
    return '(unreadable DATABASE_URL)';
  }
}

/** Where this shop's data lives, as the configuration (environment) says. */
export function whereLines(config: Config): [string, string][] {
  return [
    ['data directory (DATA_DIR)', config.dataDir],
    [
      'database',
      config.database.kind === 'sqlite'
        ? `SQLite ${config.database.file}`
        : `PostgreSQL ${redactUrl(config.database.url)}`,
    ],
    ['product images (UPLOAD_DIR)', config.uploadDir],
    ['e-mails written to disk', config.mail.url ? `none (sent through ${redactUrl(config.mail.url)})` : config.mailDir],
    ['backups (BACKUP_DIR)', config.backup.dir],
    ['web app build (WEB_DIST_DIR)', config.webDistDir],
    ['shop address (APP_URL)', config.appUrl],
  ];
}
