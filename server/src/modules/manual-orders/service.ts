import { MONEY_RECEIVED_STATUSES, centsToAmount, formatKshCents, amountToCents } from '@mtumba/contract';
import {
  PAY_LINK_MESSAGES,
  SALES_CHANNEL_LABELS,
  type AdminCustomerCreateBody,
  type AdminCustomerJson,
  type ManualOrderBody,
  type ManualOrderQuote,
  type ManualOrderQuoteBody,
  type PayLinkJson,
  type PayLinkView,
} from '@mtumba/contract/manual-order';
import type { AdminOrderJson } from '@mtumba/contract/order';
import { priceOrder, type OrderPrice } from '@mtumba/contract/pricing';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation, now } from '../../db/database.js';
import type { Order } from '../../db/schema.js';
import { DomainError, invalidField } from '../../lib/errors.js';
import type { PendingEvent } from '../../lib/events.js';
import { hasMailbox, phoneOnlyAddress } from '../../lib/mailbox.js';
import { displayKenyanPhone, normaliseKenyanPhone, PHONE_HINT } from '../../lib/phone.js';
import { issueClaimLink } from '../accounts/claim.js';
import { resolveOrderDelivery, type OrderDelivery } from '../delivery/service.js';
import { queueSms } from '../sms/outbox.js';
import { kshIn, t } from '../../lib/i18n/index.js';
import { asLanguage, LOCALE_OF, type Language } from '../../lib/language.js';
import { recordSecurityEvent } from '../security-log/service.js';
import { firstImageKeys } from '../catalog/product-view.js';
import type { ShopContext } from '../orders/emails.js';
import { cancelledByExpiry } from '../orders/lifecycle.js';
import { runPlaceManualMove } from '../orders/place.js';
import type { Actor } from '../stock/ledger.js';
import { loadOrderViews } from '../orders/order-view.js';
import { nameTheShopMayUse } from '../orders/visibility.js';
import { firstOrderOfferStanding } from '../orders/service.js';
import { insertReceivedPayment } from '../payments/manual.js';
import { payLinkExpiry, readPayLink, signPayLink } from './pay-link.js';
import { manualOrdersRepository } from './repository.js';

/**
 * Manual orders and pay links (docs/product.md section 13, docs/architecture.md section 18): the
 * admin finds or creates the customer, prices the order with the shop's one pricing rule plus
 * its own discount, places it through the lifecycle's `place_manual` move, and either records
 * the payment at once or hands out a signed pay link the buyer opens without signing in.
 */

export const MANUAL_ORDER_CREATED = 'Order created. Send the pay link to the customer.';
export const MANUAL_ORDER_PAID = 'Order created and paid.';
export const CUSTOMER_CREATED = 'Customer account created. They can set a password with "Forgot password".';
export const CUSTOMER_FOUND = 'A customer with this e-mail already exists: their account is used unchanged.';
export const CUSTOMER_CREATED_PHONE_ONLY =
  'Customer account created without an e-mail address: the shop texts them the pay link and a link to set up their account.';
export const CUSTOMER_FOUND_BY_PHONE =
  'A customer known by this phone number already exists: their account is used unchanged.';
export const NEED_CUSTOMER_PHONE = 'Enter the customer’s phone number (an e-mail address is optional).';
export const CHOOSE_CUSTOMER = 'Choose a customer (not a staff account).';
export const NO_PAY_LINK = 'This order has no pay link.';
export const NEED_PHONE = "Enter the customer's phone number, such as 0712 345 678.";
export const discountTooLarge = (subtotal: string) => `The discount may not be more than the subtotal (${subtotal}).`;

/** Order and payment amounts are 32-bit integer columns of cents. */
const MAX_ORDER_CENTS = 2_147_483_647;
const SEARCH_LIMIT = 10;

type CustomerRow = NonNullable<Awaited<ReturnType<ReturnType<typeof manualOrdersRepository>['findUserById']>>>;

function customerJson(row: CustomerRow, phones: Map<number, string>): AdminCustomerJson {
  const mailbox = hasMailbox(row.email);
  return {
    id: row.id,
    name: row.name,
    email: mailbox ? row.email : '',
    has_email: mailbox,
    phone: row.phone ?? phones.get(row.id) ?? null,
    has_password: row.password_hash !== null,
  };
}

/** Customers by phone (their account's or one they ordered with) or by exact e-mail address. */
export async function searchCustomers(db: Db, q: string): Promise<AdminCustomerJson[]> {
  const repo = manualOrdersRepository(db);
  const text = q.trim();
  const email = text.includes('@') ? text.toLowerCase() : undefined;
  const phone = email ? undefined : normaliseKenyanPhone(text);
  if (!email && !phone) {
    throw invalidField('q', 'Enter a Kenyan phone number (0712 345 678) or a whole e-mail address.');
  }
  const rows = await repo.findCustomers({ email, phone }, SEARCH_LIMIT);
  const phones = await repo.latestOrderPhones(rows.filter((r) => !r.phone).map((r) => r.id));
  return rows.map((r) => customerJson(r, phones));
}

/**
 * Finds the customer with this e-mail, or creates an account without a password (its owner sets
 * one with "Forgot password", which also verifies the address). Without an e-mail, the customer is
 * known by phone alone: the account the shop made for that phone before, or a new one holding a
 * stand-in address that receives no mail (lib/mailbox.ts); its owner takes it over with the claim
 * link texted with each order. An existing account is returned exactly as it is: nothing the admin
 * typed changes its name, phone or password, so the shop's form can never be used to take an
 * account over.
 */
export async function findOrCreateCustomer(
  db: Db,
  by: Actor,
  body: AdminCustomerCreateBody,
): Promise<{ created: boolean; customer: AdminCustomerJson }> {
  const repo = manualOrdersRepository(db);
  let phone: string | null = null;
  if (body.phone) {
    phone = normaliseKenyanPhone(body.phone) ?? null;
    if (!phone) throw invalidField('phone', PHONE_HINT);
  }
  const email = body.email || (phone ? phoneOnlyAddress(phone) : null);
  if (!email) throw invalidField('phone', NEED_CUSTOMER_PHONE);
  const existing = async () => {
    const found = await repo.findUserByEmail(email);
    if (!found) return undefined;
    if (found.is_admin) throw invalidField(body.email ? 'email' : 'phone', CHOOSE_CUSTOMER);
    const phones = await repo.latestOrderPhones(found.phone ? [] : [found.id]);
    return { created: false, customer: customerJson(found, phones) };
  };
  const before = await existing();
  if (before) return before;
  try {
    const created = await db.transaction().execute(async (trx) => {
      const row = await manualOrdersRepository(trx).createCustomer({
        name: body.name,
        email,
        phone,
        at: now(),
      });
      await recordSecurityEvent(trx, {
        userId: row.id,
        actorId: by.userId ?? null,
        kind: 'account_created_by_shop',
        detail: { with_phone: phone !== null, with_email: Boolean(body.email) },
        ip: by.ip ?? null,
      });
      return row;
    });
    return { created: true, customer: customerJson(created, new Map()) };
  } catch (err) {
    // Two admins creating the same customer at once: the second finds the first's account.
    if (isUniqueViolation(err)) {
      const raced = await existing();
      if (raced) return raced;
    }
    throw err;
  }
}

interface PricedManualOrder {
  customer: CustomerRow;
  phone: string;
  delivery: OrderDelivery;
  lines: { id: number; name: string; priceCents: number; quantity: number }[];
  price: OrderPrice;
  discountReason: string | null;
}

/** Checks a manual order's input and prices it; changes nothing. */
async function priceManualOrder(db: Db, body: ManualOrderQuoteBody): Promise<PricedManualOrder> {
  const repo = manualOrdersRepository(db);
  const customer = await repo.findUserById(body.customer_id);
  if (!customer || customer.is_admin) throw invalidField('customer_id', CHOOSE_CUSTOMER);

  const quantities = new Map<number, number>();
  for (const line of body.items)
    quantities.set(line.product_id, (quantities.get(line.product_id) ?? 0) + line.quantity);
  const ids = [...quantities.keys()].sort((a, b) => a - b);
  const [delivery, products, { previous, offerHolder }, phones] = await Promise.all([
    // the method and the address fields it needs, checked as at checkout (the spec's two names still work)
    resolveOrderDelivery(db, body.shipping_address, body),
    repo.productsForSale(ids),
    firstOrderOfferStanding(db, customer.id),
    customer.phone || body.shipping_phone
      ? Promise.resolve(new Map<number, string>())
      : repo.latestOrderPhones([customer.id]),
  ]);
  const byId = new Map(products.map((p) => [p.id, p]));
  const lines = ids.map((id) => {
    const product = byId.get(id);
    if (!product) throw invalidField('items', `Product #${id} is not for sale.`);
    const quantity = quantities.get(id)!;
    if (product.stock_quantity < quantity) {
      const message = `Not enough stock for ${product.name}`;
      throw new DomainError('invalid', message, { errors: { items: [message] }, extra: { error: message } });
    }
    return { id, name: product.name, priceCents: product.price_cents, quantity };
  });

  const typedPhone = body.shipping_phone?.trim();
  const phone = typedPhone ? normaliseKenyanPhone(typedPhone) : (customer.phone ?? phones.get(customer.id));
  if (!phone) throw invalidField('shipping_phone', typedPhone ? PHONE_HINT : NEED_PHONE);

  const subtotalCents = lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0);
  const discountCents = body.discount ? (amountToCents(body.discount.amount) ?? 0) : 0;
  if (discountCents > subtotalCents) {
    const message = discountTooLarge(formatKshCents(subtotalCents));
    throw invalidField('discount.amount', message);
  }
  const price = priceOrder({
    items: lines.map((l) => ({ unitPriceCents: l.priceCents, quantity: l.quantity })),
    shipping: delivery.pricing,
    previousPaymentStatuses: previous,
    firstOrderOfferHeld: offerHolder !== undefined,
    shopDiscountCents: discountCents,
  });
  if (Math.max(price.subtotalCents, price.totalCents) > MAX_ORDER_CENTS) {
    throw invalidField('items', 'This order is too large. Please split it into smaller orders.');
  }
  return {
    customer,
    phone,
    delivery,
    lines,
    price,
    discountReason: price.shopDiscountCents > 0 ? (body.discount?.reason ?? null) : null,
  };
}

export async function quoteManualOrder(db: Db, body: ManualOrderQuoteBody): Promise<ManualOrderQuote> {
  const { price } = await priceManualOrder(db, body);
  return {
    subtotal: centsToAmount(price.subtotalCents),
    discount_amount: centsToAmount(price.discountCents),
    shop_discount: centsToAmount(price.shopDiscountCents),
    delivery_fee: centsToAmount(price.deliveryFeeCents),
    total_amount: centsToAmount(price.totalCents),
    applied_discounts: price.appliedDiscounts,
  };
}

/** A time as the shop and its customers read it, in Nairobi: "25 Nov, 16:31". */
function nairobiTime(iso: string, language: Language = 'en'): string {
  return new Date(iso).toLocaleString(language === 'en' ? 'en-GB' : LOCALE_OF[language], {
    timeZone: 'Africa/Nairobi',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** The pay link of an order that has one, with a WhatsApp message to its phone. */
export function payLinkOf(
  order: Pick<Order, 'id' | 'pay_link_expires_at' | 'shipping_phone' | 'total_cents'>,
  customerName: string | null,
  config: Config,
): PayLinkJson | null {
  if (!order.pay_link_expires_at) return null;
  const expiresAt = new Date(order.pay_link_expires_at).toISOString();
  const url = `${config.appUrl}/pay/${signPayLink(config.payLinks.secret, order.id, expiresAt)}`;
  const greeting = customerName ? `Hi ${customerName.split(/\s+/)[0]}, here` : 'Here';
  const until = nairobiTime(expiresAt);
  const message = `${greeting} is your order #${order.id} from ${config.shopName}: ${formatKshCents(order.total_cents)}. Pay by M-Pesa or card here: ${url} (the link works until ${until}).`;
  const digits = (order.shipping_phone ?? '').replace(/\D/g, '');
  return {
    url,
    expires_at: expiresAt,
    message,
    whatsapp_url: `https://wa.me/${digits}?text=${encodeURIComponent(message)}`,
  };
}

function historyNote(body: ManualOrderBody, priced: PricedManualOrder, payLinkUntil: string | null): string {
  const parts = [`Manual order (${SALES_CHANNEL_LABELS[body.channel]})`];
  if (priced.price.shopDiscountCents > 0) {
    parts.push(`shop discount ${formatKshCents(priced.price.shopDiscountCents)}: ${priced.discountReason}`);
  }
  if (payLinkUntil) parts.push(`pay link until ${nairobiTime(payLinkUntil)}`);
  return parts.join('; ');
}

/**
 * Places a manual order: its items are reserved at once (`place_manual`), held until the pay
 * link expires; with a payment, it is recorded in the same transaction (`record_payment`).
 */
export async function createManualOrder(
  db: Db,
  by: Actor,
  body: ManualOrderBody,
  config: Config,
  shop: ShopContext,
): Promise<{
  order: AdminOrderJson;
  payLink: PayLinkJson | null;
  events: PendingEvent[];
  texted: TextedOrder;
}> {
  const priced = await priceManualOrder(db, body);
  const imageKeys = await firstImageKeys(
    db,
    priced.lines.map((l) => l.id),
  );
  const holdUntil = payLinkExpiry(Date.now(), config.payLinks.hours);
  const payment = body.payment ?? null;
  const moved = await runPlaceManualMove(
    db,
    {
      by,
      customerId: priced.customer.id,
      lines: priced.lines.map((l) => ({
        productId: l.id,
        name: l.name,
        imageKey: imageKeys.get(l.id) ?? null,
        unitPriceCents: l.priceCents,
        quantity: l.quantity,
      })),
      amounts: {
        subtotal_cents: priced.price.subtotalCents,
        discount_cents: priced.price.discountCents,
        delivery_fee_cents: priced.price.deliveryFeeCents,
        total_cents: priced.price.totalCents,
        applied_discounts: priced.price.appliedDiscounts,
      },
      shipping_address: priced.delivery.name,
      shipping_phone: priced.phone,
      discount_code: null,
      delivery_method_id: priced.delivery.methodId,
      delivery_details: JSON.stringify(priced.delivery.details),
      extra: {
        sales_channel: body.channel,
        shop_discount_cents: priced.price.shopDiscountCents,
        shop_discount_reason: priced.discountReason,
        pay_link_expires_at: payment ? null : holdUntil,
      },
      holdUntil,
      note: historyNote(body, priced, payment ? null : holdUntil),
      payment: payment
        ? {
            ...payment,
            write: (trx, order) => insertReceivedPayment(trx, order, payment),
          }
        : undefined,
    },
    shop,
  );
  const [view] = await loadOrderViews(db, [moved.order]);
  const payLink = payLinkOf(moved.order, nameTheShopMayUse(priced.customer), config);
  const texted = await textPhoneOnlyCustomer(db, config, shop, moved.order, priced.customer, payLink);
  return { order: view!, payLink, events: moved.events, texted };
}

export interface TextedOrder {
  /** the phone the text went to; null: none sent */
  to: string | null;
  customerHasEmail: boolean;
  claimLinkSent: boolean;
  /** the SMS sandbox (development, journeys): the text is not sent but handed to the screen */
  sandboxText?: string;
}

/**
 * A customer known only by phone hears about a manual order by SMS (no e-mail can reach them): the
 * pay link, and while nobody has taken the account over, a one-time link to set an e-mail address
 * and password (the claim link, issued by the accounts module). Nothing without Africa's Talking.
 */
async function textPhoneOnlyCustomer(
  db: Db,
  config: Config,
  shop: ShopContext,
  order: Order,
  customer: CustomerRow,
  payLink: PayLinkJson | null,
): Promise<TextedOrder> {
  const customerHasEmail = hasMailbox(customer.email);
  const to = order.shipping_phone;
  // as the phone codes: in the SMS sandbox no text is queued, the screen shows it instead
  const sandbox = !shop.texts && config.smsSandbox;
  if (customerHasEmail || !(shop.texts || sandbox) || !to || !/^\+254[17]\d{8}$/.test(to)) {
    return { to: null, customerHasEmail, claimLinkSent: false };
  }
  // the claim link proves the phone it reaches: only sent to the account's own phone
  const claimable = customer.password_hash === null && !customer.is_admin && customer.phone === to;
  const name = nameTheShopMayUse(customer);
  // in the order's language (the customer's account language when the shop placed it)
  const lang = asLanguage(order.language);
  const hi = name ? t(lang, 'sms.manualOrderHi', { name: name.split(/\s+/)[0] }) : '';
  return db.transaction().execute(async (trx) => {
    const values = { hi, id: order.id, shop: config.shopName, amount: kshIn(lang, order.total_cents) };
    const parts = [
      payLink
        ? t(lang, 'sms.manualOrderPayLink', {
            ...values,
            url: payLink.url,
            until: nairobiTime(payLink.expires_at, lang),
          })
        : t(lang, 'sms.manualOrderPaid', values),
    ];
    if (claimable) {
      const claim = await issueClaimLink(trx, config, customer);
      parts.push(t(lang, 'sms.manualOrderClaim', { url: claim }));
    }
    const message = parts.join(' ');
    if (sandbox)
      return { to: displayKenyanPhone(to), customerHasEmail, claimLinkSent: claimable, sandboxText: message };
    await queueSms(trx, { to, message, template: 'manual_order_links' });
    return { to: displayKenyanPhone(to), customerHasEmail, claimLinkSent: claimable };
  });
}

/** The admin's reply message, saying how the customer hears about the order. */
export function manualOrderMessage(paid: boolean, texted: TextedOrder): string {
  const base = paid ? MANUAL_ORDER_PAID : MANUAL_ORDER_CREATED;
  if (texted.customerHasEmail) return base;
  const noEmail = `${paid ? base : 'Order created.'} The customer has no e-mail address, so no e-mail is sent.`;
  const withClaim = texted.claimLinkSent ? ', with a link to set up their account' : '';
  if (texted.sandboxText !== undefined) {
    return `${noEmail} The text for ${texted.to}${withClaim} is shown below: the SMS sandbox sends nothing.`;
  }
  if (texted.to) return `${noEmail} Sent by SMS to ${texted.to}${withClaim}.`;
  return paid ? noEmail : `${noEmail} Texts are not set up: send the pay link on WhatsApp.`;
}

/** `GET /admin/orders/{id}/pay-link`. */
export async function adminPayLink(db: Db, orderId: number, config: Config): Promise<PayLinkJson> {
  const repo = manualOrdersRepository(db);
  const order = await repo.findOrder(orderId);
  if (!order) throw new DomainError('not_found', 'Order not found.');
  const customer = order.user_id !== null ? await repo.findUserById(order.user_id) : undefined;
  const link = payLinkOf(order, customer ? nameTheShopMayUse(customer) : null, config);
  if (!link) throw new DomainError('not_found', NO_PAY_LINK);
  return link;
}

// ---------------------------------------------------------------------------------------------
// The buyer's side: the token is the only permission

/** The order a pay link names, when the link is genuine and was made for it; expiry not checked here. */
export async function orderOfPayLink(db: Db, config: Config, token: string): Promise<Order> {
  const read = readPayLink(config.payLinks.secret, token);
  if (!read.ok) {
    throw read.reason === 'malformed'
      ? new DomainError('not_found', PAY_LINK_MESSAGES.invalid)
      : new DomainError('forbidden', PAY_LINK_MESSAGES.tampered);
  }
  const order = await manualOrdersRepository(db).findOrder(read.orderId);
  if (!order) throw new DomainError('not_found', PAY_LINK_MESSAGES.invalid);
  if (!order.pay_link_expires_at || Date.parse(order.pay_link_expires_at) !== Date.parse(read.expiresAt)) {
    throw new DomainError('forbidden', PAY_LINK_MESSAGES.tampered);
  }
  return order;
}

async function payLinkState(db: Db, order: Order): Promise<PayLinkView['state']> {
  if (MONEY_RECEIVED_STATUSES.includes(order.payment_status)) {
    return order.payment_status === 'paid' && order.order_status !== 'cancelled' ? 'paid' : 'closed';
  }
  if (order.order_status === 'cancelled') return (await cancelledByExpiry(db, order)) ? 'expired' : 'cancelled';
  if (order.order_status !== 'pending') return 'closed';
  const expired = order.stock_released_at !== null || Date.parse(order.pay_link_expires_at ?? '') <= Date.now();
  return expired ? 'expired' : 'payable';
}

/**
 * What the pay-link page shows: the shop, the lines with photos, delivery and total, and whether
 * it may be paid. An expired link of an unpaid order answers 410; a paid or cancelled order
 * shows its state.
 */
export async function viewPayLink(db: Db, config: Config, token: string): Promise<PayLinkView> {
  const order = await orderOfPayLink(db, config, token);
  const state = await payLinkState(db, order);
  if (state === 'expired') throw new DomainError('gone', PAY_LINK_MESSAGES.expired);
  const [view] = await loadOrderViews(db, [order]);
  const v = view!;
  const owner = order.user_id !== null ? await manualOrdersRepository(db).findUserById(order.user_id) : undefined;
  const firstName = owner ? nameTheShopMayUse(owner) : null;
  return {
    shop: { name: config.shopName, whatsapp: config.shopProfile.whatsapp },
    order: {
      id: v.id,
      customer_first_name: firstName ? (firstName.split(/\s+/)[0] ?? null) : null,
      order_status: v.order_status,
      payment_status: v.payment_status,
      items: v.order_items.map((i) => ({
        name: i.product.name,
        quantity: i.quantity,
        price: Number(i.price),
        subtotal: i.subtotal,
        image_url: i.product.image_url,
      })),
      subtotal: v.subtotal,
      discount_amount: v.discount_amount,
      delivery_fee: v.delivery_fee,
      total_amount: v.total_amount,
      applied_discounts: v.applied_discounts,
      shipping_address: v.shipping_address,
      phone: order.shipping_phone,
    },
    expires_at: new Date(order.pay_link_expires_at!).toISOString(),
    can_pay: state === 'payable',
    state,
  };
}

/**
 * Checks that a pay link may start a payment now: genuine, for this order, not expired, and the
 * order still held and unpaid. Returns the order and its customer, whom the payment is made for.
 */
export async function payableByLink(
  db: Db,
  config: Config,
  token: string,
  claimedOrderId: number | undefined,
): Promise<{ order: Order; customer: { id: number; name: string; email: string } }> {
  const order = await orderOfPayLink(db, config, token);
  if (claimedOrderId !== undefined && claimedOrderId !== order.id) {
    throw new DomainError('forbidden', PAY_LINK_MESSAGES.otherOrder);
  }
  const state = await payLinkState(db, order);
  if (state === 'expired') throw new DomainError('gone', PAY_LINK_MESSAGES.expired);
  if (state === 'paid') throw new DomainError('invalid', 'This order is already paid.');
  if (state !== 'payable') throw new DomainError('invalid', 'This order can no longer be paid.');
  const customer = order.user_id !== null ? await manualOrdersRepository(db).findUserById(order.user_id) : undefined;
  if (!customer) throw new DomainError('invalid', 'This order can no longer be paid.');
  // A customer known only by phone has no mailbox: the payment page gets the shop's address for the receipt.
  const email = hasMailbox(customer.email) ? customer.email : config.mail.shopEmail;
  return { order, customer: { id: customer.id, name: customer.name, email } };
}
