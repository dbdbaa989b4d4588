import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { parseHeaders } from './outbox.js';
import type { MailTransport } from './transport.js';

export const MAX_ATTEMPTS = 8;
/** how long a claimed message is reserved for the worker that claimed it */
const LEASE_MS = 5 * 60_000;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;

export interface DeliveryOptions {
  /** the current time; tests pass a later one instead of waiting for a retry to fall due */
  now?: Date;
  batchSize?: number;
}

export interface DeliveryResult {
  sent: number;
  /** failed this time, will be tried again later */
  retrying: number;
  /** given up after MAX_ATTEMPTS */
  failed: number;
}

/** 30 s after the first failure, doubling up to an hour; eight attempts span about an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

function describe(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.slice(0, 1000);
}

/**
 * Sends the messages that are due. Safe on several instances at once: a message is claimed with
 * one conditional UPDATE (setting `locked_until`), so only one worker sends it. A worker that dies
 * mid-send loses its lease, and the message is sent again later (at least once, never lost).
 */
export async function deliverDueMail(
  db: Db,
  transport: MailTransport,
  log: FastifyBaseLogger,
  options: DeliveryOptions = {},
): Promise<DeliveryResult> {
  const at = options.now ?? new Date();
  const nowIso = at.toISOString();
  const result: DeliveryResult = { sent: 0, retrying: 0, failed: 0 };

  const claimed = await db
    .updateTable('mail_outbox')
    .set({ locked_until: new Date(at.getTime() + LEASE_MS).toISOString() })
    .where('id', 'in', (qb) =>
      qb
        .selectFrom('mail_outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', nowIso)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso)]))
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(options.batchSize ?? 20),
    )
    // checked again on the row itself, so a row another worker claimed meanwhile is skipped
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso)]))
    .returning(['id', 'to_address', 'subject', 'html', 'text', 'template', 'headers', 'attempts'])
    .execute();

  for (const row of claimed.sort((a, b) => a.id - b.id)) {
    const attempts = row.attempts + 1;
    try {
      await transport.send({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        html: row.html,
        text: row.text,
        template: row.template,
        headers: parseHeaders(row.headers),
      });
      await db
        .updateTable('mail_outbox')
        .set({ status: 'sent', attempts, sent_at: new Date().toISOString(), locked_until: null, last_error: null })
        .where('id', '=', row.id)
        .execute();
      result.sent += 1;
    } catch (err) {
      const gaveUp = attempts >= MAX_ATTEMPTS;
      await db
        .updateTable('mail_outbox')
        .set({
          status: gaveUp ? 'failed' : 'pending',
          attempts,
          last_error: describe(err),
          locked_until: null,
          next_attempt_at: new Date(at.getTime() + retryDelayMs(attempts)).toISOString(),
        })
        .where('id', '=', row.id)
        .execute();
      if (gaveUp) {
        result.failed += 1;
        log.error({ err, mailId: row.id, template: row.template, attempts }, 'mail delivery failed for good');
      } else {
        result.retrying += 1;
        log.warn({ err, mailId: row.id, template: row.template, attempts }, 'mail delivery failed, will retry');
      }
    }
  }
  return result;
}
