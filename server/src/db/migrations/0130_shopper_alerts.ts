import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against a schema that is being built
type AnyDb = Kysely<any>;

/**
 * Alerts that bring shoppers back (docs/product.md, Shopper alerts):
 *
 * - `users.wishlist_alert_emails` and `users.cart_reminder_emails`: the customer's opt-ins (0/1,
 *   off by default); `users.cart_reminded_at`: when the last cart reminder was claimed, so a cart
 *   that has not changed since is reminded once;
 * - `wishlist_items.alert_price_cents`: the price the price-drop alert last saw for the entry
 *   (existing entries start at today's price, so nothing old is announced);
 * - `alert_sends`: one row per item (or per cart reminder) an alert e-mail named, for "once" and
 *   the rate limits;
 * - `alert_cursors`: how far the back-on-sale alert has read the stock ledger (it starts at the
 *   ledger's end, so past releases are not announced).
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  const ts = pg ? 'timestamptz' : 'text';

  await db.schema
    .alterTable('users')
    .addColumn('wishlist_alert_emails', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('cart_reminder_emails', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('cart_reminded_at', ts).execute();
  await db.schema.alterTable('wishlist_items').addColumn('alert_price_cents', 'integer').execute();
  await sql`update wishlist_items set alert_price_cents =
      (select price_cents from products where products.id = wishlist_items.product_id)`.execute(db);

  const table = db.schema.createTable('alert_sends');
  await (
    pg
      ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sent_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alert_sends_user_idx').on('alert_sends').columns(['user_id', 'sent_at']).execute();

  await db.schema
    .createTable('alert_cursors')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('last_id', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into alert_cursors (name, last_id)
      select 'back_on_sale', coalesce(max(id), 0) from stock_movements`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('alert_cursors').ifExists().execute();
  await db.schema.dropTable('alert_sends').ifExists().execute();
  await db.schema.alterTable('wishlist_items').dropColumn('alert_price_cents').execute();
  for (const column of ['cart_reminded_at', 'cart_reminder_emails', 'wishlist_alert_emails']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
