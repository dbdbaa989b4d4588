import type { Executor } from '../../db/database.js';
import { now } from '../../db/database.js';
import { hasMailbox } from '../../lib/mailbox.js';
import { mailOutboxRepository } from './outbox-repository.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** a short name of the message kind, e.g. 'verify_email', 'order_paid' */
  template: string;
  /** extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post on new-arrival e-mails */
  headers?: Record<string, string>;
}

/**
 * Puts a message in the outbox. Call it with the transaction of the change that causes the
 * message, so the message exists exactly when the change does; the mail worker delivers it.
 */
export async function queueMail(db: Executor, mail: OutgoingMail): Promise<void> {
  await queueMails(db, [mail]);
}

/**
 * Puts several messages in the outbox at once (a drop e-mail to every subscriber), in chunks. A
 * message to an address that cannot receive mail (a phone-only customer's stand-in, see
 * lib/mailbox.ts) is left out: such a customer hears from the shop by SMS.
 */
export async function queueMails(db: Executor, all: readonly OutgoingMail[]): Promise<void> {
  const mails = all.filter((m) => hasMailbox(m.to));
  const at = now();
  for (let i = 0; i < mails.length; i += 200) {
    await mailOutboxRepository(db).insert(
      mails.slice(i, i + 200).map((mail) => ({
        to_address: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        template: mail.template,
        headers: mail.headers ? JSON.stringify(mail.headers) : null,
        status: 'pending' as const,
        attempts: 0,
        next_attempt_at: at,
        created_at: at,
      })),
    );
  }
}

/** The headers column back as an object (null or unreadable: none). */
export function parseHeaders(raw: string | null): Record<string, string> | undefined {
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
    return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === 'string')) as Record<
      string,
      string
    >;
  } catch {
    return undefined;
  }
}
