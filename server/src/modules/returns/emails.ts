import { kshIn, t } from '../../lib/i18n/index.js';
import { asLanguage, type Language } from '../../lib/language.js';
import { RETURN_REASON_WORDS } from '@mtumba/contract/returns';
import type { Executor } from '../../db/database.js';
import type { Order, OrderReturn } from '../../db/schema.js';
import { renderEmail, type EmailContent } from '../mail/layout.js';
import { queueMail } from '../mail/outbox.js';
import type { ShopContext } from '../orders/emails.js';
import { orderCustomer } from '../orders/order-records.js';

export type ReturnMail = 'requested' | 'approved' | 'declined' | 'received';

type Line = { product_name: string; quantity: number; unit_price_cents: number };

async function send(
  db: Executor,
  ctx: ShopContext,
  to: string,
  subject: string,
  template: string,
  content: Omit<EmailContent, 'shopName' | 'contact'>,
): Promise<void> {
  await queueMail(db, {
    to,
    subject,
    template,
    ...renderEmail({ shopName: ctx.shopName, contact: ctx.contact, ...content }),
  });
}

const rows = (lines: Line[], lang: Language = 'en'): [string, string][] =>
  lines.map((l) => [`${l.product_name} × ${l.quantity}`, kshIn(lang, l.unit_price_cents * l.quantity)]);

/** The customer's e-mail at each step of a return (and the shop's, when one is asked for), queued in the move's transaction. */
export async function mailReturnMove(
  db: Executor,
  ctx: ShopContext,
  mail: ReturnMail,
  order: Order,
  ret: OrderReturn,
  lines: Line[],
): Promise<void> {
  const customer = await orderCustomer(db, order);
  const button = { label: 'View your order', url: `${ctx.appUrl}/orders/${order.id}` };
  if (mail === 'requested') {
    await send(db, ctx, ctx.shopEmail, `Return requested: order #${order.id}`, 'return_requested_shop', {
      heading: `Return requested for order #${order.id}`,
      paragraphs: [
        `${customer?.name ?? 'The customer'} asks to return items of order #${order.id}.`,
        `Reason: ${ret.reason ? RETURN_REASON_WORDS[ret.reason] : '—'}${ret.note ? ` (${ret.note})` : ''}`,
        'Approve or decline the return on the order.',
      ],
      rows: rows(lines),
      button: { label: 'Open the order', url: `${ctx.appUrl}/admin/orders/${order.id}` },
    });
  }
  if (!customer) return;
  // the customer's e-mails speak the order's language; the shop's stay English
  const lang = asLanguage(order.language);
  const id = order.id;
  const hi = t(lang, 'order.hi', { name: customer.name });
  const note = ret.shop_note ? [t(lang, 'order.cancelDeclined.note', { note: ret.shop_note })] : [];
  const mine = { language: lang, button: { ...button, label: t(lang, 'order.viewButton') } };
  switch (mail) {
    case 'requested':
      await send(db, ctx, customer.email, t(lang, 'return.requested.subject', { id }), 'return_requested', {
        ...mine,
        heading: t(lang, 'return.requested.heading'),
        paragraphs: [hi, t(lang, 'return.requested.body', { id })],
        rows: rows(lines, lang),
      });
      return;
    case 'approved':
      await send(db, ctx, customer.email, t(lang, 'return.approved.subject', { id }), 'return_approved', {
        ...mine,
        heading: t(lang, 'return.approved.heading'),
        paragraphs: [hi, t(lang, 'return.approved.body'), ...note],
        rows: rows(lines, lang),
      });
      return;
    case 'declined':
      await send(db, ctx, customer.email, t(lang, 'return.declined.subject', { id }), 'return_declined', {
        ...mine,
        heading: t(lang, 'return.declined.heading'),
        paragraphs: [hi, t(lang, 'return.declined.body', { id }), ...note],
      });
      return;
    case 'received':
      await send(db, ctx, customer.email, t(lang, 'return.received.subject', { id }), 'return_received', {
        ...mine,
        heading: t(lang, 'return.received.heading'),
        paragraphs: [
          hi,
          ret.kind === 'customer_return'
            ? t(lang, 'return.received.customer')
            : t(lang, 'return.received.parcel', { id }),
        ],
        rows: rows(lines, lang),
      });
      return;
  }
}
