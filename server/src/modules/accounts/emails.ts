import type { Config } from '../../config.js';
import type { Executor } from '../../db/database.js';
import { renderEmail } from '../mail/layout.js';
import { queueMail } from '../mail/outbox.js';
import { oneTimeTokenRepository } from './repository.js';
import { t } from '../../lib/i18n/index.js';
import { asLanguage } from '../../lib/language.js';

export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60_000;
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
export const CANCEL_CHANGE_TTL_MS = 14 * 24 * 60 * 60_000;
export const DELETE_TOKEN_TTL_MS = 60 * 60_000;

type MailConfig = Pick<Config, 'appUrl' | 'shopName'>;

export interface Recipient {
  id: number;
  name: string;
  email: string;
  /** the account's language ('en' | 'sw'); the e-mails are written in it (English when unknown) */
  language?: string;
}

export function verificationLink(config: MailConfig, token: string): string {
  return `${config.appUrl}/api/email/verify?token=${encodeURIComponent(token)}`;
}

export function cancelEmailChangeLink(config: MailConfig, token: string): string {
  return `${config.appUrl}/api/email/cancel-change?token=${encodeURIComponent(token)}`;
}

export function deleteAccountLink(config: MailConfig, token: string): string {
  return `${config.appUrl}/api/user/delete/confirm?token=${encodeURIComponent(token)}`;
}

/**
 * The confirmation a deletion without the password (or a fresh Google sign-in) waits for: a
 * one-time link to the account's own address. Call it inside a transaction with the token issued.
 */
export async function sendDeletionConfirmEmail(
  trx: Executor,
  config: MailConfig,
  user: Pick<Recipient, 'id' | 'email' | 'language'>,
  token: string,
): Promise<void> {
  const url = deleteAccountLink(config, token);
  const lang = asLanguage(user.language);
  const shop = config.shopName;
  const { html, text } = renderEmail({
    shopName: shop,
    language: lang,
    preheader: t(lang, 'account.delete.preheader'),
    heading: t(lang, 'account.delete.heading'),
    paragraphs: [
      t(lang, 'account.hello'),
      t(lang, 'account.delete.body1', { shop }),
      t(lang, 'account.delete.body2'),
      t(lang, 'account.delete.body3'),
    ],
    button: { label: t(lang, 'account.delete.button'), url },
    footnote: t(lang, 'account.delete.footnote', { shop }),
  });
  await queueMail(trx, {
    to: user.email,
    subject: t(lang, 'account.delete.subject', { shop }),
    html,
    text,
    template: 'delete_account_confirm',
  });
}

export function resetLink(config: MailConfig, token: string, email: string): string {
  return `${config.appUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
}

/**
 * Issues a single-use verification token for `address` (the account's address, or the new one of
 * an e-mail change) and queues the message. Call it inside the transaction that created the
 * account or asked for the change. The address has not proven it belongs to whoever asked, so
 * the message carries nothing they chose (no name): only our own words and the link.
 */
export async function sendVerificationEmail(
  trx: Executor,
  config: MailConfig,
  user: Pick<Recipient, 'id' | 'email' | 'language'>,
  address = user.email,
): Promise<void> {
  const token = await oneTimeTokenRepository(trx).issue(user.id, 'verify_email', address, VERIFY_TOKEN_TTL_MS);
  const url = verificationLink(config, token);
  const lang = asLanguage(user.language);
  const shop = config.shopName;
  const { html, text } = renderEmail({
    shopName: shop,
    language: lang,
    preheader: t(lang, 'account.verify.preheader'),
    heading: t(lang, 'account.verify.heading'),
    paragraphs: [
      t(lang, 'account.hello'),
      t(lang, 'account.verify.body1', { address }),
      t(lang, 'account.verify.body2'),
    ],
    button: { label: t(lang, 'account.verify.button'), url },
    footnote: t(lang, 'account.verify.footnote', { shop }),
  });
  await queueMail(trx, {
    to: address,
    subject: t(lang, 'account.verify.subject', { shop }),
    html,
    text,
    template: 'verify_email',
  });
}

/**
 * Issues a 60-minute reset token and queues the message; call it inside a transaction. No name in
 * it: the account may never have proven its address, so the name may be a stranger's text.
 */
export async function sendPasswordResetEmail(
  trx: Executor,
  config: MailConfig,
  user: Pick<Recipient, 'id' | 'email' | 'language'>,
): Promise<void> {
  const token = await oneTimeTokenRepository(trx).issue(user.id, 'reset_password', user.email, RESET_TOKEN_TTL_MS);
  const url = resetLink(config, token, user.email);
  const lang = asLanguage(user.language);
  const shop = config.shopName;
  const { html, text } = renderEmail({
    shopName: shop,
    language: lang,
    preheader: t(lang, 'account.reset.preheader'),
    heading: t(lang, 'account.reset.heading'),
    paragraphs: [t(lang, 'account.hello'), t(lang, 'account.reset.body1'), t(lang, 'account.reset.body2')],
    button: { label: t(lang, 'account.reset.button'), url },
    footnote: t(lang, 'account.reset.footnote'),
  });
  await queueMail(trx, {
    to: user.email,
    subject: t(lang, 'account.reset.subject', { shop }),
    html,
    text,
    template: 'reset_password',
  });
}

/** `jane.doe@example.com` → `j…e@example.com`: enough for the owner to recognise, little to misuse. */
export function maskAddress(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? `${local[0] ?? ''}…` : `${local[0]}…${local[local.length - 1]}`;
  return `${shown}${email.slice(at)}`;
}

/**
 * Tells the account's current (verified) address that a change to another address was asked for,
 * with a link that cancels it, puts this address back if the change already happened, and signs
 * every session out. Call it inside the transaction that recorded the request.
 */
export async function sendEmailChangeNotice(
  trx: Executor,
  config: MailConfig,
  user: Pick<Recipient, 'id' | 'email' | 'language'>,
  newEmail: string,
): Promise<void> {
  const token = await oneTimeTokenRepository(trx).issue(
    user.id,
    'cancel_email_change',
    user.email,
    CANCEL_CHANGE_TTL_MS,
  );
  const url = cancelEmailChangeLink(config, token);
  const lang = asLanguage(user.language);
  const shop = config.shopName;
  const { html, text } = renderEmail({
    shopName: shop,
    language: lang,
    preheader: t(lang, 'account.change.preheader'),
    heading: t(lang, 'account.change.heading'),
    paragraphs: [
      t(lang, 'account.hello'),
      t(lang, 'account.change.body1', { shop, from: user.email, to: maskAddress(newEmail) }),
      t(lang, 'account.change.body2'),
      t(lang, 'account.change.body3'),
    ],
    button: { label: t(lang, 'account.change.button'), url },
    footnote: t(lang, 'account.change.footnote', { shop }),
  });
  await queueMail(trx, {
    to: user.email,
    subject: t(lang, 'account.change.subject', { shop }),
    html,
    text,
    template: 'email_change_notice',
  });
}
