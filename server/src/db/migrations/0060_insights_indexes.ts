import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against a schema that is being built
type AnyDb = Kysely<any>;

/**
 * Indexes for the admin's dashboard and reports (docs/product.md section 12): sales are found by
 * the time they were paid, listings by the time they were made (deleted products included), and
 * the lists of orders needing attention (refunds due, open cancellation requests) stay small.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('orders_paid_at_idx')
    .on('orders')
    .column('paid_at')
    .where(sql<boolean>`paid_at is not null`)
    .execute();
  // The query repeats these conditions word for word, so SQLite can use the partial indexes.
  await db.schema
    .createIndex('orders_refund_due_idx')
    .on('orders')
    .column('payment_status')
    .where(sql<boolean>`payment_status in ('refund_due', 'partially_refunded')`)
    .execute();
  await db.schema
    .createIndex('orders_open_cancel_request_idx')
    .on('orders')
    .column('cancel_requested_at')
    .where(sql<boolean>`cancel_requested_at is not null and cancel_request_resolved_at is null`)
    .execute();
  await db.schema.createIndex('products_created_all_idx').on('products').columns(['created_at', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const name of [
    'products_created_all_idx',
    'orders_open_cancel_request_idx',
    'orders_refund_due_idx',
    'orders_paid_at_idx',
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
