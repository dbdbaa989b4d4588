import type { Executor } from '../../db/database.js';
import { now } from '../../db/database.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** a short name of the message kind, e.g. 'verify_email', 'order_paid' */
  template: string;
}

/**
 * Puts a message in the outbox. Call it with the transaction of the change that causes the
 * message, so the message exists exactly when the change does; the mail worker delivers it.
 */
export async function queueMail(db: Executor, mail: OutgoingMail): Promise<void> {
  const at = now();
  await db
    .insertInto('mail_outbox')
    .values({
      to_address: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      template: mail.template,
      status: 'pending',
      attempts: 0,
      next_attempt_at: at,
      created_at: at,
    })
    .execute();
}
