import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Pay-link tokens (docs/architecture.md section 18): `{orderId}.{expiry in Unix seconds}.{signature}`,
 * the signature an HMAC-SHA256 of the order id and expiry with a key derived from the app's secret.
 * Nothing secret is stored: the order keeps only the expiry (`orders.pay_link_expires_at`), and a
 * token counts only while it names that expiry, so a link made for one order (or with a changed
 * id or date) is refused.
 */

const TOKEN_PATTERN = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

function signature(secret: string, orderId: number, expSeconds: number): Buffer {
  return createHmac('sha256', secret).update(`mtumba pay link:${orderId}:${expSeconds}`).digest();
}

export function signPayLink(secret: string, orderId: number, expiresAt: string): string {
  const exp = Math.floor(Date.parse(expiresAt) / 1000);
  return `${orderId}.${exp}.${signature(secret, orderId, exp).toString('base64url')}`;
}

export type PayLinkCheck =
  { ok: true; orderId: number; expiresAt: string } | { ok: false; reason: 'malformed' | 'tampered' };

/** Reads a token: its order and expiry when the signature holds (the expiry itself is the caller's to check). */
export function readPayLink(secret: string, token: string): PayLinkCheck {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return { ok: false, reason: 'malformed' };
  const orderId = Number(match[1]);
  const exp = Number(match[2]);
  const given = Buffer.from(match[3]!, 'base64url');
  const expected = signature(secret, orderId, exp);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'tampered' };
  return { ok: true, orderId, expiresAt: new Date(exp * 1000).toISOString() };
}

/** The expiry stored on the order, in whole seconds so the token names it exactly. */
export function payLinkExpiry(fromMs: number, hours: number): string {
  return new Date(Math.floor(fromMs / 1000) * 1000 + hours * 3600 * 1000).toISOString();
}
