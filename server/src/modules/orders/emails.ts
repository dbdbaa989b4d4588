import { formatKshCents, statusLabel } from '@mtumba/contract';
import type { Executor } from '../../db/database.js';
import type { Order, OrderItem } from '../../db/schema.js';
import type { Config } from '../../config.js';
import { renderEmail, type EmailContent, type ShopContact } from '../mail/layout.js';
import { queueMail, type OutgoingMail } from '../mail/outbox.js';
import { parseOrderDelivery } from '../delivery/service.js';
import { podReadySentence } from '@mtumba/contract/delivery';
import { queueSms } from '../sms/outbox.js';

export interface ShopContext {
  shopName: string;
  shopEmail: string;
  appUrl: string;
  /** the shop's address, phone, WhatsApp and hours, shown in every order e-mail */
  contact?: ShopContact;
  /** Africa's Talking is configured: order texts go out beside the e-mails */
  texts?: boolean;
}

/** The shop details order e-mails need, from the configuration. */
export function shopContext(config: Config): ShopContext {
  const { address, phone, whatsapp, hours } = config.shopProfile;
  return {
    shopName: config.shopName,
    shopEmail: config.mail.shopEmail,
    appUrl: config.appUrl,
    contact: { address, phone, whatsapp, hours },
    texts: config.sms !== undefined,
  };
}

/**
 * A text message about the order to its delivery phone (paid, shipped, delivered), queued in the
 * SMS outbox in the move's transaction; nothing without Africa's Talking or without a phone.
 */
export async function textOrderStatus(db: Executor, ctx: ShopContext, order: Order): Promise<void> {
  if (!ctx.texts || !order.shipping_phone || !/^\+254[17]\d{8}$/.test(order.shipping_phone)) return;
  const link = orderUrl(ctx, order.id);
  const words: Partial<Record<Order['order_status'], [string, string]>> = {
    processing: [
      'order_paid',
      `${ctx.shopName}: payment of ${formatKshCents(order.total_cents)} received for order #${order.id}. We will text you when it ships. ${link}`,
    ],
    shipped: [
      'order_shipped',
      `${ctx.shopName}: order #${order.id} is on its way to you${shippedWith(order)}. ${link}`,
    ],
    delivered: [
      'order_delivered',
      `${ctx.shopName}: order #${order.id} was delivered. Thank you for shopping with us! ${link}`,
    ],
  };
  const text = words[order.order_status];
  if (text) await queueSms(db, { to: order.shipping_phone, message: text[1], template: text[0] });
}

/** " with G4S, waybill KX123" (the text message): the carrier and waybill when the shop gave them. */
function shippedWith(order: Order): string {
  if (!order.shipping_carrier) return '';
  return ` with ${order.shipping_carrier}${order.tracking_number ? `, waybill ${order.tracking_number}` : ''}`;
}

/** The shipped e-mail's rows: who carries the parcel, its waybill and the shop's note. */
export function shipmentRows(order: Order): [string, string][] {
  const rows: [string, string][] = [];
  if (order.shipping_carrier) rows.push(['Shipped with', order.shipping_carrier]);
  if (order.tracking_number) rows.push(['Waybill number', order.tracking_number]);
  if (order.shipping_note) rows.push(['Note from the shop', order.shipping_note]);
  return rows;
}

interface Person {
  name: string;
  email: string;
}

function orderUrl(ctx: ShopContext, orderId: number): string {
  return `${ctx.appUrl}/orders/${orderId}`;
}

/** The button of an e-mail to the shop: the order in the admin. */
function adminOrderButton(ctx: ShopContext, orderId: number) {
  return { label: 'Open the order', url: `${ctx.appUrl}/admin/orders/${orderId}` };
}

function itemRows(items: Pick<OrderItem, 'product_name' | 'quantity' | 'unit_price_cents'>[]): [string, string][] {
  return items.map((i) => [`${i.product_name} × ${i.quantity}`, formatKshCents(i.unit_price_cents * i.quantity)]);
}

function totalRows(order: Order): [string, string][] {
  const rows: [string, string][] = [['Subtotal', formatKshCents(order.subtotal_cents)]];
  if (order.discount_cents > 0) rows.push(['Discounts', `− ${formatKshCents(order.discount_cents)}`]);
  rows.push([`Delivery (${order.shipping_address})`, formatKshCents(order.delivery_fee_cents)]);
  rows.push(['Total', formatKshCents(order.total_cents)]);
  return rows;
}

/** How the order reaches the customer: method, address or pickup point, estimate (docs/product.md section 11). */
export function deliveryRows(order: Order): [string, string][] {
  const d = parseOrderDelivery(order.delivery_details);
  if (!d) return [];
  const rows: [string, string][] = [['Delivery', d.zone ? `${d.name} (${d.zone})` : d.name]];
  if (d.kind === 'pickup' && d.pickup_address) {
    rows.push(['Pickup point', d.pickup_address]);
    if (d.pickup_hours) rows.push(['Opening hours', d.pickup_hours]);
    if (d.hold_days) rows.push(['Held for you', `${d.hold_days} days after it is ready`]);
  }
  if (d.address) rows.push(['Address', d.landmark ? `${d.address} (${d.landmark})` : d.address]);
  if (d.town) rows.push(['Town', d.pickup_office ? `${d.town}, pickup at ${d.pickup_office}` : d.town]);
  rows.push(['Estimated', d.estimate]);
  return rows;
}

/** Renders an order e-mail in the shop's layout, with its contact details, and queues it. */
async function queueOrderMail(
  db: Executor,
  ctx: ShopContext,
  message: Omit<OutgoingMail, 'html' | 'text'>,
  content: Omit<EmailContent, 'shopName' | 'contact'>,
): Promise<void> {
  await queueMail(db, { ...message, ...renderEmail({ shopName: ctx.shopName, contact: ctx.contact, ...content }) });
}

/** What the confirmation and the receipt of a placed order show: its lines, amounts and delivery. */
function orderSummary(
  ctx: ShopContext,
  order: Order,
  items: OrderItem[],
): Pick<EmailContent, 'rows' | 'button' | 'footnote'> {
  return {
    rows: [...itemRows(items), ...totalRows(order), ...deliveryRows(order)],
    button: { label: 'View your order', url: orderUrl(ctx, order.id) },
    footnote: `You get this e-mail because you placed an order at ${ctx.shopName}.`,
  };
}

/**
 * "Have Ksh X ready for the rider" (or "at the pickup point", or "when you collect your parcel",
 * by the delivery's kind) for a pay-on-delivery order that is not paid yet.
 */
function podParagraphs(order: Order): string[] {
  return order.payment_method === 'pay_on_delivery' && order.payment_status === 'unpaid'
    ? [podReadySentence(formatKshCents(order.total_cents), parseOrderDelivery(order.delivery_details)?.kind)]
    : [];
}

/** Tells the customer their order is confirmed and will be paid on delivery or at collection. */
export async function mailPayOnDeliveryConfirmed(
  db: Executor,
  ctx: ShopContext,
  to: Person,
  order: Order,
  items: OrderItem[],
): Promise<void> {
  await queueOrderMail(
    db,
    ctx,
    { to: to.email, subject: `Order #${order.id} confirmed: pay on delivery`, template: 'order_pay_on_delivery' },
    {
      preheader: `Order #${order.id} is confirmed: pay on delivery.`,
      heading: `Order #${order.id} is confirmed`,
      paragraphs: [
        `Hi ${to.name},`,
        'Your order is confirmed and you pay on delivery. We are preparing it and keep its items for you until it reaches you.',
        ...podParagraphs(order),
      ],
      ...orderSummary(ctx, order, items),
    },
  );
}

/** The receipt a customer gets when their payment is confirmed. */
export async function mailReceipt(
  db: Executor,
  ctx: ShopContext,
  to: Person,
  order: Order,
  items: OrderItem[],
): Promise<void> {
  await queueOrderMail(
    db,
    ctx,
    { to: to.email, subject: `Receipt for order #${order.id}`, template: 'order_paid' },
    {
      preheader: `We received your payment for order #${order.id}.`,
      heading: `Thank you, order #${order.id} is paid`,
      paragraphs: [
        `Hi ${to.name},`,
        `We received your payment of ${formatKshCents(order.total_cents)}. We are now preparing your order and will tell you when it is on its way.`,
      ],
      ...orderSummary(ctx, order, items),
    },
  );
  await textOrderStatus(db, ctx, order);
}

const statusSentences: Partial<Record<Order['order_status'], string>> = {
  shipped: 'Your order is on its way.',
  delivered: 'Your order was delivered. We hope you love it! You can now review the items you bought.',
  cancelled: 'Your order was cancelled. If you already paid, we will refund you shortly.',
  processing: 'We are preparing your order.',
};

/** Tells the customer their order moved to a new status. */
export async function mailStatusChange(db: Executor, ctx: ShopContext, to: Person, order: Order): Promise<void> {
  const label = statusLabel(order.order_status);
  await queueOrderMail(
    db,
    ctx,
    { to: to.email, subject: `Order #${order.id} is ${label.toLowerCase()}`, template: `order_${order.order_status}` },
    {
      preheader: `Order #${order.id} is now ${label}.`,
      heading: `Order #${order.id}: ${label}`,
      paragraphs: [
        `Hi ${to.name},`,
        order.order_status === 'shipped' && order.shipping_carrier
          ? `Your order is on its way: shipped with ${order.shipping_carrier}${order.tracking_number ? `, waybill ${order.tracking_number}` : ''}.`
          : (statusSentences[order.order_status] ?? `Your order is now ${label}.`),
        ...(order.order_status === 'shipped' ? podParagraphs(order) : []),
      ],
      rows: order.order_status === 'shipped' ? [...shipmentRows(order), ...deliveryRows(order)] : undefined,
      button: { label: 'View your order', url: orderUrl(ctx, order.id) },
    },
  );
  if (order.order_status === 'shipped' || order.order_status === 'delivered') await textOrderStatus(db, ctx, order);
}

/** Tells the customer an unpaid order was cancelled because its reservation ran out. */
export async function mailExpired(db: Executor, ctx: ShopContext, to: Person, order: Order): Promise<void> {
  await queueOrderMail(
    db,
    ctx,
    { to: to.email, subject: `Order #${order.id} expired`, template: 'order_expired' },
    {
      preheader: `Order #${order.id} was not paid in time.`,
      heading: `Order #${order.id} expired`,
      paragraphs: [
        `Hi ${to.name},`,
        'We held the items of your order for you, but the payment did not arrive in time, so the order was cancelled and the items went back on sale.',
        'If you still want them, place a new order while they are available.',
      ],
      button: { label: 'Continue shopping', url: `${ctx.appUrl}/products` },
    },
  );
}

/** Tells the shop a payment arrived for an order whose items are gone: it must be refunded. */
export async function mailRefundDueToShop(
  db: Executor,
  ctx: ShopContext,
  order: Order,
  customer: Person | undefined,
  why: 'late_payment' | 'cancelled_paid',
): Promise<void> {
  await queueOrderMail(
    db,
    ctx,
    { to: ctx.shopEmail, subject: `Refund needed: order #${order.id}`, template: 'order_refund_due' },
    {
      heading: `Refund needed for order #${order.id}`,
      paragraphs: [
        why === 'late_payment'
          ? `A payment of ${formatKshCents(order.total_cents)} arrived after order #${order.id} had been cancelled, and its items could not be reserved again.`
          : `Order #${order.id} was cancelled after the customer paid ${formatKshCents(order.total_cents)}.`,
        'The order is cancelled and marked "refund due". Please refund the customer, then record the refund on the order.',
      ],
      rows: [
        ['Customer', customer ? `${customer.name} <${customer.email}>` : 'deleted account'],
        ['Phone', order.shipping_phone ?? '—'],
        ['Amount', formatKshCents(order.total_cents)],
      ],
      button: adminOrderButton(ctx, order.id),
    },
  );
}

/** Tells the customer their late payment will be refunded. */
export async function mailRefundDueToCustomer(db: Executor, ctx: ShopContext, to: Person, order: Order): Promise<void> {
  await queueOrderMail(
    db,
    ctx,
    { to: to.email, subject: `Refund for order #${order.id}`, template: 'order_refund_due_customer' },
    {
      heading: `We will refund your payment for order #${order.id}`,
      paragraphs: [
        `Hi ${to.name},`,
        `Your payment of ${formatKshCents(order.total_cents)} arrived after the reservation of order #${order.id} had expired, and some of its items have been sold since.`,
        'We are sorry: the order stays cancelled and we will refund you shortly.',
      ],
      button: { label: 'View your order', url: orderUrl(ctx, order.id) },
    },
  );
}

/** Tells the shop a customer asked to cancel an order. */
export async function mailCancelRequest(db: Executor, ctx: ShopContext, order: Order, customer: Person): Promise<void> {
  await queueOrderMail(
    db,
    ctx,
    { to: ctx.shopEmail, subject: `Cancellation request: order #${order.id}`, template: 'order_cancel_request' },
    {
      heading: `Cancellation requested for order #${order.id}`,
      paragraphs: [
        `${customer.name} (${customer.email}) asked to cancel order #${order.id}.`,
        `The order is ${statusLabel(order.order_status).toLowerCase()} and its payment is ${order.payment_status.replace('_', ' ')}. The request does not cancel the order by itself.`,
      ],
      rows: [
        ['Phone', order.shipping_phone ?? '—'],
        ['Total', formatKshCents(order.total_cents)],
      ],
      button: adminOrderButton(ctx, order.id),
    },
  );
}

/** Tells the customer the shop kept their order, with the shop's note. */
export async function mailCancelDeclined(db: Executor, ctx: ShopContext, to: Person, order: Order): Promise<void> {
  await queueOrderMail(
    db,
    ctx,
    { to: to.email, subject: `Order #${order.id}: cancellation request declined`, template: 'order_cancel_declined' },
    {
      heading: `Order #${order.id} was not cancelled`,
      paragraphs: [
        `Hi ${to.name},`,
        'We looked at your request to cancel this order and could not cancel it.',
        ...(order.cancel_request_note ? [`Our note: ${order.cancel_request_note}`] : []),
        'Reply to this e-mail if you have any questions.',
      ],
      button: { label: 'View your order', url: orderUrl(ctx, order.id) },
    },
  );
}

/** Tells the customer the shop has paid money back. */
export async function mailRefunded(
  db: Executor,
  ctx: ShopContext,
  to: Person,
  order: Order,
  amountCents: number,
): Promise<void> {
  await queueOrderMail(
    db,
    ctx,
    { to: to.email, subject: `Refund for order #${order.id}`, template: 'order_refunded' },
    {
      heading: `We refunded ${formatKshCents(amountCents)} for order #${order.id}`,
      paragraphs: [
        `Hi ${to.name},`,
        `We have sent ${formatKshCents(amountCents)} back to you for order #${order.id}.`,
        order.payment_status === 'refunded'
          ? 'The whole payment has now been refunded.'
          : `So far ${formatKshCents(order.refunded_cents)} of ${formatKshCents(order.total_cents)} has been refunded.`,
      ],
      button: { label: 'View your order', url: orderUrl(ctx, order.id) },
    },
  );
}
