import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AlertList } from './repository.js';

/**
 * One-click unsubscribe links of the shopper alerts: the token names the account and the list
 * (item alerts or cart reminders) and carries an HMAC of both, so the link works signed out and
 * cannot be made up for someone else. It stays valid; unsubscribing twice is harmless.
 * Tokens start with `a.` so the shared unsubscribe page can tell them from new-arrival tokens.
 */
const PREFIX = 'a';
const LISTS: readonly AlertList[] = ['wishlist', 'cart'];

function signature(userId: number, list: AlertList, secret: string): string {
  return createHmac('sha256', secret).update(`shopper-alerts:${list}:${userId}`).digest('base64url');
}

export function alertUnsubscribeToken(userId: number, list: AlertList, secret: string): string {
  return `${PREFIX}.${userId}.${list}.${signature(userId, list, secret)}`;
}

export function isAlertToken(token: string): boolean {
  return token.startsWith(`${PREFIX}.`);
}

/** The account and list a token was made for, or undefined when it was not signed by us. */
export function verifyAlertToken(token: string, secret: string): { userId: number; list: AlertList } | undefined {
  const [prefix, id, list, given, extra] = token.split('.');
  if (prefix !== PREFIX || !id || !list || !given || extra !== undefined) return undefined;
  if (!/^[1-9][0-9]{0,9}$/.test(id) || !LISTS.includes(list as AlertList)) return undefined;
  const userId = Number(id);
  const expected = Buffer.from(signature(userId, list as AlertList, secret));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return undefined;
  return { userId, list: list as AlertList };
}

/** The page (the shop's shared unsubscribe page) and the one-click address of an alert link. */
export function alertUnsubscribeLinks(
  appUrl: string,
  userId: number,
  list: AlertList,
  secret: string,
): { page: string; oneClick: string } {
  const query = `token=${encodeURIComponent(alertUnsubscribeToken(userId, list, secret))}`;
  return { page: `${appUrl}/unsubscribe?${query}`, oneClick: `${appUrl}/api/unsubscribe?${query}` };
}
