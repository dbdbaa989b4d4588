import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { SmsOutboxTable } from '../../db/schema.js';

/** The sms_outbox table's writes (delivery itself: lib/outbox-delivery.ts). */
export function smsOutboxRepository(db: Executor) {
  return {
    async insert(row: Insertable<SmsOutboxTable>): Promise<void> {
      await db.insertInto('sms_outbox').values(row).execute();
    },
  };
}
