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

/** 0020's trigger names, which the demand triggers keep (so 0020's `down` still finds them). */
const bumpName = (table: string, event: string) => `catalogue_bump_${table}_${event.split(' ')[0]}`;
const termsName = (name: string) => `catalogue_terms_${name}`;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('catalogue_state')
    .addColumn('demand_version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('catalogue_state')
    .addColumn('terms_version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  if (dialectOf(db) === 'sqlite') {
    for (const [table, event] of DEMAND) {
      await sql.raw(`drop trigger if exists ${bumpName(table, event)}`).execute(db);
      await sql
        .raw(
          `create trigger ${bumpName(table, event)} after ${event} on ${table} begin
            update catalogue_state set demand_version = demand_version + 1 where id = 1;
          end`,
        )
        .execute(db);
    }
    for (const [table, event, name] of TERMS) {
      await sql
        .raw(
          `create trigger ${termsName(name)} after ${event} on ${table} begin
            update catalogue_state set terms_version = terms_version + 1 where id = 1;
          end`,
        )
        .execute(db);
    }
    return;
  }

  // One function per counter, each bumping once per transaction (its own setting says it did).
  for (const [fn, column] of [
    ['catalogue_bump_demand', 'demand_version'],
    ['catalogue_bump_terms', 'terms_version'],
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
  const constraintTrigger = (name: string, event: string, table: string, fn: string) =>
    sql
      .raw(
        `create constraint trigger ${name} after ${event} on ${table}
          deferrable initially deferred for each row execute function ${fn}()`,
      )
      .execute(db);
  for (const [table, event] of DEMAND) {
    await sql.raw(`drop trigger if exists ${bumpName(table, event)} on ${table}`).execute(db);
    await constraintTrigger(bumpName(table, event), event, table, 'catalogue_bump_demand');
  }
  for (const [table, event, name] of TERMS) {
    await constraintTrigger(termsName(name), event, table, 'catalogue_bump_terms');
  }
}

export async function down(db: AnyDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  for (const [table, , name] of TERMS) {
    await sql.raw(`drop trigger if exists ${termsName(name)}${postgres ? ` on ${table}` : ''}`).execute(db);
  }
  for (const [table, event] of DEMAND) {
    await sql.raw(`drop trigger if exists ${bumpName(table, event)}${postgres ? ` on ${table}` : ''}`).execute(db);
    if (postgres) {
      await sql
        .raw(
          `create constraint trigger ${bumpName(table, event)} after ${event} on ${table}
            deferrable initially deferred for each row execute function catalogue_bump()`,
        )
        .execute(db);
    } else {
      await sql
        .raw(
          `create trigger ${bumpName(table, event)} after ${event} on ${table} begin
            update catalogue_state set version = version + 1 where id = 1;
          end`,
        )
        .execute(db);
    }
  }
  if (postgres) {
    await sql`drop function if exists catalogue_bump_demand()`.execute(db);
    await sql`drop function if exists catalogue_bump_terms()`.execute(db);
  }
  await db.schema.alterTable('catalogue_state').dropColumn('terms_version').execute();
  await db.schema.alterTable('catalogue_state').dropColumn('demand_version').execute();
}
