import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against a schema that is being built
type AnyDb = Kysely<any>;

/**
 * One row, `catalogue_state`, that the database itself keeps up to date (docs/performance.md):
 *
 * - `version` goes up in the same transaction as any write that a public catalogue reply shows:
 *   products (stock included), their images and category links, categories, reviews and the
 *   reviewer's name, and the demand that ranks trending products (order lines, order status,
 *   wishlist adds). Cached replies are keyed by it, so whichever code makes the write (admin
 *   forms, order placement, the reservation sweeper, cancellations) no cached reply outlives it.
 * - `live_products` counts the products that are not soft-deleted, so the unfiltered listing
 *   never counts rows per request.
 *
 * SQLite gets row triggers; PostgreSQL statement triggers (one bump per statement, the count
 * from the statement's transition tables).
 */

/** Tables (and the events on them) whose writes change what a public catalogue reply shows. */
const BUMPED: [table: string, event: string][] = [
  ['product_images', 'insert'],
  ['product_images', 'update'],
  ['product_images', 'delete'],
  ['categories', 'insert'],
  ['categories', 'update'],
  ['categories', 'delete'],
  ['product_categories', 'insert'],
  ['product_categories', 'update'],
  ['product_categories', 'delete'],
  ['reviews', 'insert'],
  ['reviews', 'update'],
  ['reviews', 'delete'],
  ['order_items', 'insert'],
  ['order_items', 'delete'],
  ['orders', 'update of order_status'],
  ['orders', 'delete'],
  ['wishlist_items', 'insert'],
  ['wishlist_items', 'delete'],
  ['users', 'update of name'],
];

const triggerName = (table: string, event: string) => `catalogue_bump_${table}_${event.split(' ')[0]}`;

const PRODUCT_TRIGGERS = ['insert', 'update', 'delete'].map((event) => `catalogue_bump_products_${event}`);

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('catalogue_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('live_products', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into catalogue_state (id, version, live_products)
    select 1, 1, count(*) from products where deleted_at is null`.execute(db);

  if (dialectOf(db) === 'sqlite') {
    const bump = 'update catalogue_state set version = version + 1 where id = 1;';
    for (const [table, event] of BUMPED) {
      await sql
        .raw(`create trigger ${triggerName(table, event)} after ${event} on ${table} begin ${bump} end`)
        .execute(db);
    }
    const live = (row: 'new' | 'old') => `(case when ${row}.deleted_at is null then 1 else 0 end)`;
    const counted = {
      insert: `+ ${live('new')}`,
      update: `+ ${live('new')} - ${live('old')}`,
      delete: `- ${live('old')}`,
    };
    for (const [event, change] of Object.entries(counted)) {
      await sql
        .raw(
          `create trigger catalogue_bump_products_${event} after ${event} on products begin
            update catalogue_state set version = version + 1, live_products = live_products ${change} where id = 1;
          end`,
        )
        .execute(db);
    }
    return;
  }

  await sql`create function catalogue_bump() returns trigger language plpgsql as $$
    begin
      update catalogue_state set version = version + 1 where id = 1;
      return null;
    end $$`.execute(db);
  for (const [table, event] of BUMPED) {
    await sql
      .raw(
        `create trigger ${triggerName(table, event)} after ${event} on ${table}
          for each statement execute function catalogue_bump()`,
      )
      .execute(db);
  }
  const liveIn = (rows: string) => `(select count(*) from ${rows} where deleted_at is null)`;
  const counted = {
    insert: { transition: 'new table as new_rows', change: `+ ${liveIn('new_rows')}` },
    update: {
      transition: 'old table as old_rows new table as new_rows',
      change: `+ ${liveIn('new_rows')} - ${liveIn('old_rows')}`,
    },
    delete: { transition: 'old table as old_rows', change: `- ${liveIn('old_rows')}` },
  };
  for (const [event, { transition, change }] of Object.entries(counted)) {
    await sql
      .raw(
        `create function catalogue_bump_products_${event}() returns trigger language plpgsql as $$
          begin
            update catalogue_state set version = version + 1, live_products = live_products ${change} where id = 1;
            return null;
          end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger catalogue_bump_products_${event} after ${event} on products
          referencing ${transition}
          for each statement execute function catalogue_bump_products_${event}()`,
      )
      .execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  for (const [table, event] of BUMPED) {
    await sql.raw(`drop trigger if exists ${triggerName(table, event)}${postgres ? ` on ${table}` : ''}`).execute(db);
  }
  for (const name of PRODUCT_TRIGGERS) {
    await sql.raw(`drop trigger if exists ${name}${postgres ? ' on products' : ''}`).execute(db);
    if (postgres) await sql.raw(`drop function if exists ${name}()`).execute(db);
  }
  if (postgres) await sql`drop function if exists catalogue_bump()`.execute(db);
  await db.schema.dropTable('catalogue_state').ifExists().execute();
}
