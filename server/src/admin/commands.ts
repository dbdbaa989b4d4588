import { LIMITS } from '@mtumba/contract';
import { randomSecret, type Config } from '../config.js';
import { now, type Db, type Executor } from '../db/database.js';
import { hashPassword } from '../lib/passwords.js';
import { RESET_TOKEN_TTL_MS, resetLink } from '../modules/accounts/emails.js';
import { renderEmail } from '../modules/mail/layout.js';
import { queueMail } from '../modules/mail/outbox.js';
import { oneTimeTokenRepository, userRepository } from '../modules/accounts/repository.js';
import { tokenRepository } from '../modules/accounts/token-repository.js';

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
  /** set when the password was made up here and may be shown (never in production) */
  generatedPassword?: string;
  /** true when the account existed and was made an admin (only with `existing`) */
  promoted: boolean;
  /** a one-time link to choose the password, also e-mailed; shown only outside production */
  resetUrl?: string;
  /** true when a link to choose the password was queued to the account's address */
  resetMailed: boolean;
  /** live sessions of a promoted account that were ended */
  sessionsEnded: number;
}

export const existingNeedsFlag = (email: string) =>
  `${email} already has an account, made by whoever registered it: it is not made an admin.\n` +
  `If you know that account is yours (or your helper's), run again with --existing: it is then signed out ` +
  `everywhere and its password must be chosen anew through a one-time link sent to ${email}.`;
export const existingUnverified = (email: string) =>
  `${email} has an account whose e-mail address was never verified, so nobody has proved it belongs to ` +
  `its owner: it is not made an admin.\nAsk the owner of ${email} to verify it first (the link in the sign-up ` +
  `e-mail, or "Resend verification link" when signing in), then run this again.`;
export const EXISTING_WITH_PASSWORD =
  '--password cannot be used with --existing: the owner of the account chooses a new password through the one-time link it is sent.';

/** A password nobody knows: the account cannot sign in with a password until one is chosen by a reset link. */
function unusablePassword(): string {
  return randomSecret(32);
}

/** Tells the address that it is an admin now and how to choose its password (a one-time reset link). */
async function mailAdminPasswordLink(
  trx: Executor,
  config: Config,
  user: { id: number; email: string },
  promoted: boolean,
): Promise<string> {
  const tokens = oneTimeTokenRepository(trx);
  await tokens.consumeAll(user.id, 'reset_password');
  const token = await tokens.issue(user.id, 'reset_password', user.email, RESET_TOKEN_TTL_MS);
  const url = resetLink(config, token, user.email);
  const { html, text } = renderEmail({
    shopName: config.shopName,
    preheader: 'Choose the password of your admin account.',
    heading: 'Choose your admin password',
    paragraphs: [
      'Hello,',
      promoted
        ? `Your account at ${config.shopName} is now an admin account. For safety its old password no longer works and every session was signed out.`
        : `An admin account at ${config.shopName} was made for this address.`,
      'Choose a password with the button below. The link works once and expires in 60 minutes; after that, use "Forgot password" on the sign-in page.',
    ],
    button: { label: 'Choose a password', url },
    footnote: `You received this because the owner of ${config.shopName} made this address an admin on the shop's server.`,
  });
  await queueMail(trx, {
    to: user.email,
    subject: `Choose your ${config.shopName} admin password`,
    html,
    text,
    template: 'admin_password_link',
  });
  return url;
}

/**
 * A new verified admin account; or, only with `existing`, an existing verified account made an
 * admin. Promotion ends every session of the account and turns its password off: it is chosen
 * anew through a one-time link e-mailed to the address (someone else may have registered it and
 * still know the old password). An unverified account is never promoted. In production no
 * password or link is returned for printing: the link goes by e-mail only.
 */
export async function createAdmin(
  db: Db,
  config: Config,
  input: { email: string; name?: string; password?: string; existing?: boolean },
): Promise<CreatedAdmin> {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email)) throw new AdminCommandError(`${input.email} is not an e-mail address.`);
  if (input.password !== undefined) checkPassword(input.password);
  const production = config.env === 'production';
  const showPassword = input.password === undefined && !production;
  const password = input.password ?? (production ? unusablePassword() : randomSecret(12));
  const passwordHash = await hashPassword(password, config.passwordHashCost);
  const unusableHash = await hashPassword(unusablePassword(), config.passwordHashCost);
  return db.transaction().execute(async (trx) => {
    const users = userRepository(trx);
    const existing = await users.findByEmail(email);
    if (existing) {
      if (!input.existing) throw new AdminCommandError(existingNeedsFlag(email));
      if (input.password !== undefined) throw new AdminCommandError(EXISTING_WITH_PASSWORD);
      if (!existing.email_verified_at) throw new AdminCommandError(existingUnverified(email));
      await users.update(existing.id, {
        is_admin: 1,
        password_hash: unusableHash,
        pending_email: null,
        ...(input.name ? { name: input.name } : {}),
      });
      for (const purpose of ['verify_email', 'cancel_email_change'] as const) {
        await oneTimeTokenRepository(trx).consumeAll(existing.id, purpose);
      }
      const ended = await tokenRepository(trx).revokeAllForUser(existing.id);
      const url = await mailAdminPasswordLink(trx, config, existing, true);
      return {
        email,
        promoted: true,
        resetUrl: production ? undefined : url,
        resetMailed: true,
        sessionsEnded: ended.length,
      };
    }
    if (input.existing) {
      throw new AdminCommandError(`There is no account with the e-mail ${email}: leave out --existing to create one.`);
    }
    const created = await users.create({
      name: input.name ?? `${config.shopName} Admin`,
      email,
      password_hash: passwordHash,
      is_admin: 1,
      email_verified_at: now(),
      google_sub: null,
    });
    const mailLink = production && input.password === undefined;
    if (mailLink) await mailAdminPasswordLink(trx, config, created, false);
    return {
      email,
      promoted: false,
      generatedPassword: showPassword ? password : undefined,
      resetMailed: mailLink,
      sessionsEnded: 0,
    };
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
  const rows = await userRepository(db).admins();
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
