import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against a schema that is being built
type AnyDb = Kysely<any>;

/** The price before a reduction, set by the admin; the shop shows "Hot Deal" when it is above the price. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('products').addColumn('compare_at_price_cents', 'integer').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('products').dropColumn('compare_at_price_cents').execute();
}
