import { createHmac, timingSafeEqual } from 'node:crypto';
import { now, type Executor } from '../../db/database.js';
import { addressReceivesNewArrivals, stopNewArrivalsEmails } from '../accounts/flags.js';
import { isConfirmedSubscriber, unsubscribeSubscriber } from '../newsletter/subscribers.js';

/**
 * One-click unsubscribe links for new-arrival e-mails: the token is the address and an HMAC of
 * it, so the link works signed out and cannot be made up for someone else's address. It stays
 * valid (unsubscribing twice is harmless); nothing is stored to check it.
 */
export function unsubscribeToken(email: string, secret: string): string {
  const address = email.toLowerCase();
  return `${Buffer.from(address).toString('base64url')}.${signature(address, secret)}`;
}

function signature(address: string, secret: string): string {
  return createHmac('sha256', secret).update(`new-arrivals:${address}`).digest('base64url');
}

/** The address a token was made for, or undefined when it was not signed by us. */
export function verifyUnsubscribeToken(token: string, secret: string): string | undefined {
  const [encoded, given, extra] = token.split('.');
  if (!encoded || !given || extra !== undefined) return undefined;
  const address = Buffer.from(encoded, 'base64url').toString('utf8');
  if (!address.includes('@') || address !== address.toLowerCase()) return undefined;
  const expected = Buffer.from(signature(address, secret));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return undefined;
  return address;
}

/** `wanjiku@example.com` → `wa*****@example.com`: the page shows whose address without spelling it out. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  const shown = local.slice(0, Math.min(2, Math.max(1, local.length - 1)));
  return `${shown}${'*'.repeat(Math.max(1, local.length - shown.length))}${address.slice(at)}`;
}

export function unsubscribeLinks(appUrl: string, token: string): { page: string; oneClick: string } {
  const query = `token=${encodeURIComponent(token)}`;
  return { page: `${appUrl}/unsubscribe?${query}`, oneClick: `${appUrl}/api/unsubscribe?${query}` };
}

/** Whether new-arrival e-mails still go to the address (as a subscriber or an opted-in customer). */
export async function receivesNewArrivals(db: Executor, address: string): Promise<boolean> {
  const [subscriber, customer] = await Promise.all([
    isConfirmedSubscriber(db, address),
    addressReceivesNewArrivals(db, address),
  ]);
  return subscriber || customer;
}

/** Stops new-arrival e-mails to the address, whichever way it was signed up. */
export async function unsubscribeAddress(db: Executor, address: string): Promise<void> {
  const at = now();
  await unsubscribeSubscriber(db, address, at);
  await stopNewArrivalsEmails(db, address, at);
}
