import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against a schema that is being built
type AnyDb = Kysely<any>;

/**
 * Newsletter double opt-in (docs/security.md, "Accounts, phones and privacy (round three)"): an
 * address receives the newsletter only once it followed the link e-mailed to it. `confirmed_at`
 * says when; the pending link is kept as a hash with the time it was sent. Addresses subscribed
 * before this rule keep receiving it (they count as confirmed from when they subscribed).
 */
export async function up(db: AnyDb): Promise<void> {
  const ts = dialectOf(db) === 'postgres' ? 'timestamptz' : 'text';
  await db.schema.alterTable('newsletter_subscribers').addColumn('confirmed_at', ts).execute();
  await db.schema.alterTable('newsletter_subscribers').addColumn('confirm_token_hash', 'text').execute();
  await db.schema.alterTable('newsletter_subscribers').addColumn('confirm_sent_at', ts).execute();
  await sql`update newsletter_subscribers set confirmed_at = created_at`.execute(db);
  await db.schema
    .createIndex('newsletter_subscribers_confirm_token_idx')
    .on('newsletter_subscribers')
    .column('confirm_token_hash')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('newsletter_subscribers_confirm_token_idx').ifExists().execute();
  for (const column of ['confirm_sent_at', 'confirm_token_hash', 'confirmed_at']) {
    await db.schema.alterTable('newsletter_subscribers').dropColumn(column).execute();
  }
}
