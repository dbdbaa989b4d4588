import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against a schema that is being built
type AnyDb = Kysely<any>;

/**
 * Listing and new-arrival drops (docs/architecture.md section 16):
 *
 * - products get a publish state: `status` draft | scheduled | published (every existing product
 *   is published), `publish_at` (the scheduled time), `published_at`, and the drop bookkeeping
 *   `announce_after` (set when a product is published through the shop, so a drop e-mail may
 *   include it from then on) and `announced_at` (the drop that announced it; existing products
 *   count as announced);
 * - `catalogue_state.live_products` now counts published products only (the listing's total);
 * - `drops` and `drop_recipients`: one row per e-mail of one drop, so no address gets a drop twice;
 * - `saved_searches` and `saved_search_alerts` (one alert per customer and product);
 * - newsletter subscribers can unsubscribe, customers opt in to drop e-mails, and outbox messages
 *   carry extra headers (List-Unsubscribe).
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  const ts = pg ? 'timestamptz' : 'text';
  const id = pg
    ? (t: ReturnType<AnyDb['schema']['createTable']>) =>
        t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : (t: ReturnType<AnyDb['schema']['createTable']>) =>
        t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await db.schema
    .alterTable('products')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('published'))
    .execute();
  await db.schema.alterTable('products').addColumn('publish_at', ts).execute();
  await db.schema.alterTable('products').addColumn('published_at', ts).execute();
  await db.schema.alterTable('products').addColumn('announce_after', ts).execute();
  await db.schema.alterTable('products').addColumn('announced_at', ts).execute();
  await sql`update products set published_at = created_at, announced_at = created_at`.execute(db);
  await db.schema
    .createIndex('products_scheduled_idx')
    .on('products')
    .column('publish_at')
    .where(sql<boolean>`status = 'scheduled'`)
    .execute();
  await db.schema
    .createIndex('products_unannounced_idx')
    .on('products')
    .column('announce_after')
    .where(sql<boolean>`announced_at is null and announce_after is not null`)
    .execute();

  await countPublishedOnly(db, pg);

  await db.schema.alterTable('newsletter_subscribers').addColumn('unsubscribed_at', ts).execute();
  await db.schema
    .alterTable('users')
    .addColumn('new_arrivals_emails', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('mail_outbox').addColumn('headers', 'text').execute();

  await id(db.schema.createTable('drops'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('product_ids', 'text', (c) => c.notNull())
    .addColumn('recipient_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('drop_recipients')
    .addColumn('drop_id', 'integer', (c) => c.notNull().references('drops.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('drop_recipients_pk', ['drop_id', 'email'])
    .execute();

  await id(db.schema.createTable('saved_searches'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('cascade'))
    .addColumn('q', 'text')
    .addColumn('size', 'text')
    .addColumn('max_price_cents', 'integer')
    /** the criteria, normalised: one customer cannot save the same search twice */
    .addColumn('criteria_key', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('saved_searches_user_key_idx')
    .on('saved_searches')
    .columns(['user_id', 'criteria_key'])
    .unique()
    .execute();
  await db.schema
    .createTable('saved_search_alerts')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('saved_search_id', 'integer', (c) => c.references('saved_searches.id').onDelete('set null'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('saved_search_alerts_pk', ['user_id', 'product_id'])
    .execute();
  await db.schema
    .createIndex('saved_search_alerts_search_idx')
    .on('saved_search_alerts')
    .column('saved_search_id')
    .execute();
}

/** Rewrites the live-products counting of migration 0020 so that drafts and scheduled items do not count. */
async function countPublishedOnly(db: AnyDb, pg: boolean): Promise<void> {
  const shown = (row: 'new' | 'old') => `(${row}.deleted_at is null and ${row}.status = 'published')`;
  if (pg) {
    await sql
      .raw(
        `create or replace function catalogue_count_products() returns trigger language plpgsql as $$
    declare
      change bigint := 0;
    begin
      if tg_op in ('INSERT', 'UPDATE') and ${shown('new')} then
        change := change + 1;
      end if;
      if tg_op in ('UPDATE', 'DELETE') and ${shown('old')} then
        change := change - 1;
      end if;
      if change <> 0 then
        perform set_config('mtumba.live_products_delta',
          (coalesce(nullif(current_setting('mtumba.live_products_delta', true), ''), '0')::bigint + change)::text, true);
      end if;
      return null;
    end $$`,
      )
      .execute(db);
  } else {
    const live = (row: 'new' | 'old') => `(case when ${shown(row)} then 1 else 0 end)`;
    const counted = {
      insert: `+ ${live('new')}`,
      update: `+ ${live('new')} - ${live('old')}`,
      delete: `- ${live('old')}`,
    };
    for (const [event, change] of Object.entries(counted)) {
      await sql.raw(`drop trigger if exists catalogue_bump_products_${event}`).execute(db);
      await sql
        .raw(
          `create trigger catalogue_bump_products_${event} after ${event} on products begin
            update catalogue_state set version = version + 1, live_products = live_products ${change} where id = 1;
          end`,
        )
        .execute(db);
    }
  }
  await sql`update catalogue_state set live_products = case when id = 1 then
      (select count(*) from products where deleted_at is null and status = 'published') else 0 end`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['saved_search_alerts', 'saved_searches', 'drop_recipients', 'drops']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.alterTable('mail_outbox').dropColumn('headers').execute();
  await db.schema.alterTable('users').dropColumn('new_arrivals_emails').execute();
  await db.schema.alterTable('newsletter_subscribers').dropColumn('unsubscribed_at').execute();
  await db.schema.dropIndex('products_unannounced_idx').ifExists().execute();
  await db.schema.dropIndex('products_scheduled_idx').ifExists().execute();
  for (const column of ['announced_at', 'announce_after', 'published_at', 'publish_at', 'status']) {
    await db.schema.alterTable('products').dropColumn(column).execute();
  }
}
