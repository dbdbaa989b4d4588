import type { Executor } from '../../db/database.js';
import { now } from '../../db/database.js';

export function subscriberRepository(db: Executor) {
  return {
    /** Adds the address once; subscribing again changes nothing, except undoing an unsubscribe. */
    async subscribe(email: string): Promise<void> {
      await db
        .insertInto('newsletter_subscribers')
        .values({ email, created_at: now() })
        .onConflict((oc) =>
          oc
            .column('email')
            .doUpdateSet({ unsubscribed_at: null })
            .where('newsletter_subscribers.unsubscribed_at', 'is not', null),
        )
        .execute();
    },
  };
}
