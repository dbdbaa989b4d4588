import type { Kysely } from 'kysely';
import { dialectOf } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against a schema that is being built
type AnyDb = Kysely<any>;

/**
 * The M-Pesa prompt (docs/architecture.md section 6): a payment is either a hosted checkout or a
 * prompt sent to a phone; a prompt keeps the phone, M-Pesa's failure code and receipt, when the
 * phone stops showing it, and when the poller next asks the provider about it (null: not polled).
 */
export async function up(db: AnyDb): Promise<void> {
  const ts = dialectOf(db) === 'postgres' ? 'timestamptz' : 'text';
  await db.schema
    .alterTable('payments')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('checkout'))
    .execute();
  await db.schema.alterTable('payments').addColumn('phone', 'text').execute();
  await db.schema.alterTable('payments').addColumn('failure_code', 'text').execute();
  await db.schema.alterTable('payments').addColumn('receipt', 'text').execute();
  await db.schema.alterTable('payments').addColumn('prompt_expires_at', ts).execute();
  await db.schema.alterTable('payments').addColumn('next_poll_at', ts).execute();
  await db.schema
    .alterTable('payments')
    .addColumn('poll_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('payments_next_poll_idx').on('payments').column('next_poll_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('payments_next_poll_idx').ifExists().execute();
  for (const column of [
    'poll_count',
    'next_poll_at',
    'prompt_expires_at',
    'receipt',
    'failure_code',
    'phone',
    'kind',
  ]) {
    await db.schema.alterTable('payments').dropColumn(column).execute();
  }
}
