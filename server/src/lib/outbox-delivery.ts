import type { FastifyBaseLogger } from 'fastify';
import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { outboxRepository, type OutboxColumns, type OutboxName } from './outbox-repository.js';

/** How many times an outbox message is tried before it is given up. */
export const MAX_ATTEMPTS = 8;
/** how long a claimed message is reserved for the worker that claimed it */
const LEASE_MS = 5 * 60_000;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;

/** 30 s after the first failure, doubling up to an hour; eight attempts span about an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

export interface DeliveryOptions {
  /** the current time; tests pass a later one instead of waiting for a retry to fall due */
  now?: Date;
  batchSize?: number;
}

export interface DeliveryResult {
  sent: number;
  /** failed this time, will be tried again later */
  retrying: number;
  /** given up after MAX_ATTEMPTS (or at once, for a permanent refusal) */
  failed: number;
}

export interface Outbox<T extends OutboxName, C extends keyof Selectable<DB[T]> & string> {
  table: T;
  /** the columns `send` needs, besides id, template and attempts */
  columns: readonly C[];
  /** Sends one message; resolves with any further columns to record once it is sent. */
  send(
    row: Pick<Selectable<DB[T]>, C> & Pick<OutboxColumns, 'id' | 'template' | 'attempts'>,
  ): Promise<Updateable<DB[T]> | void>;
  /** a failure not worth retrying (an invalid number): the message is given up at once */
  isPermanent?(err: unknown): boolean;
  /** the log field naming the message (`mailId`) and the two failure lines */
  log: { idField: string; gaveUp: string; retrying: string };
}

function describe(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.slice(0, 1000);
}

/**
 * Sends an outbox's messages that are due. Safe on several instances at once: a message is claimed
 * with one conditional UPDATE (setting `locked_until`), so only one worker sends it. A worker that
 * dies mid-send loses its lease, and the message is sent again later (at least once, never lost).
 * A failed message is retried with growing delays and given up after MAX_ATTEMPTS.
 */
export async function deliverDueOutbox<T extends OutboxName, C extends keyof Selectable<DB[T]> & string>(
  db: Db,
  outbox: Outbox<T, C>,
  log: FastifyBaseLogger,
  options: DeliveryOptions = {},
): Promise<DeliveryResult> {
  const rows = outboxRepository(db, outbox.table);
  const at = options.now ?? new Date();
  const nowIso = at.toISOString();
  const result: DeliveryResult = { sent: 0, retrying: 0, failed: 0 };

  const claimed = await rows.claimDue(
    nowIso,
    new Date(at.getTime() + LEASE_MS).toISOString(),
    options.batchSize ?? 20,
    outbox.columns,
  );

  for (const row of claimed.sort((a, b) => a.id - b.id)) {
    const attempts = row.attempts + 1;
    try {
      const recorded = await outbox.send(row as unknown as Parameters<typeof outbox.send>[0]);
      await rows.record(row.id, {
        status: 'sent',
        attempts,
        sent_at: new Date().toISOString(),
        locked_until: null,
        last_error: null,
        ...(recorded as Partial<OutboxColumns> | undefined),
      });
      result.sent += 1;
    } catch (err) {
      const gaveUp = attempts >= MAX_ATTEMPTS || (outbox.isPermanent?.(err) ?? false);
      await rows.record(row.id, {
        status: gaveUp ? 'failed' : 'pending',
        attempts,
        last_error: describe(err),
        locked_until: null,
        next_attempt_at: new Date(at.getTime() + retryDelayMs(attempts)).toISOString(),
      });
      const details = { err, [outbox.log.idField]: row.id, template: row.template, attempts };
      if (gaveUp) {
        result.failed += 1;
        log.error(details, outbox.log.gaveUp);
      } else {
        result.retrying += 1;
        log.warn(details, outbox.log.retrying);
      }
    }
  }
  return result;
}
