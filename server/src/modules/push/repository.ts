import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { PushOutboxTable } from '../../db/schema.js';

/** Outbox rows per INSERT: 10 values each, far below SQLite's and PostgreSQL's limits on a statement. */
const QUEUE_CHUNK = 500;

/** One browser's subscription as the push module stores it. */
export interface StoredSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The push_subscriptions table and the push outbox's writes (delivery itself: lib/outbox-delivery.ts). */
export function pushRepository(db: Executor) {
  return {
    /**
     * Saves a subscription, or updates the one with the same endpoint (keys and owner): the same
     * browser subscribing again, even after another account signed in on it, stays one row.
     */
    async save(userId: number, sub: StoredSubscription, at: string): Promise<void> {
      await db
        .insertInto('push_subscriptions')
        .values({ user_id: userId, ...sub, created_at: at, last_success_at: null })
        .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: userId, p256dh: sub.p256dh, auth: sub.auth }))
        .execute();
    },

    /** Keeps a user's newest `keep` subscriptions, removing older ones (a phone reinstalled many times). */
    async keepNewest(userId: number, keep: number): Promise<void> {
      const old = await db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .offset(keep)
        .limit(1000)
        .execute();
      if (old.length) {
        await db
          .deleteFrom('push_subscriptions')
          .where(
            'id',
            'in',
            old.map((r) => r.id),
          )
          .execute();
      }
    },

    /** Removes the user's own subscription with this endpoint; false when they have none such. */
    async removeOwn(userId: number, endpoint: string): Promise<boolean> {
      const result = await db
        .deleteFrom('push_subscriptions')
        .where('user_id', '=', userId)
        .where('endpoint', '=', endpoint)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async remove(id: number): Promise<void> {
      await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
    },

    findById(id: number) {
      return db
        .selectFrom('push_subscriptions')
        .select(['id', 'user_id', 'endpoint', 'p256dh', 'auth'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async hasOwn(userId: number, endpoint: string): Promise<boolean> {
      const row = await db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', userId)
        .where('endpoint', '=', endpoint)
        .executeTakeFirst();
      return row !== undefined;
    },

    async markSuccess(id: number, at: string): Promise<void> {
      await db.updateTable('push_subscriptions').set({ last_success_at: at }).where('id', '=', id).execute();
    },

    /** The subscriptions of one customer. */
    async idsOfUser(userId: number): Promise<number[]> {
      const rows = await db.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).execute();
      return rows.map((r) => r.id);
    },

    /** The subscriptions of several customers in one query, by customer (none: not in the map). */
    async idsOfUsers(userIds: readonly number[]): Promise<Map<number, number[]>> {
      const byUser = new Map<number, number[]>();
      if (userIds.length === 0) return byUser;
      const rows = await db
        .selectFrom('push_subscriptions')
        .select(['id', 'user_id'])
        .where('user_id', 'in', [...new Set(userIds)])
        .orderBy('id')
        .execute();
      for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row.id]);
      return byUser;
    },

    /** The subscriptions of every admin. */
    async idsOfAdmins(): Promise<number[]> {
      const rows = await db
        .selectFrom('push_subscriptions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select('s.id')
        .where('u.is_admin', '=', 1)
        .execute();
      return rows.map((r) => r.id);
    },

    /** Inserts outbox rows, a few hundred per statement (the databases cap a statement's values). */
    async queue(rows: Insertable<PushOutboxTable>[]): Promise<void> {
      for (let i = 0; i < rows.length; i += QUEUE_CHUNK) {
        await db
          .insertInto('push_outbox')
          .values(rows.slice(i, i + QUEUE_CHUNK))
          .execute();
      }
    },
  };
}
