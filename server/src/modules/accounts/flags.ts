import type { Executor } from '../../db/database.js';
import { userRepository } from './repository.js';

// The account flags other modules read or set: the users table is written here, by its owner.

/** Whether the account takes the new-arrivals e-mail (its opt-in lives on the users row). */
export function receivesNewArrivalsEmails(db: Executor, userId: number): Promise<boolean> {
  return userRepository(db).newArrivalsEmails(userId);
}

/** Opts the account in to (or out of) the new-arrivals e-mail. */
export function setNewArrivalsEmails(db: Executor, userId: number, on: boolean): Promise<void> {
  return userRepository(db).setNewArrivalsEmails(userId, on);
}

/** The addresses of verified customers who opted in to the new-arrivals e-mail. */
export function newArrivalsCustomerEmails(db: Executor): Promise<string[]> {
  return userRepository(db).newArrivalsAddresses();
}

/** Addresses (lower case) of accounts in a language other than English, with their language. */
export function accountLanguagesByAddress(db: Executor): Promise<Map<string, string>> {
  return userRepository(db).addressLanguages();
}

/** Whether the account with this address takes the new-arrivals e-mail. */
export function addressReceivesNewArrivals(db: Executor, address: string): Promise<boolean> {
  return userRepository(db).newArrivalsByAddress(address);
}

/** Opts the account with this address out of the new-arrivals e-mail (nothing when there is none). */
export function stopNewArrivalsEmails(db: Executor, address: string, at: string): Promise<void> {
  return userRepository(db).stopNewArrivalsByAddress(address, at);
}

/** Records that the account verified a phone by code (what pay on delivery asks for). */
export function markPhoneVerified(db: Executor, userId: number, at: string): Promise<void> {
  return userRepository(db).markPhoneVerified(userId, at);
}

/** The phone the account's checkout starts from (null: none). */
export function setDefaultPhone(db: Executor, userId: number, phone: string | null, at: string): Promise<void> {
  return userRepository(db).setDefaultPhone(userId, phone, at);
}
