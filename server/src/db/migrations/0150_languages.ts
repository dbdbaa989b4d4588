import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against a schema that is being built
type AnyDb = Kysely<any>;

/**
 * Kiswahili and English (docs/architecture.md, i18n on the server): the language a customer chose
 * for their account, and the language each order was placed in. E-mails and texts go out in the
 * account's language, and those about an order in the order's. Every existing row is English.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('language').execute();
  await db.schema.alterTable('users').dropColumn('language').execute();
}
