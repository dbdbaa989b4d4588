import type { Kysely } from 'kysely';
import { dialectOf } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against a schema that is being built
type AnyDb = Kysely<any>;

/**
 * Text messages (docs/architecture.md section 7): an outbox like the mail outbox, delivered with
 * retries through Africa's Talking; and one-time codes that verify a customer's phone.
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  const ts = pg ? 'timestamptz' : 'text';
  const withId = (name: string) => {
    const table = db.schema.createTable(name);
    return pg
      ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };

  await withId('sms_outbox')
    .addColumn('to_phone', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', ts, (c) => c.notNull())
    .addColumn('locked_until', ts)
    .addColumn('last_error', 'text')
    .addColumn('provider_message_id', 'text')
    .addColumn('sent_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sms_outbox_due_idx').on('sms_outbox').columns(['status', 'next_attempt_at']).execute();

  await withId('phone_verifications')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('verified_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('phone_verifications_user_idx')
    .on('phone_verifications')
    .columns(['user_id', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('phone_verifications').ifExists().execute();
  await db.schema.dropTable('sms_outbox').ifExists().execute();
}
