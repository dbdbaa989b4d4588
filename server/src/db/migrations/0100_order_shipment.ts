import type { Kysely } from 'kysely';
import { dialectOf } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against a schema that is being built
type AnyDb = Kysely<any>;

/**
 * Shipping as an action (docs/product.md, "Ship an order"): who took the parcel, the courier's
 * waybill, the shop's note to the customer and when it left. All nullable: older orders have none,
 * and an order shipped by a plain status change has only `shipped_at`. The to-ship queue
 * (processing orders, oldest first) uses the existing index on (order_status, created_at).
 */
export async function up(db: AnyDb): Promise<void> {
  const ts = dialectOf(db) === 'postgres' ? 'timestamptz' : 'text';
  await db.schema.alterTable('orders').addColumn('shipping_carrier', 'text').execute();
  await db.schema.alterTable('orders').addColumn('tracking_number', 'text').execute();
  await db.schema.alterTable('orders').addColumn('shipping_note', 'text').execute();
  await db.schema.alterTable('orders').addColumn('shipped_at', ts).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('shipped_at').execute();
  await db.schema.alterTable('orders').dropColumn('shipping_note').execute();
  await db.schema.alterTable('orders').dropColumn('tracking_number').execute();
  await db.schema.alterTable('orders').dropColumn('shipping_carrier').execute();
}
