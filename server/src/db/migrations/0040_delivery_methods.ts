import type { Kysely } from 'kysely';
import { dialectOf } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against a schema that is being built
type AnyDb = Kysely<any>;

/** The delivery methods a fresh shop starts with (docs/product.md section 11); the admin edits them later. */
const SEEDED_METHODS = [
  {
    name: 'CBD Delivery',
    kind: 'pickup',
    fee_cents: 50_00,
    free_over_cents: 1000_00,
    zones: '[]',
    pickup_address: 'Mtumba pickup desk, Shop 14, Gikomba Market Lane, Nairobi CBD',
    pickup_hours: 'Mon–Sat 8:00–18:00',
    hold_days: 7,
    min_days: 1,
    max_days: 2,
    note: 'Pick up in the city centre; bring your order number.',
    sort_order: 10,
  },
  {
    name: 'Nairobi doorstep delivery',
    kind: 'doorstep',
    fee_cents: 250_00,
    free_over_cents: 5000_00,
    zones: JSON.stringify([
      { name: 'CBD and Upper Hill', fee_cents: 150_00 },
      { name: 'Westlands, Kilimani and Lavington', fee_cents: 250_00 },
      { name: 'Kileleshwa, Parklands and Ngara', fee_cents: 250_00 },
      { name: 'Eastlands (Buruburu, Donholm, Umoja)', fee_cents: 300_00 },
      { name: 'South B, South C and Langata', fee_cents: 300_00 },
      { name: 'Kasarani, Roysambu and Thika Road', fee_cents: 350_00 },
      { name: 'Rongai, Kitengela and Ruiru', fee_cents: 450_00 },
    ]),
    pickup_address: null,
    pickup_hours: null,
    hold_days: null,
    min_days: 1,
    max_days: 2,
    note: 'A rider brings it to your door and calls you on arrival.',
    sort_order: 20,
  },
  {
    name: 'Upcountry parcel (courier or matatu)',
    kind: 'courier',
    fee_cents: 350_00,
    free_over_cents: null,
    zones: '[]',
    pickup_address: null,
    pickup_hours: null,
    hold_days: null,
    min_days: 1,
    max_days: 3,
    note: "Collect it at the courier's office in your town with your ID; we text you the waybill number.",
    sort_order: 30,
  },
  {
    name: 'Paid custom delivery',
    kind: 'doorstep',
    fee_cents: 0,
    free_over_cents: null,
    zones: '[]',
    pickup_address: null,
    pickup_hours: null,
    hold_days: null,
    min_days: 1,
    max_days: 3,
    note: 'Delivered to your door; the delivery fee is agreed and paid to the rider on arrival.',
    sort_order: 40,
  },
];

/**
 * Delivery methods the admin manages, with the four a shop starts with; the delivery chosen for
 * each order (a copy, so later edits never change an order) and how it is paid; the customer's
 * default phone, saved addresses and (for the SMS check to come) when the phone was verified.
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  const ts = pg ? 'timestamptz' : 'text';
  const at = new Date().toISOString();

  let methods = db.schema.createTable('delivery_methods');
  methods = pg
    ? methods.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : methods.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await methods
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('fee_cents', 'integer', (c) => c.notNull())
    .addColumn('free_over_cents', 'integer')
    .addColumn('zones', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('pickup_address', 'text')
    .addColumn('pickup_hours', 'text')
    .addColumn('hold_days', 'integer')
    .addColumn('min_days', 'integer', (c) => c.notNull())
    .addColumn('max_days', 'integer', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('delivery_methods_active_idx')
    .on('delivery_methods')
    .columns(['is_active', 'sort_order'])
    .execute();
  await db
    .insertInto('delivery_methods')
    .values(SEEDED_METHODS.map((m) => ({ ...m, is_active: 1, created_at: at, updated_at: at })))
    .execute();

  await db.schema
    .alterTable('orders')
    .addColumn('delivery_method_id', 'integer', (c) => c.references('delivery_methods.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('orders').addColumn('delivery_details', 'text').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('payment_method', 'text', (c) => c.notNull().defaultTo('online'))
    .execute();
  await db.schema
    .createIndex('orders_user_payment_method_idx')
    .on('orders')
    .columns(['user_id', 'payment_method', 'order_status'])
    .execute();

  await db.schema.alterTable('users').addColumn('phone_verified_at', ts).execute();
  await db.schema.alterTable('users').addColumn('default_phone', 'text').execute();

  let addresses = db.schema.createTable('user_addresses');
  addresses = pg
    ? addresses.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : addresses.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await addresses
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('zone', 'text')
    .addColumn('address_line', 'text', (c) => c.notNull())
    .addColumn('landmark', 'text')
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_addresses_user_idx').on('user_addresses').columns(['user_id', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('user_addresses').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('default_phone').execute();
  await db.schema.alterTable('users').dropColumn('phone_verified_at').execute();
  await db.schema.dropIndex('orders_user_payment_method_idx').execute();
  for (const column of ['payment_method', 'delivery_details', 'delivery_method_id']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
  await db.schema.dropTable('delivery_methods').ifExists().execute();
}
