import { formatKshCents } from '@mtumba/contract';
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

const rows = (lines: Line[]): [string, string][] =>
  lines.map((l) => [`${l.product_name} × ${l.quantity}`, formatKshCents(l.unit_price_cents * l.quantity)]);

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
  const hi = `Hi ${customer.name},`;
  const note = ret.shop_note ? [`Our note: ${ret.shop_note}`] : [];
  switch (mail) {
    case 'requested':
      await send(db, ctx, customer.email, `Return request for order #${order.id}`, 'return_requested', {
        heading: `We received your return request`,
        paragraphs: [
          hi,
          `We will look at your request to return these items of order #${order.id} and answer by e-mail.`,
        ],
        rows: rows(lines),
        button,
      });
      return;
    case 'approved':
      await send(db, ctx, customer.email, `Return approved: order #${order.id}`, 'return_approved', {
        heading: 'Your return is approved',
        paragraphs: [
          hi,
          'Please send or bring the items back to the shop. We refund you once they are back with us.',
          ...note,
        ],
        rows: rows(lines),
        button,
      });
      return;
    case 'declined':
      await send(db, ctx, customer.email, `Return declined: order #${order.id}`, 'return_declined', {
        heading: 'We could not accept your return',
        paragraphs: [
          hi,
          `We looked at your request to return items of order #${order.id} and could not accept it.`,
          ...note,
        ],
        button,
      });
      return;
    case 'received':
      await send(db, ctx, customer.email, `Return received: order #${order.id}`, 'return_received', {
        heading: 'Your returned items are back with us',
        paragraphs: [
          hi,
          ret.kind === 'customer_return'
            ? 'We received the items you returned. We will record your refund shortly and e-mail you when it is sent.'
            : `The parcel of order #${order.id} is back with us.`,
        ],
        rows: rows(lines),
        button,
      });
      return;
  }
}
