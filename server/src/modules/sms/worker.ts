import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { retryDelayMs, MAX_ATTEMPTS } from '../mail/worker.js';
import { SmsError, type SendSms } from './transport.js';

const LEASE_MS = 5 * 60_000;

export interface SmsDeliveryResult {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Sends the text messages that are due, exactly as the mail worker does: each row is claimed with
 * one conditional UPDATE (safe on several instances), retried with growing delays, given up after
 * MAX_ATTEMPTS or at once for a permanent refusal (an invalid number).
 */
export async function deliverDueSms(
  db: Db,
  send: SendSms,
  log: FastifyBaseLogger,
  options: { now?: Date; batchSize?: number } = {},
): Promise<SmsDeliveryResult> {
  const at = options.now ?? new Date();
  const nowIso = at.toISOString();
  const result: SmsDeliveryResult = { sent: 0, retrying: 0, failed: 0 };
  const claimed = await db
    .updateTable('sms_outbox')
    .set({ locked_until: new Date(at.getTime() + LEASE_MS).toISOString() })
    .where('id', 'in', (qb) =>
      qb
        .selectFrom('sms_outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', nowIso)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso)]))
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(options.batchSize ?? 20),
    )
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso)]))
    .returning(['id', 'to_phone', 'message', 'template', 'attempts'])
    .execute();

  for (const row of claimed.sort((a, b) => a.id - b.id)) {
    const attempts = row.attempts + 1;
    try {
      const { messageId } = await send(row.to_phone, row.message);
      await db
        .updateTable('sms_outbox')
        .set({
          status: 'sent',
          attempts,
          sent_at: new Date().toISOString(),
          locked_until: null,
          last_error: null,
          provider_message_id: messageId,
        })
        .where('id', '=', row.id)
        .execute();
      result.sent += 1;
    } catch (err) {
      const gaveUp = attempts >= MAX_ATTEMPTS || (err instanceof SmsError && err.permanent);
      await db
        .updateTable('sms_outbox')
        .set({
          status: gaveUp ? 'failed' : 'pending',
          attempts,
          last_error: (err instanceof Error ? err.message : String(err)).slice(0, 1000),
          locked_until: null,
          next_attempt_at: new Date(at.getTime() + retryDelayMs(attempts)).toISOString(),
        })
        .where('id', '=', row.id)
        .execute();
      if (gaveUp) {
        result.failed += 1;
        log.error({ err, smsId: row.id, template: row.template, attempts }, 'text message not sent, given up');
      } else {
        result.retrying += 1;
        log.warn({ err, smsId: row.id, template: row.template, attempts }, 'text message not sent, will retry');
      }
    }
  }
  return result;
}
