import type { Kysely } from 'kysely';
import { dialectOf } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against a schema that is being built
type AnyDb = Kysely<any>;

/**
 * Account security (see docs/security.md): an e-mail change waits in `users.pending_email` until
 * the new address is verified; sessions remember the browser and how they were signed in; and a
 * security log of sign-ins and account and admin changes.
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  const ts = pg ? 'timestamptz' : 'text';

  await db.schema.alterTable('users').addColumn('pending_email', 'text').execute();
  await db.schema.alterTable('auth_tokens').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('auth_tokens').addColumn('signed_in_with', 'text').execute();

  let table = db.schema.createTable('security_events');
  table = pg
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await table
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('security_events_user_idx').on('security_events').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('security_events_actor_idx').on('security_events').column('actor_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('security_events').ifExists().execute();
  await db.schema.alterTable('auth_tokens').dropColumn('signed_in_with').execute();
  await db.schema.alterTable('auth_tokens').dropColumn('user_agent').execute();
  await db.schema.alterTable('users').dropColumn('pending_email').execute();
}
