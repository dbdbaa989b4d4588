import type { Config } from '../../config.js';
import type { Executor } from '../../db/database.js';
import { renderEmail } from '../mail/layout.js';
import { queueMail } from '../mail/outbox.js';
import { oneTimeTokenRepository } from './repository.js';

export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60_000;
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
export const CANCEL_CHANGE_TTL_MS = 14 * 24 * 60 * 60_000;
export const DELETE_TOKEN_TTL_MS = 60 * 60_000;

type MailConfig = Pick<Config, 'appUrl' | 'shopName'>;

export interface Recipient {
  id: number;
  name: string;
  email: string;
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
  user: Pick<Recipient, 'id' | 'email'>,
  token: string,
): Promise<void> {
  const url = deleteAccountLink(config, token);
  const { html, text } = renderEmail({
    shopName: config.shopName,
    preheader: 'Confirm that you want to delete your account.',
    heading: 'Delete your account?',
    paragraphs: [
      'Hello,',
      `Someone signed in to your ${config.shopName} account asked to delete it. Nothing is deleted until the button below is used.`,
      'If it was you, confirm with the button. The link works once and expires in 60 minutes.',
      'If it was not you, do not use the link: change your password and use "Sign out everywhere else" in My Account.',
    ],
    button: { label: 'Delete my account', url },
    footnote: `You received this because a request to delete the ${config.shopName} account of this address was made.`,
  });
  await queueMail(trx, {
    to: user.email,
    subject: `Confirm deleting your ${config.shopName} account`,
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
  user: Pick<Recipient, 'id' | 'email'>,
  address = user.email,
): Promise<void> {
  const token = await oneTimeTokenRepository(trx).issue(user.id, 'verify_email', address, VERIFY_TOKEN_TTL_MS);
  const url = verificationLink(config, token);
  const { html, text } = renderEmail({
    shopName: config.shopName,
    preheader: 'Confirm your e-mail address to start ordering.',
    heading: 'Verify your e-mail address',
    paragraphs: [
      'Hello,',
      `Please confirm that ${address} is your e-mail address. Once it is verified you can use it to sign in, and place and pay for orders.`,
      'The link works once and expires in 24 hours.',
    ],
    button: { label: 'Verify e-mail address', url },
    footnote: `You received this because an account at ${config.shopName} uses this address. If that was not you, ignore this message.`,
  });
  await queueMail(trx, {
    to: address,
    subject: `Verify your e-mail address for ${config.shopName}`,
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
  user: Pick<Recipient, 'id' | 'email'>,
): Promise<void> {
  const token = await oneTimeTokenRepository(trx).issue(user.id, 'reset_password', user.email, RESET_TOKEN_TTL_MS);
  const url = resetLink(config, token, user.email);
  const { html, text } = renderEmail({
    shopName: config.shopName,
    preheader: 'A link to choose a new password.',
    heading: 'Reset your password',
    paragraphs: [
      'Hello,',
      'Someone (hopefully you) asked to reset the password of your account. Choose a new one with the button below.',
      'The link works once and expires in 60 minutes.',
    ],
    button: { label: 'Choose a new password', url },
    footnote: 'If you did not ask for this, ignore this message: your password stays as it is.',
  });
  await queueMail(trx, {
    to: user.email,
    subject: `Reset your ${config.shopName} password`,
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
  user: Pick<Recipient, 'id' | 'email'>,
  newEmail: string,
): Promise<void> {
  const token = await oneTimeTokenRepository(trx).issue(
    user.id,
    'cancel_email_change',
    user.email,
    CANCEL_CHANGE_TTL_MS,
  );
  const url = cancelEmailChangeLink(config, token);
  const { html, text } = renderEmail({
    shopName: config.shopName,
    preheader: 'Someone asked to change the e-mail address of your account.',
    heading: 'Your e-mail address is being changed',
    paragraphs: [
      'Hello,',
      `Someone signed in to your ${config.shopName} account asked to change its e-mail address from ${user.email} to ${maskAddress(newEmail)}. The change happens once the link sent to the new address is followed.`,
      'If that was you, there is nothing to do. If it was not, cancel the change with the button below: it keeps (or puts back) this address and signs your account out everywhere. Then choose a new password with "Forgot password".',
      'The link works once and for 14 days.',
    ],
    button: { label: 'Cancel the change and sign out everywhere', url },
    footnote: `You received this because this address belongs to an account at ${config.shopName}.`,
  });
  await queueMail(trx, {
    to: user.email,
    subject: `Your ${config.shopName} e-mail address is being changed`,
    html,
    text,
    template: 'email_change_notice',
  });
}
