import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';
import { dialectOf } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against a schema that is being built
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  const ts = pg ? 'timestamptz' : 'text';
  const idColumn = <T extends string>(t: CreateTableBuilder<T>) =>
    pg
      ? t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
  const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

  await idColumn(db.schema.createTable('users'))
    .addColumn('name', 'text', notNull)
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('is_admin', 'integer', zero)
    .addColumn('email_verified_at', ts)
    .addColumn('google_sub', 'text', (c) => c.unique())
    .addColumn('created_at', ts, notNull)
    .addColumn('updated_at', ts, notNull)
    .execute();

  await idColumn(db.schema.createTable('auth_tokens'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', ts, notNull)
    .addColumn('last_used_at', ts)
    .addColumn('revoked_at', ts)
    .execute();
  await db.schema.createIndex('auth_tokens_user_idx').on('auth_tokens').column('user_id').execute();

  await idColumn(db.schema.createTable('one_time_tokens'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', notNull)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', notNull)
    .addColumn('expires_at', ts, notNull)
    .addColumn('used_at', ts)
    .addColumn('created_at', ts, notNull)
    .execute();
  await db.schema
    .createIndex('one_time_tokens_user_idx')
    .on('one_time_tokens')
    .columns(['user_id', 'purpose'])
    .execute();

  await idColumn(db.schema.createTable('categories'))
    .addColumn('name', 'text', notNull)
    .addColumn('name_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', ts, notNull)
    .addColumn('updated_at', ts, notNull)
    .execute();

  await idColumn(db.schema.createTable('products'))
    .addColumn('name', 'text', notNull)
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price_cents', 'integer', notNull)
    .addColumn('stock_quantity', 'integer', zero)
    .addColumn('size', 'text')
    .addColumn('brand', 'text')
    .addColumn('condition', 'text')
    .addColumn('color', 'text')
    .addColumn('is_featured', 'integer', zero)
    .addColumn('is_trending', 'integer', zero)
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('review_count', 'integer', zero)
    .addColumn('rating_sum', 'integer', zero)
    .addColumn('created_at', ts, notNull)
    .addColumn('updated_at', ts, notNull)
    .addColumn('deleted_at', ts)
    .addCheckConstraint('products_stock_not_negative', sql`stock_quantity >= 0`)
    .addCheckConstraint('products_price_positive', sql`price_cents > 0`)
    .execute();
  // Listing only ever shows live products: partial indexes keep them small and exact.
  const live = sql<boolean>`deleted_at is null`;
  const productIndexes: [string, string[]][] = [
    ['products_newest_idx', ['created_at', 'id']],
    ['products_price_idx', ['price_cents', 'id']],
    ['products_size_idx', ['size']],
    ['products_brand_idx', ['brand']],
    ['products_condition_idx', ['condition']],
    ['products_color_idx', ['color']],
    ['products_featured_idx', ['is_featured', 'created_at']],
    ['products_trending_idx', ['is_trending']],
    ['products_stock_idx', ['stock_quantity']],
  ];
  for (const [name, columns] of productIndexes) {
    await db.schema.createIndex(name).on('products').columns(columns).where(live).execute();
  }

  await idColumn(db.schema.createTable('product_images'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', zero)
    .addColumn('file_key', 'text', notNull)
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('created_at', ts, notNull)
    .execute();
  await db.schema
    .createIndex('product_images_product_idx')
    .on('product_images')
    .columns(['product_id', 'position'])
    .execute();

  await db.schema
    .createTable('product_categories')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('product_categories_pk', ['product_id', 'category_id'])
    .execute();
  await db.schema
    .createIndex('product_categories_category_idx')
    .on('product_categories')
    .columns(['category_id', 'product_id'])
    .execute();

  await idColumn(db.schema.createTable('cart_items'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', notNull)
    .addColumn('created_at', ts, notNull)
    .addColumn('updated_at', ts, notNull)
    .addUniqueConstraint('cart_items_user_product_uq', ['user_id', 'product_id'])
    .addCheckConstraint('cart_items_quantity_positive', sql`quantity >= 1`)
    .execute();

  await idColumn(db.schema.createTable('wishlist_items'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('created_at', ts, notNull)
    .addUniqueConstraint('wishlist_items_user_product_uq', ['user_id', 'product_id'])
    .execute();
  await db.schema
    .createIndex('wishlist_items_product_recent_idx')
    .on('wishlist_items')
    .columns(['created_at', 'product_id'])
    .execute();

  await idColumn(db.schema.createTable('orders'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('order_status', 'text', notNull)
    .addColumn('payment_status', 'text', (c) => c.notNull().defaultTo('unpaid'))
    .addColumn('subtotal_cents', 'integer', notNull)
    .addColumn('discount_cents', 'integer', zero)
    .addColumn('delivery_fee_cents', 'integer', zero)
    .addColumn('total_cents', 'integer', notNull)
    .addColumn('applied_discounts', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('shipping_address', 'text', notNull)
    .addColumn('shipping_phone', 'text')
    .addColumn('discount_code', 'text')
    .addColumn('reserved_until', ts)
    .addColumn('stock_released_at', ts)
    .addColumn('cancel_requested_at', ts)
    .addColumn('paid_at', ts)
    .addColumn('created_at', ts, notNull)
    .addColumn('updated_at', ts, notNull)
    .execute();
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('orders_status_idx').on('orders').columns(['order_status', 'created_at']).execute();
  await db.schema.createIndex('orders_created_idx').on('orders').columns(['created_at']).execute();
  await db.schema
    .createIndex('orders_reservation_idx')
    .on('orders')
    .columns(['reserved_until'])
    .where(sql<boolean>`order_status = 'pending'`)
    .execute();

  await idColumn(db.schema.createTable('order_items'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('product_name', 'text', notNull)
    .addColumn('product_image_key', 'text')
    .addColumn('unit_price_cents', 'integer', notNull)
    .addColumn('quantity', 'integer', notNull)
    .execute();
  await db.schema.createIndex('order_items_order_idx').on('order_items').column('order_id').execute();
  await db.schema.createIndex('order_items_product_idx').on('order_items').column('product_id').execute();

  await idColumn(db.schema.createTable('order_history'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', notNull)
    .addColumn('actor', 'text', notNull)
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('note', 'text')
    .addColumn('created_at', ts, notNull)
    .execute();
  await db.schema
    .createIndex('order_history_order_idx')
    .on('order_history')
    .columns(['order_id', 'created_at'])
    .execute();

  await idColumn(db.schema.createTable('payments'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('provider', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('amount_cents', 'integer', notNull)
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('KES'))
    .addColumn('method', 'text')
    .addColumn('checkout_url', 'text')
    .addColumn('provider_checkout_id', 'text')
    .addColumn('provider_invoice_id', 'text')
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', ts, notNull)
    .addColumn('updated_at', ts, notNull)
    .execute();
  await db.schema.createIndex('payments_order_idx').on('payments').column('order_id').execute();
  await db.schema.createIndex('payments_invoice_idx').on('payments').column('provider_invoice_id').execute();

  await idColumn(db.schema.createTable('payment_notifications'))
    .addColumn('provider', 'text', notNull)
    .addColumn('event_key', 'text', notNull)
    .addColumn('payment_id', 'integer', (c) => c.references('payments.id').onDelete('set null'))
    .addColumn('state', 'text', notNull)
    .addColumn('payload', 'text', notNull)
    .addColumn('created_at', ts, notNull)
    .addUniqueConstraint('payment_notifications_event_uq', ['provider', 'event_key'])
    .execute();

  await idColumn(db.schema.createTable('reviews'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rating', 'integer', notNull)
    .addColumn('review_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', ts, notNull)
    .addColumn('updated_at', ts, notNull)
    .addUniqueConstraint('reviews_user_product_uq', ['user_id', 'product_id'])
    .addCheckConstraint('reviews_rating_range', sql`rating between 1 and 5`)
    .execute();
  await db.schema.createIndex('reviews_product_idx').on('reviews').columns(['product_id', 'created_at']).execute();

  await idColumn(db.schema.createTable('newsletter_subscribers'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', ts, notNull)
    .execute();

  await idColumn(db.schema.createTable('mail_outbox'))
    .addColumn('to_address', 'text', notNull)
    .addColumn('subject', 'text', notNull)
    .addColumn('html', 'text', notNull)
    .addColumn('text', 'text', notNull)
    .addColumn('template', 'text', notNull)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', zero)
    .addColumn('next_attempt_at', ts, notNull)
    .addColumn('locked_until', ts)
    .addColumn('last_error', 'text')
    .addColumn('sent_at', ts)
    .addColumn('created_at', ts, notNull)
    .execute();
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'mail_outbox',
    'newsletter_subscribers',
    'reviews',
    'payment_notifications',
    'payments',
    'order_history',
    'order_items',
    'orders',
    'wishlist_items',
    'cart_items',
    'product_categories',
    'product_images',
    'products',
    'categories',
    'one_time_tokens',
    'auth_tokens',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
