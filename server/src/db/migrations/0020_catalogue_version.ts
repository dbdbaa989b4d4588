import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against a schema that is being built
type AnyDb = Kysely<any>;

/**
 * `catalogue_state`, a few rows that the database itself keeps up to date (docs/performance.md);
 * what counts is each column's sum over the rows:
 *
 * - `version` goes up in the same transaction as any write that a public catalogue reply shows:
 *   products (stock included), their images and category links, categories, reviews and the
 *   reviewer's name, and the demand that ranks trending products (order lines, order status,
 *   wishlist adds). Cached replies are keyed by it, so whichever code makes the write (admin
 *   forms, order placement, the reservation sweeper, cancellations) no cached reply outlives it.
 * - `live_products` counts the products that are not soft-deleted, so the unfiltered listing
 *   never counts rows per request.
 *
 * SQLite gets row triggers (it has one writer at a time anyway); PostgreSQL bumps once per
 * transaction, at commit (see below).
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

/**
 * Rows of catalogue_state: the version is the sum of their versions, the count the sum of their
 * counts. SQLite writes row 1 only; on PostgreSQL a transaction writes the row its id picks, so
 * commits rarely queue on one row lock.
 */
const SLOTS = 16;

const triggerName = (table: string, event: string) => `catalogue_bump_${table}_${event.split(' ')[0]}`;

const SQLITE_PRODUCT_TRIGGERS = ['insert', 'update', 'delete'].map((event) => `catalogue_bump_products_${event}`);

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('catalogue_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('live_products', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into catalogue_state (id, version, live_products)
    select 1, 1, count(*) from products where deleted_at is null`.execute(db);
  for (let slot = 2; slot <= SLOTS; slot++) {
    await sql`insert into catalogue_state (id, version, live_products) values (${slot}, 0, 0)`.execute(db);
  }

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

  // PostgreSQL: the bump waits for COMMIT (a deferred constraint trigger, once per transaction),
  // so a row of catalogue_state is locked only at the very end of a transaction that already
  // holds every product row it needs: it can never deadlock on it, and with the rows spread by
  // transaction id, concurrent orders seldom wait for each other's commit. Row triggers add up the live-products change meanwhile in a
  // transaction-local setting, which the bump applies.
  await sql`create function catalogue_bump() returns trigger language plpgsql as $$
    declare
      tx text := txid_current()::text;
      delta bigint;
    begin
      if current_setting('mtumba.catalogue_bumped', true) = tx then
        return null;
      end if;
      perform set_config('mtumba.catalogue_bumped', tx, true);
      delta := coalesce(nullif(current_setting('mtumba.live_products_delta', true), ''), '0')::bigint;
      perform set_config('mtumba.live_products_delta', '0', true);
      update catalogue_state set version = version + 1, live_products = live_products + delta
        where id = 1 + (txid_current() % ${sql.raw(String(SLOTS))});
      return null;
    end $$`.execute(db);
  await sql`create function catalogue_count_products() returns trigger language plpgsql as $$
    declare
      change bigint := 0;
    begin
      if tg_op in ('INSERT', 'UPDATE') and new.deleted_at is null then
        change := change + 1;
      end if;
      if tg_op in ('UPDATE', 'DELETE') and old.deleted_at is null then
        change := change - 1;
      end if;
      if change <> 0 then
        perform set_config('mtumba.live_products_delta',
          (coalesce(nullif(current_setting('mtumba.live_products_delta', true), ''), '0')::bigint + change)::text, true);
      end if;
      return null;
    end $$`.execute(db);
  const constraintTrigger = (name: string, events: string, table: string) =>
    sql
      .raw(
        `create constraint trigger ${name} after ${events} on ${table}
          deferrable initially deferred for each row execute function catalogue_bump()`,
      )
      .execute(db);
  for (const [table, event] of BUMPED) await constraintTrigger(triggerName(table, event), event, table);
  await constraintTrigger('catalogue_bump_products', 'insert or update or delete', 'products');
  await sql`create trigger catalogue_count_products after insert or update or delete on products
    for each row execute function catalogue_count_products()`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  for (const [table, event] of BUMPED) {
    await sql.raw(`drop trigger if exists ${triggerName(table, event)}${postgres ? ` on ${table}` : ''}`).execute(db);
  }
  if (postgres) {
    await sql`drop trigger if exists catalogue_bump_products on products`.execute(db);
    await sql`drop trigger if exists catalogue_count_products on products`.execute(db);
    await sql`drop function if exists catalogue_count_products()`.execute(db);
    await sql`drop function if exists catalogue_bump()`.execute(db);
  } else {
    for (const name of SQLITE_PRODUCT_TRIGGERS) await sql.raw(`drop trigger if exists ${name}`).execute(db);
  }
  await db.schema.dropTable('catalogue_state').ifExists().execute();
}
