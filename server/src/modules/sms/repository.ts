import { sql, type Insertable } from 'kysely';
import { dialectOf, type Executor } from '../../db/database.js';
import type { PhoneVerificationsTable } from '../../db/schema.js';

/** The phone_verifications table: one row per code sent, marked when its code is confirmed. */
export function phoneVerificationRepository(db: Executor) {
  return {
    /** The latest phone this customer verified, or undefined. */
    async latestVerifiedPhone(userId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('phone_verifications')
        .select('phone')
        .where('user_id', '=', userId)
        .where('verified_at', 'is not', null)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.phone;
    },

    /** The other accounts whose latest verified phone is `phone`. */
    async holders(phone: string, exceptUserId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('phone_verifications as v')
        .select('v.user_id')
        .distinct()
        .where('v.phone', '=', phone)
        .where('v.verified_at', 'is not', null)
        .where('v.user_id', '!=', exceptUserId)
        .where((eb) =>
          eb(
            'v.id',
            '=',
            eb
              .selectFrom('phone_verifications as latest')
              .select((l) => l.fn.max('latest.id').as('id'))
              .whereRef('latest.user_id', '=', 'v.user_id')
              .where('latest.verified_at', 'is not', null),
          ),
        )
        .execute();
      return rows.map((r) => r.user_id);
    },

    /** When the customer's latest code was sent, if ever. */
    async lastSentAt(userId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('phone_verifications')
        .select('created_at')
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.created_at;
    },

    async insert(values: Insertable<PhoneVerificationsTable>): Promise<void> {
      await db.insertInto('phone_verifications').values(values).execute();
    },

    /** The customer's latest code not confirmed yet. */
    latestPending(userId: number) {
      return db
        .selectFrom('phone_verifications')
        .selectAll()
        .where('user_id', '=', userId)
        .where('verified_at', 'is', null)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** Counts one guess (a conditional UPDATE); false when the allowance is used up or the code confirmed. */
    async countAttempt(id: number, maxAttempts: number): Promise<boolean> {
      const counted = await db
        .updateTable('phone_verifications')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where('attempts', '<', maxAttempts)
        .where('verified_at', 'is', null)
        .executeTakeFirst();
      return Number(counted.numUpdatedRows) > 0;
    },

    async markVerified(id: number, at: string): Promise<void> {
      await db.updateTable('phone_verifications').set({ verified_at: at }).where('id', '=', id).execute();
    },

    /** Holds the phone's decision lock until the transaction ends (PostgreSQL; SQLite has one writer). */
    async lockPhone(phone: string): Promise<void> {
      if (dialectOf(db) === 'postgres') {
        await sql`select pg_advisory_xact_lock(hashtext(${`phone:${phone}`}))`.execute(db);
      }
    },
  };
}
