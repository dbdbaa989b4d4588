import type { Executor } from '../../db/database.js';
import { now } from '../../db/database.js';
import { hashSecret, newSecret } from '../accounts/tokens.js';

/** How long a newsletter confirmation link works. */
export const CONFIRM_LINK_DAYS = 7;

export function subscriberRepository(db: Executor) {
  return {
    /** The addresses of confirmed subscribers who have not unsubscribed. */
    async confirmedEmails(): Promise<string[]> {
      const rows = await db
        .selectFrom('newsletter_subscribers')
        .select('email')
        .where('unsubscribed_at', 'is', null)
        .where('confirmed_at', 'is not', null)
        .execute();
      return rows.map((r) => r.email);
    },

    async isConfirmed(address: string): Promise<boolean> {
      const row = await db
        .selectFrom('newsletter_subscribers')
        .select('id')
        .where('email', '=', address)
        .where('unsubscribed_at', 'is', null)
        .where('confirmed_at', 'is not', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    async unsubscribeAddress(address: string, at: string): Promise<void> {
      await db
        .updateTable('newsletter_subscribers')
        .set({ unsubscribed_at: at })
        .where('email', '=', address)
        .where('unsubscribed_at', 'is', null)
        .execute();
    },

    /**
     * Records the wish to subscribe. An address that is subscribed and confirmed changes
     * nothing. Any other (new, not confirmed yet, or unsubscribed) gets a new confirmation
     * secret, returned for the e-mail, unless one was sent less than `resendMs` ago: then
     * undefined, and nothing is sent (so the form cannot be used to flood an inbox). An
     * unsubscribed address stays unsubscribed until its link is followed.
     */
    async requestSubscription(email: string, resendMs: number): Promise<string | undefined> {
      const at = now();
      await db
        .insertInto('newsletter_subscribers')
        .values({ email, created_at: at, confirmed_at: null })
        .onConflict((oc) => oc.column('email').doNothing())
        .execute();
      const row = await db
        .selectFrom('newsletter_subscribers')
        .select(['id', 'confirmed_at', 'unsubscribed_at', 'confirm_sent_at'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      if (row.confirmed_at !== null && row.unsubscribed_at === null) return undefined;
      if (row.confirm_sent_at !== null && Date.parse(at) - Date.parse(row.confirm_sent_at) < resendMs) {
        return undefined;
      }
      const secret = newSecret('nl_');
      // Conditional on the time read, so two requests at once send one e-mail.
      const claimed = await db
        .updateTable('newsletter_subscribers')
        .set({ confirm_token_hash: secret.hash, confirm_sent_at: at })
        .where('id', '=', row.id)
        .where((eb) =>
          row.confirm_sent_at === null
            ? eb('confirm_sent_at', 'is', null)
            : eb('confirm_sent_at', '=', row.confirm_sent_at),
        )
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) > 0 ? secret.plain : undefined;
    },

    /** The address of a pending, unexpired confirmation link, or undefined. */
    async pendingAddress(token: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('newsletter_subscribers')
        .select(['email', 'confirm_sent_at'])
        .where('confirm_token_hash', '=', hashSecret(token))
        .executeTakeFirst();
      if (!row?.confirm_sent_at) return undefined;
      const age = Date.now() - Date.parse(row.confirm_sent_at);
      return age <= CONFIRM_LINK_DAYS * 24 * 3600_000 ? row.email : undefined;
    },

    /** Follows a confirmation link: the address is subscribed from now on. false for an unknown, used or expired link. */
    async confirm(token: string): Promise<boolean> {
      const email = await this.pendingAddress(token);
      if (!email) return false;
      const done = await db
        .updateTable('newsletter_subscribers')
        .set({ confirmed_at: now(), unsubscribed_at: null, confirm_token_hash: null })
        .where('email', '=', email)
        .where('confirm_token_hash', '=', hashSecret(token))
        .executeTakeFirst();
      return Number(done.numUpdatedRows) > 0;
    },
  };
}
