import type { Executor } from '../../db/database.js';
import { subscriberRepository } from './repository.js';

/** The newsletter's confirmed, still subscribed addresses (the new-arrivals drop's list). */
export function confirmedSubscriberEmails(db: Executor): Promise<string[]> {
  return subscriberRepository(db).confirmedEmails();
}

/** Whether the address is a confirmed, still subscribed newsletter subscriber. */
export function isConfirmedSubscriber(db: Executor, address: string): Promise<boolean> {
  return subscriberRepository(db).isConfirmed(address);
}

/** Unsubscribes the address from the newsletter (nothing when it is not subscribed). */
export function unsubscribeSubscriber(db: Executor, address: string, at: string): Promise<void> {
  return subscriberRepository(db).unsubscribeAddress(address, at);
}
