import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { deliverDueOutbox, type DeliveryOptions, type DeliveryResult } from '../../lib/outbox-delivery.js';
import { SmsError, type SendSms } from './transport.js';

export type SmsDeliveryResult = DeliveryResult;

/**
 * Sends the text messages that are due, through the shared outbox loop (claim, retry, give up);
 * a permanent refusal (an invalid number) is given up at once.
 */
export async function deliverDueSms(
  db: Db,
  send: SendSms,
  log: FastifyBaseLogger,
  options: DeliveryOptions = {},
): Promise<SmsDeliveryResult> {
  return deliverDueOutbox(
    db,
    {
      table: 'sms_outbox',
      columns: ['to_phone', 'message'],
      async send(row) {
        const { messageId } = await send(row.to_phone, row.message);
        return { provider_message_id: messageId };
      },
      isPermanent: (err) => err instanceof SmsError && err.permanent,
      log: {
        idField: 'smsId',
        gaveUp: 'text message not sent, given up',
        retrying: 'text message not sent, will retry',
      },
    },
    log,
    options,
  );
}
