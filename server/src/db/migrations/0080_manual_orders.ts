import type { Kysely } from 'kysely';
import { dialectOf } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against a schema that is being built
type AnyDb = Kysely<any>;

/**
 * Manual orders and pay links (docs/product.md section 13): where a sale was made, the shop's own
 * discount and its reason, until when the order's pay link works (it also holds the items that
 * long); a customer's phone, so the admin finds them by it; and where the payment page sends the
 * buyer back (a pay link's page instead of the signed-in confirmation page).
 */
export async function up(db: AnyDb): Promise<void> {
  const ts = dialectOf(db) === 'postgres' ? 'timestamptz' : 'text';
  await db.schema.alterTable('orders').addColumn('sales_channel', 'text').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('shop_discount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('shop_discount_reason', 'text').execute();
  await db.schema.alterTable('orders').addColumn('pay_link_expires_at', ts).execute();
  await db.schema.createIndex('orders_shipping_phone_idx').on('orders').column('shipping_phone').execute();

  await db.schema.alterTable('users').addColumn('phone', 'text').execute();
  await db.schema.createIndex('users_phone_idx').on('users').column('phone').execute();

  await db.schema.alterTable('payments').addColumn('return_path', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('return_path').execute();
  await db.schema.dropIndex('users_phone_idx').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('phone').execute();
  await db.schema.dropIndex('orders_shipping_phone_idx').ifExists().execute();
  await db.schema.alterTable('orders').dropColumn('pay_link_expires_at').execute();
  await db.schema.alterTable('orders').dropColumn('shop_discount_reason').execute();
  await db.schema.alterTable('orders').dropColumn('shop_discount_cents').execute();
  await db.schema.alterTable('orders').dropColumn('sales_channel').execute();
}
