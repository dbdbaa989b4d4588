import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { MailOutboxTable } from '../../db/schema.js';

/** The mail_outbox table's writes and counts (delivery itself: lib/outbox-delivery.ts). */
export function mailOutboxRepository(db: Executor) {
  return {
    async insert(rows: Insertable<MailOutboxTable>[]): Promise<void> {
      if (rows.length > 0) await db.insertInto('mail_outbox').values(rows).execute();
    },

    /** How many messages are in each status (the metrics' gauge). */
    countByStatus(): Promise<{ status: string; n: number }[]> {
      return db
        .selectFrom('mail_outbox')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('status')
        .execute();
    },
  };
}
