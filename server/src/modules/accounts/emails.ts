import type { Config } from '../../config.js';
import type { Executor } from '../../db/database.js';
import { renderEmail } from '../mail/layout.js';
import { queueMail } from '../mail/outbox.js';
import { oneTimeTokenRepository } from './repository.js';

export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60_000;
export const RESET_TOKEN_TTL_MS = 60 * 60_000;

type MailConfig = Pick<Config, 'appUrl' | 'shopName'>;

export interface Recipient {
  id: number;
  name: string;
  email: string;
}

export function verificationLink(config: MailConfig, token: string): string {
  return `${config.appUrl}/api/email/verify?token=${encodeURIComponent(token)}`;
}

export function resetLink(config: MailConfig, token: string, email: string): string {
  return `${config.appUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
}

/**
 * Issues a single-use verification token for the user's current address and queues the message.
 * Call it inside the transaction that created the account or changed the address.
 */
export async function sendVerificationEmail(trx: Executor, config: MailConfig, user: Recipient): Promise<void> {
  const token = await oneTimeTokenRepository(trx).issue(user.id, 'verify_email', user.email, VERIFY_TOKEN_TTL_MS);
  const url = verificationLink(config, token);
  const { html, text } = renderEmail({
    shopName: config.shopName,
    preheader: 'Confirm your e-mail address to start ordering.',
    heading: 'Verify your e-mail address',
    paragraphs: [
      `Hi ${user.name},`,
      `Please confirm that ${user.email} is your e-mail address. Once it is verified you can place and pay for orders.`,
      'The link works once and expires in 24 hours.',
    ],
    button: { label: 'Verify e-mail address', url },
    footnote: `You received this because an account at ${config.shopName} uses this address. If that was not you, ignore this message.`,
  });
  await queueMail(trx, {
    to: user.email,
    subject: `Verify your e-mail address for ${config.shopName}`,
    html,
    text,
    template: 'verify_email',
  });
}

/** Issues a 60-minute reset token and queues the message; call it inside a transaction. */
export async function sendPasswordResetEmail(trx: Executor, config: MailConfig, user: Recipient): Promise<void> {
  const token = await oneTimeTokenRepository(trx).issue(user.id, 'reset_password', user.email, RESET_TOKEN_TTL_MS);
  const url = resetLink(config, token, user.email);
  const { html, text } = renderEmail({
    shopName: config.shopName,
    preheader: 'A link to choose a new password.',
    heading: 'Reset your password',
    paragraphs: [
      `Hi ${user.name},`,
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
