import type { Kysely } from 'kysely';
import type { Db } from '../db/database.js';
import type { MailStatus } from '../db/schema.js';

export type OutboxName = 'mail_outbox' | 'sms_outbox' | 'push_outbox';

/** The columns every outbox table has, which the delivery loop reads and writes. */
export interface OutboxColumns {
  id: number;
  template: string;
  status: MailStatus;
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  sent_at: string | null;
}

/** The delivery loop's queries on an outbox table (mail_outbox, sms_outbox, push_outbox). */
export function outboxRepository(db: Db, table: OutboxName) {
  // Both tables share the columns used here; the caller's own columns are typed by `Outbox`.
  const rows = db as unknown as Kysely<Record<OutboxName, OutboxColumns>>;
  return {
    /**
     * Claims up to `limit` due messages with one conditional UPDATE (setting `locked_until` to
     * `lockedUntil`), so only one worker sends each; returns them with the `columns` asked for.
     */
    claimDue(nowIso: string, lockedUntil: string, limit: number, columns: readonly string[]) {
      return (
        rows
          .updateTable(table)
          .set({ locked_until: lockedUntil })
          .where('id', 'in', (qb) =>
            qb
              .selectFrom(table)
              .select('id')
              .where('status', '=', 'pending')
              .where('next_attempt_at', '<=', nowIso)
              .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso)]))
              .orderBy('next_attempt_at')
              .orderBy('id')
              .limit(limit),
          )
          // checked again on the row itself, so a row another worker claimed meanwhile is skipped
          .where('status', '=', 'pending')
          .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso)]))
          .returning(['id', 'template', 'attempts', ...(columns as readonly never[])])
          .execute()
      );
    },

    async record(id: number, changes: Partial<OutboxColumns>): Promise<void> {
      await rows.updateTable(table).set(changes).where('id', '=', id).execute();
    },
  };
}
