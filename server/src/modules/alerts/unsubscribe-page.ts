import { CART_REMINDERS_STOPPED, WISHLIST_ALERTS_STOPPED } from '@mtumba/contract/alerts';
import { now, type Executor } from '../../db/database.js';
import { alertRepository } from './repository.js';
import { isAlertToken, verifyAlertToken } from './unsubscribe.js';

export { isAlertToken };

/**
 * The shared unsubscribe page (and the one-click POST) with an alert link's token: whose address
 * (the caller masks it) and whether that list still mails it; undefined when the token is not ours or the account is gone.
 */
export async function alertUnsubscribeStatus(
  db: Executor,
  token: string,
  secret: string,
): Promise<{ email: string; subscribed: boolean } | undefined> {
  const signed = verifyAlertToken(token, secret);
  if (!signed) return undefined;
  const row = await alertRepository(db).preferences(signed.userId);
  if (!row) return undefined;
  const on = signed.list === 'cart' ? row.cart_reminder_emails : row.wishlist_alert_emails;
  return { email: row.email, subscribed: on === 1 };
}

/** Stops the list an alert link names; undefined when the token is not ours or the account is gone. */
export async function unsubscribeAlerts(
  db: Executor,
  token: string,
  secret: string,
): Promise<{ email: string; subscribed: false; message: string } | undefined> {
  const signed = verifyAlertToken(token, secret);
  if (!signed) return undefined;
  const repo = alertRepository(db);
  const row = await repo.preferences(signed.userId);
  if (!row) return undefined;
  await repo.stop(signed.userId, signed.list, now());
  return {
    email: row.email,
    subscribed: false,
    message: signed.list === 'cart' ? CART_REMINDERS_STOPPED : WISHLIST_ALERTS_STOPPED,
  };
}
