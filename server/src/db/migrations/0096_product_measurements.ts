import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against a schema that is being built
type AnyDb = Kysely<any>;

/**
 * What second-hand buyers check (docs/product.md, product page): a product's optional
 * measurements in cm (JSON text: `{"pit_to_pit": 52, "length": 70}`) and its flaw notes.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('products').addColumn('measurements', 'text').execute();
  await db.schema.alterTable('products').addColumn('flaws', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('products').dropColumn('flaws').execute();
  await db.schema.alterTable('products').dropColumn('measurements').execute();
}
