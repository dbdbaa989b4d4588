import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../database.js';
import { writeSqliteProductTriggers as writeTriggersOf0170 } from './0170_catalogue_versions.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against a schema that is being built
type AnyDb = Kysely<any>;

/**
 * New arrivals get a counter of their own, `catalogue_state.arrivals_version`, and each category
 * one in `category_arrivals`, so that a drop no longer sends every kept product page back to the
 * database.
 *
 * A product going on sale (draft or scheduled to published, nothing else changed but the publish
 * columns and `updated_at`: the listing job's publication of a drop, or the admin's) raises
 * `arrivals_version` instead of `version`, and the counter of each of its categories. Lists,
 * search, the home page and everything else kept by the catalogue version are kept by the sum of
 * both, as before. A product page shows one other kind of product that a new arrival can change:
 * its related items, drawn from the product's own categories. So a kept product page stays
 * current through an arrival in a category it does not belong to, and is drawn again after one in
 * its own. Until now the 20 items of a drop sent each of the 200 kept product pages back to the
 * database for its six or seven queries, all in the second the crowd arrives.
 *
 * Every other change of a product raises `version` as before; so does a product put on sale with
 * another change in the same update (a price, say). A change of only the columns no reply shows
 * (the drop e-mail's bookkeeping) raises none.
 */

/** Columns a publication sets besides `status`: a change of only these and `status` is an arrival. */
const PUBLISH_COLUMNS = ['status', 'published_at', 'publish_at', 'announce_after', 'updated_at'];
/**
 * Columns no public reply shows: when a drop e-mail may name the product, and when one did. The
 * drop e-mail's claim of its products changes only these, right after a drop goes on sale, and
 * until now it raised `version`: every kept page was read again just as the e-mail's crowd came.
 */
const UNSHOWN_COLUMNS = ['announced_at', 'announce_after'];
/** The columns of products whose change alone is a stock change (as in 0170). */
const STOCK_COLUMNS = ['stock_quantity', 'updated_at'];
const SLOTS = 16;

/** Raises the counter of each category of the product in `row` (one row per category, made on its first arrival). */
const bumpCategories = (row: string, excluded: string) => `insert into category_arrivals (category_id, version)
  select category_id, 1 from product_categories where product_id = ${row}.id
  on conflict (category_id) do update set version = ${excluded}.version + 1`;

/** SQLite's test that the columns but `except` are unchanged, listed from the table as it is now. */
async function sqliteSameBut(db: AnyDb, except: string[]): Promise<string> {
  const { rows } = await sql<{ name: string }>`select name from pragma_table_info('products')`.execute(db);
  return rows
    .filter((r) => !except.includes(r.name))
    .map((r) => `new."${r.name}" is old."${r.name}"`)
    .join(' and ');
}

/**
 * SQLite's update triggers of products: a stock-only update raises `stock_version`, a product
 * going on sale `arrivals_version` and its categories' counters, one of only unshown columns
 * nothing, any other update `version`; the arrivals and `version` triggers keep the live-products
 * count. The conditions list the table's columns: a migration adding a column to products calls
 * this again (`catalogue-versions.test.ts` fails otherwise).
 */
export async function writeSqliteProductTriggers(db: AnyDb): Promise<void> {
  const stockOnly = `(${await sqliteSameBut(db, STOCK_COLUMNS)} and new.stock_quantity is not old.stock_quantity
    and not (old.stock_quantity <= 0 and new.stock_quantity > 0))`;
  const arrival = `(${await sqliteSameBut(db, PUBLISH_COLUMNS)} and old.status is not 'published'
    and new.status = 'published' and new.deleted_at is null)`;
  const unshown = `(${await sqliteSameBut(db, UNSHOWN_COLUMNS)})`;
  const shown = (row: 'new' | 'old') =>
    `(case when ${row}.deleted_at is null and ${row}.status = 'published' then 1 else 0 end)`;
  for (const name of [
    'catalogue_bump_products_update',
    'catalogue_stock_products_update',
    'catalogue_arrivals_products_update',
  ]) {
    await sql.raw(`drop trigger if exists ${name}`).execute(db);
  }
  const triggers = [
    `create trigger catalogue_bump_products_update after update on products
      when not ${stockOnly} and not ${arrival} and not ${unshown} begin
        update catalogue_state set version = version + 1,
          live_products = live_products + ${shown('new')} - ${shown('old')} where id = 1;
      end`,
    `create trigger catalogue_stock_products_update after update on products when ${stockOnly} begin
        update catalogue_state set stock_version = stock_version + 1 where id = 1;
      end`,
    `create trigger catalogue_arrivals_products_update after update on products when ${arrival} begin
        update catalogue_state set arrivals_version = arrivals_version + 1, live_products = live_products + 1
          where id = 1;
        ${bumpCategories('new', 'category_arrivals')};
      end`,
  ];
  for (const trigger of triggers) await sql.raw(trigger).execute(db);
}

/** PostgreSQL's test that the row, without `columns`, is unchanged (so columns added later count). */
const pgSameBut = (columns: string[]) => {
  const without = (row: string) => `(to_jsonb(${row})${columns.map((c) => ` - '${c}'`).join('')})`;
  return `${without('old')} = ${without('new')}`;
};
const PG_STOCK_ONLY = `(${pgSameBut(STOCK_COLUMNS)}
  and new.stock_quantity is distinct from old.stock_quantity
  and not (old.stock_quantity <= 0 and new.stock_quantity > 0))`;
const PG_UNSHOWN = `(${pgSameBut(UNSHOWN_COLUMNS)})`;
const PG_ARRIVAL = `(${pgSameBut(PUBLISH_COLUMNS)}
  and old.status is distinct from 'published' and new.status = 'published' and new.deleted_at is null)`;

/** A PostgreSQL trigger that runs `fn` at commit, once per row written (as 0170's). */
const pgCommitTrigger = (db: AnyDb, name: string, fn: string, when: string) =>
  sql
    .raw(
      `create constraint trigger ${name} after update on products
        deferrable initially deferred for each row when ${when} execute function ${fn}()`,
    )
    .execute(db);

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('catalogue_state')
    .addColumn('arrivals_version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // A category's row is removed with it; its products' pages are drawn again then anyway (`version`).
  await db.schema
    .createTable('category_arrivals')
    .addColumn('category_id', 'integer', (c) => c.primaryKey().references('categories.id').onDelete('cascade'))
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  if (dialectOf(db) === 'sqlite') {
    await writeSqliteProductTriggers(db);
    return;
  }
  // At commit, once per product put on sale: its categories' counters; once per transaction the
  // arrivals version, with the live-products change the row triggers gathered (as 0020's
  // catalogue_bump does: whichever of the two runs first in a transaction applies it).
  await sql
    .raw(
      `create function catalogue_bump_arrivals() returns trigger language plpgsql as $$
      declare
        tx text := txid_current()::text;
        delta bigint;
      begin
        ${bumpCategories('new', 'category_arrivals')};
        if current_setting('mtumba.catalogue_arrivals', true) = tx then
          return null;
        end if;
        perform set_config('mtumba.catalogue_arrivals', tx, true);
        delta := coalesce(nullif(current_setting('mtumba.live_products_delta', true), ''), '0')::bigint;
        perform set_config('mtumba.live_products_delta', '0', true);
        update catalogue_state set arrivals_version = arrivals_version + 1, live_products = live_products + delta
          where id = 1 + (txid_current() % ${SLOTS});
        return null;
      end $$`,
    )
    .execute(db);
  await sql`drop trigger if exists catalogue_bump_products_update on products`.execute(db);
  await pgCommitTrigger(
    db,
    'catalogue_bump_products_update',
    'catalogue_bump',
    `(not ${PG_STOCK_ONLY} and not ${PG_ARRIVAL} and not ${PG_UNSHOWN})`,
  );
  await pgCommitTrigger(db, 'catalogue_arrivals_products_update', 'catalogue_bump_arrivals', PG_ARRIVAL);
}

export async function down(db: AnyDb): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    await sql`drop trigger if exists catalogue_arrivals_products_update`.execute(db);
    await writeTriggersOf0170(db);
  } else {
    await sql`drop trigger if exists catalogue_arrivals_products_update on products`.execute(db);
    await sql`drop trigger if exists catalogue_bump_products_update on products`.execute(db);
    await pgCommitTrigger(db, 'catalogue_bump_products_update', 'catalogue_bump', `(not ${PG_STOCK_ONLY})`);
    await sql`drop function if exists catalogue_bump_arrivals()`.execute(db);
  }
  // What arrived until now counts in `version` again, which then never goes down.
  await sql`update catalogue_state set version = version + arrivals_version`.execute(db);
  await db.schema.dropTable('category_arrivals').execute();
  await db.schema.alterTable('catalogue_state').dropColumn('arrivals_version').execute();
}
