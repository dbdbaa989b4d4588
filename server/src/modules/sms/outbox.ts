import type { Executor } from '../../db/database.js';
import { now } from '../../db/database.js';
import { smsOutboxRepository } from './outbox-repository.js';

export interface OutgoingSms {
  /** E.164, +2547… */
  to: string;
  message: string;
  /** a short name of the message kind, e.g. 'phone_code', 'order_paid' */
  template: string;
}

/**
 * Puts a text message in the SMS outbox, in the transaction of the change that causes it (as
 * e-mail does); the SMS worker delivers it with retries.
 */
export async function queueSms(db: Executor, sms: OutgoingSms): Promise<void> {
  const at = now();
  await smsOutboxRepository(db).insert({
    to_phone: sms.to,
    message: sms.message,
    template: sms.template,
    status: 'pending',
    attempts: 0,
    next_attempt_at: at,
    locked_until: null,
    last_error: null,
    provider_message_id: null,
    sent_at: null,
    created_at: at,
  });
}
