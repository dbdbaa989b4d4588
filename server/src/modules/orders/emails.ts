import { formatKshCents, statusLabel } from '@mtumba/contract';
import { kshIn, t, type MessageId } from '../../lib/i18n/index.js';
import { asLanguage, type Language } from '../../lib/language.js';
import type { Executor } from '../../db/database.js';
import type { Order, OrderItem } from '../../db/schema.js';
import type { Config } from '../../config.js';
import { renderEmail, type EmailContent, type ShopContact } from '../mail/layout.js';
import { queueMail, type OutgoingMail } from '../mail/outbox.js';
import { parseOrderDelivery } from '../delivery/service.js';
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
  // in the language the order was placed in
  const lang = asLanguage(order.language);
  const values = { shop: ctx.shopName, id: order.id, link: orderUrl(ctx, order.id) };
  const words: Partial<Record<Order['order_status'], [string, MessageId, Record<string, unknown>]>> = {
    processing: ['order_paid', 'sms.orderPaid', { ...values, amount: kshIn(lang, order.total_cents) }],
    // the carrier and waybill when the shop gave them
    shipped: [
      'order_shipped',
      !order.shipping_carrier
        ? 'sms.orderShipped'
        : order.tracking_number
          ? 'sms.orderShippedWithWaybill'
          : 'sms.orderShippedWith',
      { ...values, carrier: order.shipping_carrier, waybill: order.tracking_number },
    ],
    delivered: ['order_delivered', 'sms.orderDelivered', values],
  };
  const text = words[order.order_status];
  if (text) await queueSms(db, { to: order.shipping_phone, message: t(lang, text[1], text[2]), template: text[0] });
}

/** The shipped e-mail's rows: who carries the parcel, its waybill and the shop's note. */
export function shipmentRows(order: Order, lang: Language = 'en'): [string, string][] {
  const rows: [string, string][] = [];
  if (order.shipping_carrier) rows.push([t(lang, 'order.row.shippedWith'), order.shipping_carrier]);
  if (order.tracking_number) rows.push([t(lang, 'order.row.waybill'), order.tracking_number]);
  if (order.shipping_note) rows.push([t(lang, 'order.row.shopNote'), order.shipping_note]);
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

function itemRows(
  items: Pick<OrderItem, 'product_name' | 'quantity' | 'unit_price_cents'>[],
  lang: Language,
): [string, string][] {
  return items.map((i) => [`${i.product_name} × ${i.quantity}`, kshIn(lang, i.unit_price_cents * i.quantity)]);
}

function totalRows(order: Order, lang: Language): [string, string][] {
  const rows: [string, string][] = [[t(lang, 'order.row.subtotal'), kshIn(lang, order.subtotal_cents)]];
  if (order.discount_cents > 0) rows.push([t(lang, 'order.row.discounts'), `− ${kshIn(lang, order.discount_cents)}`]);
  rows.push([t(lang, 'order.row.delivery', { method: order.shipping_address }), kshIn(lang, order.delivery_fee_cents)]);
  rows.push([t(lang, 'order.row.total'), kshIn(lang, order.total_cents)]);
  return rows;
}

/** How the order reaches the customer: method, address or pickup point, estimate (docs/product.md section 11). */
export function deliveryRows(order: Order, lang: Language = 'en'): [string, string][] {
  const d = parseOrderDelivery(order.delivery_details);
  if (!d) return [];
  const rows: [string, string][] = [[t(lang, 'order.row.deliveryMethod'), d.zone ? `${d.name} (${d.zone})` : d.name]];
  if (d.kind === 'pickup' && d.pickup_address) {
    rows.push([t(lang, 'order.row.pickupPoint'), d.pickup_address]);
    if (d.pickup_hours) rows.push([t(lang, 'order.row.openingHours'), d.pickup_hours]);
    if (d.hold_days) rows.push([t(lang, 'order.row.heldFor'), t(lang, 'order.row.heldForDays', { days: d.hold_days })]);
  }
  if (d.address) rows.push([t(lang, 'order.row.address'), d.landmark ? `${d.address} (${d.landmark})` : d.address]);
  if (d.town)
    rows.push([
      t(lang, 'order.row.town'),
      d.pickup_office ? t(lang, 'order.row.townPickup', { town: d.town, office: d.pickup_office }) : d.town,
    ]);
  rows.push([t(lang, 'order.row.estimated'), d.estimate]);
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

/** The customer's e-mails about an order speak the language the order was placed in. */
function orderLanguage(order: Order): Language {
  return asLanguage(order.language);
}

/** What the confirmation and the receipt of a placed order show: its lines, amounts and delivery. */
function orderSummary(
  ctx: ShopContext,
  order: Order,
  items: OrderItem[],
): Pick<EmailContent, 'rows' | 'button' | 'footnote' | 'language'> {
  const lang = orderLanguage(order);
  return {
    language: lang,
    rows: [...itemRows(items, lang), ...totalRows(order, lang), ...deliveryRows(order, lang)],
    button: viewButton(ctx, order),
    footnote: t(lang, 'order.footnote', { shop: ctx.shopName }),
  };
}

function viewButton(ctx: ShopContext, order: Order) {
  return { label: t(orderLanguage(order), 'order.viewButton'), url: orderUrl(ctx, order.id) };
}

/**
 * "Have Ksh X ready for the rider" (or "at the pickup point", or "when you collect your parcel",
 * by the delivery's kind) for a pay-on-delivery order that is not paid yet.
 */
function podParagraphs(order: Order): string[] {
  if (order.payment_method !== 'pay_on_delivery' || order.payment_status !== 'unpaid') return [];
  const lang = orderLanguage(order);
  const kind = parseOrderDelivery(order.delivery_details)?.kind;
  const id = kind === 'pickup' ? 'order.pod.pickup' : kind === 'courier' ? 'order.pod.courier' : 'order.pod.rider';
  return [t(lang, id, { amount: kshIn(lang, order.total_cents) })];
}

/** Tells the customer their order is confirmed and will be paid on delivery or at collection. */
export async function mailPayOnDeliveryConfirmed(
  db: Executor,
  ctx: ShopContext,
  to: Person,
  order: Order,
  items: OrderItem[],
): Promise<void> {
  const lang = orderLanguage(order);
  const id = order.id;
  await queueOrderMail(
    db,
    ctx,
    { to: to.email, subject: t(lang, 'order.podConfirmed.subject', { id }), template: 'order_pay_on_delivery' },
    {
      preheader: t(lang, 'order.podConfirmed.preheader', { id }),
      heading: t(lang, 'order.podConfirmed.heading', { id }),
      paragraphs: [t(lang, 'order.hi', { name: to.name }), t(lang, 'order.podConfirmed.body'), ...podParagraphs(order)],
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
  const lang = orderLanguage(order);
  const id = order.id;
  await queueOrderMail(
    db,
    ctx,
    { to: to.email, subject: t(lang, 'order.receipt.subject', { id }), template: 'order_paid' },
    {
      preheader: t(lang, 'order.receipt.preheader', { id }),
      heading: t(lang, 'order.receipt.heading', { id }),
      paragraphs: [
        t(lang, 'order.hi', { name: to.name }),
        t(lang, 'order.receipt.body', { amount: kshIn(lang, order.total_cents) }),
      ],
      ...orderSummary(ctx, order, items),
    },
  );
  await textOrderStatus(db, ctx, order);
}

const statusSentences: Partial<Record<Order['order_status'], MessageId>> = {
  shipped: 'order.status.shipped',
  delivered: 'order.status.delivered',
  cancelled: 'order.status.cancelled',
  processing: 'order.status.processing',
};

const STATUS_LABELS: Record<Order['order_status'], MessageId> = {
  pending: 'status.pending',
  processing: 'status.processing',
  shipped: 'status.shipped',
  delivered: 'status.delivered',
  cancelled: 'status.cancelled',
};

/** The status as the e-mail names it: English as it always was ("Shipped"), Kiswahili from the catalog. */
function statusIn(lang: Language, status: Order['order_status']): string {
  return lang === 'en' ? statusLabel(status) : t(lang, STATUS_LABELS[status]);
}

/** Tells the customer their order moved to a new status. */
export async function mailStatusChange(db: Executor, ctx: ShopContext, to: Person, order: Order): Promise<void> {
  const lang = orderLanguage(order);
  const id = order.id;
  const label = statusIn(lang, order.order_status);
  const sentence = statusSentences[order.order_status];
  await queueOrderMail(
    db,
    ctx,
    {
      to: to.email,
      subject: t(lang, 'order.status.subject', { id, label: lang === 'en' ? label.toLowerCase() : label }),
      template: `order_${order.order_status}`,
    },
    {
      language: lang,
      preheader: t(lang, 'order.status.preheader', { id, label }),
      heading: t(lang, 'order.status.heading', { id, label }),
      paragraphs: [
        t(lang, 'order.hi', { name: to.name }),
        order.order_status === 'shipped' && order.shipping_carrier
          ? t(lang, order.tracking_number ? 'order.status.shippedWithWaybill' : 'order.status.shippedWith', {
              carrier: order.shipping_carrier,
              waybill: order.tracking_number,
            })
          : sentence
            ? t(lang, sentence)
            : t(lang, 'order.status.other', { label }),
        ...(order.order_status === 'shipped' ? podParagraphs(order) : []),
      ],
      rows: order.order_status === 'shipped' ? [...shipmentRows(order, lang), ...deliveryRows(order, lang)] : undefined,
      button: viewButton(ctx, order),
    },
  );
  if (order.order_status === 'shipped' || order.order_status === 'delivered') await textOrderStatus(db, ctx, order);
}

/** Tells the customer an unpaid order was cancelled because its reservation ran out. */
export async function mailExpired(db: Executor, ctx: ShopContext, to: Person, order: Order): Promise<void> {
  const lang = orderLanguage(order);
  const id = order.id;
  await queueOrderMail(
    db,
    ctx,
    { to: to.email, subject: t(lang, 'order.expired.subject', { id }), template: 'order_expired' },
    {
      language: lang,
      preheader: t(lang, 'order.expired.preheader', { id }),
      heading: t(lang, 'order.expired.subject', { id }),
      paragraphs: [
        t(lang, 'order.hi', { name: to.name }),
        t(lang, 'order.expired.body1'),
        t(lang, 'order.expired.body2'),
      ],
      button: { label: t(lang, 'order.continueShopping'), url: `${ctx.appUrl}/products` },
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
  const lang = orderLanguage(order);
  const id = order.id;
  await queueOrderMail(
    db,
    ctx,
    { to: to.email, subject: t(lang, 'order.refundDue.subject', { id }), template: 'order_refund_due_customer' },
    {
      language: lang,
      heading: t(lang, 'order.refundDue.heading', { id }),
      paragraphs: [
        t(lang, 'order.hi', { name: to.name }),
        t(lang, 'order.refundDue.body1', { id, amount: kshIn(lang, order.total_cents) }),
        t(lang, 'order.refundDue.body2'),
      ],
      button: viewButton(ctx, order),
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
  const lang = orderLanguage(order);
  const id = order.id;
  await queueOrderMail(
    db,
    ctx,
    { to: to.email, subject: t(lang, 'order.cancelDeclined.subject', { id }), template: 'order_cancel_declined' },
    {
      language: lang,
      heading: t(lang, 'order.cancelDeclined.heading', { id }),
      paragraphs: [
        t(lang, 'order.hi', { name: to.name }),
        t(lang, 'order.cancelDeclined.body1'),
        ...(order.cancel_request_note
          ? [t(lang, 'order.cancelDeclined.note', { note: order.cancel_request_note })]
          : []),
        t(lang, 'order.cancelDeclined.body2'),
      ],
      button: viewButton(ctx, order),
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
  const lang = orderLanguage(order);
  const id = order.id;
  const amount = kshIn(lang, amountCents);
  await queueOrderMail(
    db,
    ctx,
    { to: to.email, subject: t(lang, 'order.refunded.subject', { id }), template: 'order_refunded' },
    {
      language: lang,
      heading: t(lang, 'order.refunded.heading', { id, amount }),
      paragraphs: [
        t(lang, 'order.hi', { name: to.name }),
        t(lang, 'order.refunded.body1', { id, amount }),
        order.payment_status === 'refunded'
          ? t(lang, 'order.refunded.whole')
          : t(lang, 'order.refunded.part', {
              refunded: kshIn(lang, order.refunded_cents),
              total: kshIn(lang, order.total_cents),
            }),
      ],
      button: viewButton(ctx, order),
    },
  );
}
