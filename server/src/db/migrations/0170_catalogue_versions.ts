import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against a schema that is being built
type AnyDb = Kysely<any>;

/**
 * Two more counters in `catalogue_state` (migration 0020), so that a cached reply is dropped only
 * by the writes it shows:
 *
 * - `demand_version` takes over the demand writes (order lines, order status, wishlist adds):
 *   only the trending list ranks by them. Until now every order, payment and wishlist tap raised
 *   the one catalogue version and emptied every cache of the catalogue; during a sale that was
 *   several times a second. Order placement still raises `version` through the stock it takes.
 * - `terms_version` goes up with the words search reads as categories, brands, sizes and colours:
 *   categories, and products added, removed or changed in those columns. The search vocabulary
 *   is kept by it instead of being read from every product on every search.
 *
 * - `stock_version` takes over the updates of a product that change its stock and nothing else,
 *   without bringing it back into stock (a sale, a reservation, a smaller count): such a write
 *   changes what a reply shows only if the reply shows that product, so a kept product page is
 *   checked against its products' stock (one query) instead of being built again. Lists, search
 *   and the home page are kept by it as by `version`. A product coming back into stock, and any
 *   other change of a product, still raise `version` (a product entering the related items of
 *   others, or the lists, is a change to replies that do not show it yet).
 *
 * As with `version`, what counts is the sum over the rows. SQLite bumps per row; PostgreSQL once
 * per transaction, at commit, into the row the transaction id picks (as 0020 does).
 */

/** The writes that move to `demand_version` (they bumped `version` since 0020). */
const DEMAND: [table: string, event: string][] = [
  ['order_items', 'insert'],
  ['order_items', 'delete'],
  ['orders', 'update of order_status'],
  ['orders', 'delete'],
  ['wishlist_items', 'insert'],
  ['wishlist_items', 'delete'],
];

/** The writes that change the search vocabulary. */
const TERMS: [table: string, event: string, name: string][] = [
  ['categories', 'insert', 'categories_insert'],
  ['categories', 'update', 'categories_update'],
  ['categories', 'delete', 'categories_delete'],
  ['products', 'insert', 'products_insert'],
  ['products', 'update of brand, size, color, deleted_at', 'products_update'],
  ['products', 'delete', 'products_delete'],
];

const SLOTS = 16;

/** The columns of products whose change alone is a stock change (the rest raise `version`). */
const STOCK_COLUMNS = new Set(['stock_quantity', 'updated_at']);

/**
 * SQLite's condition (a trigger's WHEN) for an update of products that is a stock change only:
 * the stock changed, every other column but `updated_at` did not (listed from the table as it is
 * now: a later migration adding a column to products calls `writeSqliteProductTriggers` again),
 * and not back into stock. (An update of `updated_at` alone raises `version`: a kept reply is
 * checked by its products' stock, which then has not moved.)
 */
async function sqliteStockOnly(db: AnyDb): Promise<string> {
  const { rows } = await sql<{ name: string }>`select name from pragma_table_info('products')`.execute(db);
  const same = rows.filter((r) => !STOCK_COLUMNS.has(r.name)).map((r) => `new."${r.name}" is old."${r.name}"`);
  return `(${same.join(' and ')} and new.stock_quantity is not old.stock_quantity
    and not (old.stock_quantity <= 0 and new.stock_quantity > 0))`;
}

/**
 * SQLite's update triggers of products: a stock-only update raises `stock_version`, any other
 * raises `version` and keeps the live-products count (as 0070 left it). Migration 0190 replaced
 * them: after adding a column to products, call 0190's `writeSqliteProductTriggers`, not this.
 */
export async function writeSqliteProductTriggers(db: AnyDb): Promise<void> {
  const stockOnly = await sqliteStockOnly(db);
  await sql.raw('drop trigger if exists catalogue_bump_products_update').execute(db);
  await sql.raw('drop trigger if exists catalogue_stock_products_update').execute(db);
  await sqliteProductsUpdate(db, `when not ${stockOnly}`);
  await sql
    .raw(
      `create trigger catalogue_stock_products_update after update on products when ${stockOnly} begin
        update catalogue_state set stock_version = stock_version + 1 where id = 1;
      end`,
    )
    .execute(db);
}

/** PostgreSQL's condition for the same: the row as JSON without the stock columns is unchanged. */
const PG_STOCK_ONLY = `((to_jsonb(old) - 'stock_quantity' - 'updated_at') = (to_jsonb(new) - 'stock_quantity' - 'updated_at')
  and new.stock_quantity is distinct from old.stock_quantity
  and not (old.stock_quantity <= 0 and new.stock_quantity > 0))`;

/** 0020's trigger names, which the demand triggers keep (so 0020's `down` still finds them). */
const bumpName = (table: string, event: string) => `catalogue_bump_${table}_${event.split(' ')[0]}`;
const termsName = (name: string) => `catalogue_terms_${name}`;

/** A SQLite trigger that raises one counter of catalogue_state (row 1) after `event` on `table`. */
const sqliteCounterTrigger = (db: AnyDb, name: string, event: string, table: string, column: string) =>
  sql
    .raw(
      `create trigger ${name} after ${event} on ${table} begin
        update catalogue_state set ${column} = ${column} + 1 where id = 1;
      end`,
    )
    .execute(db);

/** A PostgreSQL trigger that runs `fn` at commit, once per row written (the bump runs once per transaction). */
const pgCommitTrigger = (db: AnyDb, name: string, event: string, table: string, fn: string, when = '') =>
  sql
    .raw(
      `create constraint trigger ${name} after ${event} on ${table}
        deferrable initially deferred for each row ${when} execute function ${fn}()`,
    )
    .execute(db);

/**
 * SQLite's trigger raising `version` on an update of products (those `when` picks: all of them in
 * 0070's form) and keeping the live-products count, as 0070 left it.
 */
function sqliteProductsUpdate(db: AnyDb, when: string) {
  const shown = (row: 'new' | 'old') =>
    `(case when ${row}.deleted_at is null and ${row}.status = 'published' then 1 else 0 end)`;
  return sql
    .raw(
      `create trigger catalogue_bump_products_update after update on products ${when} begin
        update catalogue_state set version = version + 1,
          live_products = live_products + ${shown('new')} - ${shown('old')} where id = 1;
      end`,
    )
    .execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('catalogue_state')
    .addColumn('demand_version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('catalogue_state')
    .addColumn('terms_version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('catalogue_state')
    .addColumn('stock_version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  if (dialectOf(db) === 'sqlite') {
    for (const [table, event] of DEMAND) {
      await sql.raw(`drop trigger if exists ${bumpName(table, event)}`).execute(db);
      await sqliteCounterTrigger(db, bumpName(table, event), event, table, 'demand_version');
    }
    for (const [table, event, name] of TERMS) {
      await sqliteCounterTrigger(db, termsName(name), event, table, 'terms_version');
    }
    await writeSqliteProductTriggers(db);
    return;
  }

  // One function per counter, each bumping once per transaction (its own setting says it did).
  for (const [fn, column] of [
    ['catalogue_bump_demand', 'demand_version'],
    ['catalogue_bump_terms', 'terms_version'],
    ['catalogue_bump_stock', 'stock_version'],
  ] as const) {
    await sql
      .raw(
        `create function ${fn}() returns trigger language plpgsql as $$
      declare
        tx text := txid_current()::text;
      begin
        if current_setting('mtumba.${fn}', true) = tx then
          return null;
        end if;
        perform set_config('mtumba.${fn}', tx, true);
        update catalogue_state set ${column} = ${column} + 1 where id = 1 + (txid_current() % ${SLOTS});
        return null;
      end $$`,
      )
      .execute(db);
  }
  for (const [table, event] of DEMAND) {
    await sql.raw(`drop trigger if exists ${bumpName(table, event)} on ${table}`).execute(db);
    await pgCommitTrigger(db, bumpName(table, event), event, table, 'catalogue_bump_demand');
  }
  for (const [table, event, name] of TERMS) {
    await pgCommitTrigger(db, termsName(name), event, table, 'catalogue_bump_terms');
  }
  // 0020's one trigger for every write of products, split: inserts and deletes, other updates,
  // and stock-only updates.
  await sql`drop trigger if exists catalogue_bump_products on products`.execute(db);
  await pgCommitTrigger(db, 'catalogue_bump_products', 'insert or delete', 'products', 'catalogue_bump');
  await pgCommitTrigger(
    db,
    'catalogue_bump_products_update',
    'update',
    'products',
    'catalogue_bump',
    `when (not ${PG_STOCK_ONLY})`,
  );
  await pgCommitTrigger(
    db,
    'catalogue_stock_products_update',
    'update',
    'products',
    'catalogue_bump_stock',
    `when ${PG_STOCK_ONLY}`,
  );
}

export async function down(db: AnyDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  if (postgres) {
    await sql`drop trigger if exists catalogue_stock_products_update on products`.execute(db);
    await sql`drop trigger if exists catalogue_bump_products_update on products`.execute(db);
    await sql`drop trigger if exists catalogue_bump_products on products`.execute(db);
    await pgCommitTrigger(db, 'catalogue_bump_products', 'insert or update or delete', 'products', 'catalogue_bump');
  } else {
    await sql`drop trigger if exists catalogue_stock_products_update`.execute(db);
    await sql`drop trigger if exists catalogue_bump_products_update`.execute(db);
    await sqliteProductsUpdate(db, '');
  }
  for (const [table, , name] of TERMS) {
    await sql.raw(`drop trigger if exists ${termsName(name)}${postgres ? ` on ${table}` : ''}`).execute(db);
  }
  for (const [table, event] of DEMAND) {
    await sql.raw(`drop trigger if exists ${bumpName(table, event)}${postgres ? ` on ${table}` : ''}`).execute(db);
    if (postgres) await pgCommitTrigger(db, bumpName(table, event), event, table, 'catalogue_bump');
    else await sqliteCounterTrigger(db, bumpName(table, event), event, table, 'version');
  }
  if (postgres) {
    await sql`drop function if exists catalogue_bump_demand()`.execute(db);
    await sql`drop function if exists catalogue_bump_terms()`.execute(db);
    await sql`drop function if exists catalogue_bump_stock()`.execute(db);
  }
  await db.schema.alterTable('catalogue_state').dropColumn('stock_version').execute();
  await db.schema.alterTable('catalogue_state').dropColumn('terms_version').execute();
  await db.schema.alterTable('catalogue_state').dropColumn('demand_version').execute();
}
