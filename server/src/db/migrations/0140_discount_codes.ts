import type { Kysely } from 'kysely';
import { dialectOf } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against a schema that is being built
type AnyDb = Kysely<any>;

/**
 * Discount codes the admin manages (docs/product.md, discount codes). Their limits are counters the
 * order's transaction moves with a conditional UPDATE (`uses < max_uses`), so two orders placed at
 * the same moment never both get a last use: one row per code for the total, one row per code and
 * customer for the per-customer limit. A redemption row per order keeps what the order was given
 * and whether its use was given back (the order was cancelled or expired unpaid).
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  const ts = pg ? 'timestamptz' : 'text';

  let codes = db.schema.createTable('discount_codes');
  codes = pg
    ? codes.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : codes.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await codes
    .addColumn('code', 'text', (c) => c.notNull())
    // the code in upper case: codes are unique whatever their case
    .addColumn('code_key', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    // percent: 1 to 100; fixed: cents
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('min_spend_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_order_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', ts)
    .addColumn('ends_at', ts)
    .addColumn('max_uses', 'integer')
    .addColumn('max_uses_per_customer', 'integer')
    .addColumn('category_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('discount_code_customers')
    .addColumn('code_id', 'integer', (c) => c.notNull().references('discount_codes.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('discount_code_customers_pk', ['code_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('discount_redemptions')
    .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('code_id', 'integer', (c) => c.notNull().references('discount_codes.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // the code's terms when the order was placed (JSON), and the discount it gave
    .addColumn('terms', 'text', (c) => c.notNull())
    .addColumn('discount_cents', 'integer', (c) => c.notNull())
    .addColumn('released_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('discount_redemptions_code_idx').on('discount_redemptions').column('code_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('discount_redemptions').execute();
  await db.schema.dropTable('discount_code_customers').execute();
  await db.schema.dropTable('discount_codes').execute();
}
