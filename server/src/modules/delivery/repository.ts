import type { Insertable, Updateable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { DeliveryMethodsTable, UserAddressesTable } from '../../db/schema.js';
import { fixedQuery } from '../../db/fixed-query.js';

/**
 * Every order placed by the shipping option's name asks this: compiled once (db/fixed-query.ts),
 * its columns named (a prepared statement's columns are fixed when PostgreSQL parses it).
 */
const methodByName = fixedQuery(
  (db, name: string) =>
    db
      .selectFrom('delivery_methods')
      .select([
        'id',
        'name',
        'kind',
        'fee_cents',
        'free_over_cents',
        'zones',
        'pickup_address',
        'pickup_hours',
        'hold_days',
        'min_days',
        'max_days',
        'note',
        'is_active',
        'sort_order',
        'created_at',
        'updated_at',
      ])
      .where('name', '=', name),
  1,
);

/** Delivery methods and the customers' saved delivery details (queries only). */
export function deliveryRepository(db: Executor) {
  return {
    listMethods(activeOnly: boolean) {
      let q = db.selectFrom('delivery_methods').selectAll();
      if (activeOnly) q = q.where('is_active', '=', 1);
      return q.orderBy('sort_order').orderBy('id').execute();
    },

    findMethod(id: number) {
      return db.selectFrom('delivery_methods').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findMethodByName(name: string) {
      return (await methodByName(db, name))[0];
    },

    insertMethod(values: Insertable<DeliveryMethodsTable>) {
      return db.insertInto('delivery_methods').values(values).returningAll().executeTakeFirstOrThrow();
    },

    updateMethod(id: number, values: Updateable<DeliveryMethodsTable>) {
      return db.updateTable('delivery_methods').set(values).where('id', '=', id).returningAll().executeTakeFirst();
    },

    addressesOf(userId: number) {
      return db
        .selectFrom('user_addresses')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('is_default', 'desc')
        .orderBy('id')
        .execute();
    },

    countAddresses(userId: number) {
      return db
        .selectFrom('user_addresses')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    },

    insertAddress(values: Insertable<UserAddressesTable>) {
      return db.insertInto('user_addresses').values(values).returningAll().executeTakeFirstOrThrow();
    },

    updateAddress(id: number, userId: number, values: Updateable<UserAddressesTable>) {
      return db
        .updateTable('user_addresses')
        .set(values)
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirst();
    },

    async deleteAddress(id: number, userId: number): Promise<boolean> {
      const r = await db
        .deleteFrom('user_addresses')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    async clearDefaultAddress(userId: number, exceptId: number): Promise<void> {
      await db
        .updateTable('user_addresses')
        .set({ is_default: 0 })
        .where('user_id', '=', userId)
        .where('id', '<>', exceptId)
        .execute();
    },

    userDeliveryFacts(userId: number) {
      return db
        .selectFrom('users')
        .select(['default_phone', 'phone_verified_at'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },
  };
}
