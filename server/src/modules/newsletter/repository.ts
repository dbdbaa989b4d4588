import type { Executor } from '../../db/database.js';
import { now } from '../../db/database.js';

export function subscriberRepository(db: Executor) {
  return {
    /** Adds the address once; subscribing again changes nothing. */
    async subscribe(email: string): Promise<void> {
      await db
        .insertInto('newsletter_subscribers')
        .values({ email, created_at: now() })
        .onConflict((oc) => oc.column('email').doNothing())
        .execute();
    },
  };
}
