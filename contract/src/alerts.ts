import { z } from 'zod';

/** The shopper's alert opt-ins (docs/product.md, Shopper alerts); both are off until turned on. */
export const alertPreferencesSchema = z.object({
  /** price drops and back-on-sale alerts for items in the wishlist or cart */
  wishlist_alerts: z.boolean({ error: 'wishlist_alerts must be true or false.' }),
  /** one reminder about a cart left for a day */
  cart_reminders: z.boolean({ error: 'cart_reminders must be true or false.' }),
});
export type AlertPreferences = z.infer<typeof alertPreferencesSchema>;

export const WISHLIST_ALERTS_STOPPED = 'You will get no more wishlist and cart alerts.';
export const CART_REMINDERS_STOPPED = 'You will get no more cart reminders.';
