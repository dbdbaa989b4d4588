import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against a schema that is being built
type AnyDb = Kysely<any>;

/**
 * Where orders come from (docs/product.md, dashboard): the source a shopper first arrived with
 * (a share link's `?src=wa`, a `utm_source`, or the site that sent them) is kept on the orders
 * they place, and arrivals are counted per source and Nairobi day, for the conversion rate.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('orders').addColumn('source', 'text').execute();
  await db.schema
    .createTable('source_visits')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('visits', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('source_visits_pk', ['day', 'source'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('source_visits').execute();
  await db.schema.alterTable('orders').dropColumn('source').execute();
}
