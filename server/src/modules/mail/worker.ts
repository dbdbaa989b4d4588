import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { deliverDueOutbox, type DeliveryOptions, type DeliveryResult } from '../../lib/outbox-delivery.js';
import { parseHeaders } from './outbox.js';
import type { MailTransport } from './transport.js';

/** Sends the e-mails that are due, through the shared outbox loop (claim, retry, give up). */
export async function deliverDueMail(
  db: Db,
  transport: MailTransport,
  log: FastifyBaseLogger,
  options: DeliveryOptions = {},
): Promise<DeliveryResult> {
  return deliverDueOutbox(
    db,
    {
      table: 'mail_outbox',
      columns: ['to_address', 'subject', 'html', 'text', 'headers'],
      async send(row) {
        await transport.send({
          id: row.id,
          to: row.to_address,
          subject: row.subject,
          html: row.html,
          text: row.text,
          template: row.template,
          headers: parseHeaders(row.headers),
        });
      },
      log: { idField: 'mailId', gaveUp: 'mail delivery failed for good', retrying: 'mail delivery failed, will retry' },
    },
    log,
    options,
  );
}
