import { ORDER_STATUSES, statusLabel, type OrderStatus } from '@mtumba/contract/order-states';
import type messages from '@/i18n/catalogs/en/orders.json';
import type { Translate } from '@/i18n';

export type OrdersT = Translate<Extract<keyof typeof messages, string>>;

/**
 * An order status as the shopper reads it, in the page's language. The API's values stay as they
 * are (`pending`, `shipped`…); an unknown one shows as the contract words it.
 */
export function statusText(t: OrdersT, status: string): string {
  return (ORDER_STATUSES as readonly string[]).includes(status)
    ? t(`status.${status as OrderStatus}`)
    : statusLabel(status);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** The order's date and time, in the page's locale. */
export function formatOrderDate(locale: string, iso: string): string {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    dateFormats.set(locale, format);
  }
  return format.format(new Date(iso));
}
