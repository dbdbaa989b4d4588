import {
  MONEY_RECEIVED_STATUSES,
  OFFERS,
  ORDER_MOVES,
  adminMoveFor,
  cancelRequestOpen,
  moveRefusal,
  statusAfter,
  transitionRefusal,
  type OrderActor,
  type OrderMoveName,
  type OrderStatus,
} from '@mtumba/contract';
import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db, Executor, Trx } from '../../db/database.js';
import { dialectOf, isUniqueViolation, now } from '../../db/database.js';
import type { Order, OrdersTable } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import type { PendingEvent } from '../../lib/events.js';
import { recordSecurityEvent } from '../accounts/security-log.js';
import { heldOfferCount, takeOverHolds, tooManyHeldItems } from '../offers/holds.js';
import { releaseLines, reserveLines, type StockActor } from '../stock/ledger.js';
import { removeOrderedItems } from '../cart/service.js';
import {
  mailCancelDeclined,
  mailCancelRequest,
  mailExpired,
  mailPayOnDeliveryConfirmed,
  mailReceipt,
  mailRefundDueToCustomer,
  mailRefundDueToShop,
  mailRefunded,
  mailStatusChange,
  type ShopContext,
} from './emails.js';
import { ordersRepository } from './repository.js';

/**
 * The order lifecycle: the only code that changes an order's status or payment status, or moves
 * stock for an order. Every change is one move of the table in `@mtumba/contract` (order-states),
 * made with a conditional UPDATE inside one transaction that also moves the stock (once), writes
 * the history entry with the move's name, and queues the e-mails. The events it returns are
 * emitted by the caller once the transaction has committed.
 */

export const ORDER_NOT_FOUND = 'Order not found.';
export const EXPIRED_MESSAGE = 'Your order reservation expired. Please recreate the order.';
export const EXPIRY_NOTE = 'Reservation expired';
export const CHANGED_MEANWHILE = 'This order was just changed by someone else. Please reload it.';
export const CANCEL_NOT_ALLOWED = 'Only pending or processing orders can be cancelled.';
export const NO_OPEN_REQUEST = 'There is no open cancellation request on this order.';
export const DELIVER_NEEDS_PAYMENT =
  'Record the payment the rider collected (cash or M-Pesa) before marking this order delivered.';
export const PAID_NEEDS_REQUEST = 'This order is paid: ask the shop to cancel it with "Request Cancel".';

export interface MoveBy {
  actor: OrderActor;
  userId: number | null;
  /** where an admin's change came from, for the security log */
  ip?: string | null;
}

/** The admin making a change, and the address it came from (for the security log). */
export interface AdminRef {
  id: number;
  ip?: string | null;
}

export type Moved = { order: Order; events: PendingEvent[] };

/** Thrown (inside a transaction) when a move that reserves stock finds an item gone. */
export class OutOfStock extends DomainError {
  constructor(
    readonly productId: number,
    productName: string,
  ) {
    const message = `Not enough stock for ${productName}`;
    super('invalid', message, { extra: { error: message } });
  }
}

function stockActor(by: MoveBy): StockActor {
  return { actor: by.actor, userId: by.userId };
}

function statusEvent(order: Order): PendingEvent {
  return {
    name: 'order.status.updated',
    payload: { userId: order.user_id, id: order.id, status: order.order_status, updated_at: order.updated_at },
  };
}

/** Nothing was received for this order: releasing it frees the first-order offer again. */
function moneyReceived(order: Pick<Order, 'payment_status'>): boolean {
  return MONEY_RECEIVED_STATUSES.includes(order.payment_status);
}

/**
 * Makes one move: checks the table, changes the order only if it is still as it was read
 * (status and payment status), moves the stock, and writes the history entry.
 */
async function applyMove(
  trx: Trx,
  order: Order,
  move: OrderMoveName,
  by: MoveBy,
  options: { note?: string | null; set?: Updateable<OrdersTable>; at?: string } = {},
): Promise<Order> {
  const refusal = moveRefusal(move, order);
  if (refusal) throw new DomainError('invalid', refusal);
  const rule = ORDER_MOVES[move];
  const at = options.at ?? now();
  const to = statusAfter(move, order.order_status);
  const repo = ordersRepository(trx);

  if (rule.stock === 'reserve') {
    const items = await repo.itemsOf([order.id]);
    const missing = await reserveLines(trx, order.id, items, stockActor(by), at);
    if (missing !== undefined) {
      const name = items.find((i) => i.product_id === missing)?.product_name ?? 'an item';
      throw new OutOfStock(missing, name);
    }
  }

  const changes: Updateable<OrdersTable> = { ...options.set, order_status: to, updated_at: at };
  if (rule.stock === 'release') changes.stock_released_at = at;
  if (rule.stock === 'reserve') changes.stock_released_at = null;
  let update = trx
    .updateTable('orders')
    .set(changes)
    .where('id', '=', order.id)
    .where('order_status', '=', order.order_status)
    .where('payment_status', '=', order.payment_status);
  if (rule.stock === 'release') update = update.where('stock_released_at', 'is', null);
  const moved = await update.returningAll().executeTakeFirst();
  if (!moved) throw new DomainError('conflict', CHANGED_MEANWHILE);

  if (rule.stock === 'release') {
    await releaseLines(trx, order.id, await repo.itemsOf([order.id]), stockActor(by), at);
  }
  await repo.addHistory({
    order_id: order.id,
    from_status: order.order_status,
    to_status: to,
    actor: by.actor,
    actor_user_id: by.userId,
    note: options.note ?? null,
    move,
    created_at: at,
  });
  if (by.actor === 'admin') {
    await recordSecurityEvent(trx, {
      userId: order.user_id,
      actorId: by.userId,
      kind: 'admin_order_changed',
      detail: { order_id: order.id, move, from: order.order_status, to, payment: moved.payment_status },
      ip: by.ip ?? null,
    });
  }
  return moved;
}

/**
 * A cancelled order gives the first-order offer back (it is no longer live); money it received
 * becomes due for a refund.
 */
function releaseSet(order: Order): Updateable<OrdersTable> {
  return moneyReceived(order)
    ? { payment_status: 'refund_due', welcome_claim_user_id: null }
    : { welcome_claim_user_id: null };
}

async function loadForUpdate(trx: Trx, orderId: number): Promise<Order> {
  const order = await ordersRepository(trx).findById(orderId);
  if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND);
  return order;
}

async function customerOf(trx: Trx, order: Order) {
  return order.user_id === null ? undefined : ordersRepository(trx).findUser(order.user_id);
}

// ---------------------------------------------------------------------------------------------
// Placing an order

export interface NewOrder {
  customerId: number;
  lines: { productId: number; name: string; imageKey: string | null; unitPriceCents: number; quantity: number }[];
  amounts: {
    subtotal_cents: number;
    discount_cents: number;
    delivery_fee_cents: number;
    total_cents: number;
    applied_discounts: string[];
  };
  shipping_address: string;
  shipping_phone: string;
  discount_code: string | null;
  /** the delivery method chosen and the copy of its details the order keeps */
  delivery_method_id: number | null;
  delivery_details: string;
  reservationSeconds: number;
  limits: { maxUnpaidOrders: number; maxReservedItems: number };
  /** units the customer's accepted offers hold: taken over by the order, not reserved again */
  heldOffers?: { offerId: number; productId: number; name: string }[];
}

/** How many units the customer's unpaid orders hold now (the offers' hold limit counts them too). */
export async function unpaidHeldItems(db: Executor, userId: number, at: string): Promise<number> {
  return (await ordersRepository(db).unpaidHolds(userId, at)).items;
}

export const tooManyUnpaidOrders = (n: number) =>
  `You already have ${n} unpaid ${n === 1 ? 'order' : 'orders'}. Please pay or cancel an unpaid order first.`;
export const tooManyReservedItems = (n: number) =>
  `Unpaid orders may hold at most ${n} items at a time. Please pay or cancel an unpaid order first.`;

export const offerTakenMeanwhile = (orderId: number | undefined) =>
  `Your first-order offer has just gone to ${orderId === undefined ? 'another of your orders' : `your order #${orderId}`}, placed a moment ago. Please place this order again: it is priced without the offer.`;

/**
 * The `place` move: one transaction that checks the customer's hold limits, claims the
 * first-order offer (a unique column: one live order each), inserts the order and takes every
 * line off the shelf, or changes nothing.
 */
export async function placeNewOrder(db: Db, input: NewOrder): Promise<Order> {
  return db.transaction().execute(async (trx) => {
    // Several instances on PostgreSQL: one placement per customer at a time, so the limits and the
    // offer claim are decided on what the customer really holds. SQLite runs one writer anyway.
    if (dialectOf(trx) === 'postgres') {
      await trx.selectFrom('users').select('id').where('id', '=', input.customerId).forUpdate().execute();
    }
    const at = now();
    const held = await ordersRepository(trx).unpaidHolds(input.customerId, at);
    if (held.orders >= input.limits.maxUnpaidOrders) {
      throw new DomainError('invalid', tooManyUnpaidOrders(held.orders));
    }
    const quantity = input.lines.reduce((n, l) => n + l.quantity, 0);
    if (held.items + quantity > input.limits.maxReservedItems) {
      throw new DomainError('invalid', tooManyReservedItems(input.limits.maxReservedItems));
    }
    // Accepted offers' units count too, except those this order takes over (already in `quantity`).
    const offerHolds = Math.max(0, (await heldOfferCount(trx, input.customerId, at)) - (input.heldOffers?.length ?? 0));
    if (held.items + offerHolds + quantity > input.limits.maxReservedItems) {
      throw new DomainError('invalid', tooManyHeldItems(input.limits.maxReservedItems));
    }
    return insertHeldOrder(trx, input, {
      at,
      reservedUntil: new Date(Date.parse(at) + input.reservationSeconds * 1000).toISOString(),
      by: { actor: 'customer', userId: input.customerId },
      move: 'place',
      note: 'Order placed',
    });
  });
}

type HeldOrderInput = Pick<
  NewOrder,
  'customerId' | 'lines' | 'amounts' | 'shipping_address' | 'shipping_phone' | 'discount_code'
> &
  Partial<Pick<NewOrder, 'delivery_method_id' | 'delivery_details' | 'heldOffers'>> & {
    extra?: Partial<Insertable<OrdersTable>>;
  };

/**
 * Inside a placing move's transaction: claims the first-order offer if the price carries it,
 * inserts the order and its lines, takes every line off the shelf (or throws OutOfStock, rolling
 * everything back), and writes the history entry.
 */
async function insertHeldOrder(
  trx: Trx,
  input: HeldOrderInput,
  how: { at: string; reservedUntil: string; by: MoveBy; move: 'place' | 'place_manual'; note: string },
): Promise<Order> {
  const { at } = how;
  const claimsOffer = input.amounts.applied_discounts.includes(OFFERS.welcome.label);
  const repo = ordersRepository(trx);
  // The price was worked out before this transaction: another order of the same customer placed at
  // the same moment may have claimed the first-order offer since. That order keeps it; this one is
  // refused (409) rather than sold at a discount it no longer has.
  if (claimsOffer) {
    const holder = await repo.offerHolder(input.customerId);
    if (holder !== undefined) throw new DomainError('conflict', offerTakenMeanwhile(holder));
  }
  const created = await repo
    .insertOrder({
      user_id: input.customerId,
      order_status: 'pending',
      payment_status: 'unpaid',
      ...input.amounts,
      applied_discounts: JSON.stringify(input.amounts.applied_discounts),
      shipping_address: input.shipping_address,
      shipping_phone: input.shipping_phone,
      discount_code: input.discount_code,
      delivery_method_id: input.delivery_method_id ?? null,
      delivery_details: input.delivery_details ?? null,
      reserved_until: how.reservedUntil,
      stock_released_at: null,
      cancel_requested_at: null,
      paid_at: null,
      welcome_claim_user_id: claimsOffer ? input.customerId : null,
      ...input.extra,
      created_at: at,
      updated_at: at,
    })
    .catch((err: unknown) => {
      // the claim's unique index: a twin committed between the check above and this insert
      if (!claimsOffer || !isUniqueViolation(err)) throw err;
      throw new DomainError('conflict', offerTakenMeanwhile(undefined));
    });
  await repo.insertItems(
    input.lines.map((l) => ({
      order_id: created.id,
      product_id: l.productId,
      product_name: l.name,
      product_image_key: l.imageKey,
      unit_price_cents: l.unitPriceCents,
      quantity: l.quantity,
    })),
  );
  // A unit held for the customer's accepted price offer becomes this order's reservation as it is:
  // it is never back on the shelf in between, and only the rest of each line is taken now.
  const who = stockActor(how.by);
  const heldOffers = input.heldOffers ?? [];
  await takeOverHolds(trx, input.customerId, created.id, heldOffers, who, at);
  const toReserve = new Map<number, number>();
  for (const l of input.lines) toReserve.set(l.productId, (toReserve.get(l.productId) ?? 0) + l.quantity);
  for (const h of heldOffers) toReserve.set(h.productId, (toReserve.get(h.productId) ?? 0) - 1);
  const missing = await reserveLines(
    trx,
    created.id,
    [...toReserve].filter(([, quantity]) => quantity > 0).map(([product_id, quantity]) => ({ product_id, quantity })),
    who,
    at,
  );
  if (missing !== undefined) {
    throw new OutOfStock(missing, input.lines.find((l) => l.productId === missing)?.name ?? 'an item');
  }
  // The ordered units leave the customer's cart (checkout, an accepted offer's item, a manual order).
  await removeOrderedItems(trx, input.customerId, input.lines);
  await repo.addHistory({
    order_id: created.id,
    from_status: null,
    to_status: 'pending',
    actor: how.by.actor,
    actor_user_id: how.by.userId,
    note: how.note,
    move: how.move,
    created_at: at,
  });
  return created;
}

export interface NewManualOrder extends HeldOrderInput {
  admin: AdminRef;
  /** until when the pay link works and the items are held */
  holdUntil: string;
  /** the history note: where the sale was made and any shop discount with its reason */
  note: string;
  /** a payment the shop already received: recorded in the same transaction (`record_payment`) */
  payment?: {
    method: ManualPaymentMethod;
    reference: string;
    write: (trx: Trx, order: Order) => Promise<void>;
  };
}

/**
 * The `place_manual` move: the admin places an order for a customer (a sale made on WhatsApp, by
 * phone or live). Its items are reserved at once and held until `holdUntil` (the pay link's
 * expiry), without the customer's hold limits. With a payment, `record_payment` follows in the
 * same transaction, so the order is never left half-made.
 */
export async function placeManualOrder(db: Db, input: NewManualOrder, shop: ShopContext): Promise<Moved> {
  return db.transaction().execute(async (trx) => {
    // As for `place`: the first-order offer claim is decided on what the customer really holds.
    if (dialectOf(trx) === 'postgres') {
      await trx.selectFrom('users').select('id').where('id', '=', input.customerId).forUpdate().execute();
    }
    const at = now();
    const by: MoveBy = { actor: 'admin', userId: input.admin.id, ip: input.admin.ip };
    const created = await insertHeldOrder(trx, input, {
      at,
      reservedUntil: input.holdUntil,
      by,
      move: 'place_manual',
      note: input.note,
    });
    await recordSecurityEvent(trx, {
      userId: created.user_id,
      actorId: input.admin.id,
      kind: 'admin_order_changed',
      detail: { order_id: created.id, move: 'place_manual', from: null, to: 'pending', payment: 'unpaid' },
      ip: input.admin.ip ?? null,
    });
    const events: PendingEvent[] = [statusEvent(created)];
    if (!input.payment) return { order: created, events };
    const paid = await applyMove(trx, created, 'record_payment', by, {
      note: paymentNote(input.payment),
      set: { payment_status: 'paid', paid_at: at },
      at,
    });
    await input.payment.write(trx, paid);
    return { order: paid, events: await afterPaid(trx, paid, shop) };
  });
}

function paymentNote(payment: { method: ManualPaymentMethod; reference: string }): string {
  return `Payment recorded by the shop: ${payment.method === 'mpesa' ? 'M-Pesa' : payment.method} ${payment.reference}`;
}

// ---------------------------------------------------------------------------------------------
// Payments

export type PaymentOutcome = 'paid' | 'already_paid' | 'refund_due';

/**
 * Inside the payment's transaction: a CONFIRMED payment for the order. Idempotent: an order that
 * already received money changes nothing ('already_paid', or 'refund_due' when it was flagged).
 * A held order is paid; an order cancelled by expiry is paid if every item can be reserved again
 * (and the first-order offer is still its own); anything else is flagged for a refund.
 */
export async function settlePayment(
  trx: Trx,
  orderId: number,
  shop: ShopContext,
): Promise<{ outcome: PaymentOutcome; events: PendingEvent[] }> {
  const order = await loadForUpdate(trx, orderId);
  if (moneyReceived(order)) {
    return { outcome: order.payment_status === 'paid' ? 'already_paid' : 'refund_due', events: [] };
  }
  const by: MoveBy = { actor: 'payment', userId: null };
  const at = now();

  if (order.order_status === 'pending' && order.stock_released_at === null) {
    const paid = await applyMove(trx, order, 'pay', by, {
      note: 'Payment received',
      set: { payment_status: 'paid', paid_at: at },
      at,
    });
    return { outcome: 'paid', events: await afterPaid(trx, paid, shop) };
  }

  // The customer opened a checkout, switched the order to pay on delivery, then paid the checkout
  // after all: the money is the order's payment. It is recorded as paid online, so the rider
  // collects nothing and a refund can be recorded against it.
  if (
    order.payment_method === 'pay_on_delivery' &&
    order.payment_status === 'unpaid' &&
    !moveRefusal('record_delivery_payment', order)
  ) {
    const paid = await applyMove(trx, order, 'record_delivery_payment', by, {
      note: 'Paid online after choosing pay on delivery: nothing to collect on delivery',
      set: { payment_status: 'paid', paid_at: at, payment_method: 'online' },
      at,
    });
    return { outcome: 'paid', events: await afterPaid(trx, paid, shop) };
  }

  if (
    order.order_status === 'cancelled' &&
    (await cancelledByExpiry(trx, order)) &&
    (await offerStillOurs(trx, order))
  ) {
    try {
      const revived = await applyMove(trx, order, 'pay_after_expiry', by, {
        note: 'Payment received after the reservation expired; items reserved again',
        set: {
          payment_status: 'paid',
          paid_at: at,
          welcome_claim_user_id: order.applied_discounts.includes(OFFERS.welcome.label) ? order.user_id : null,
        },
        at,
      });
      return { outcome: 'paid', events: await afterPaid(trx, revived, shop) };
    } catch (err) {
      if (!(err instanceof OutOfStock)) throw err;
    }
  }

  if (order.order_status !== 'cancelled') {
    // A payment for an order that is neither held nor cancelled (the shop recorded another one).
    return { outcome: 'already_paid', events: [] };
  }
  const flagged = await applyMove(trx, order, 'pay_unavailable', by, {
    note: 'Payment received but the items are no longer available: refund due',
    set: { payment_status: 'refund_due', paid_at: at },
    at,
  });
  const customer = await customerOf(trx, flagged);
  await mailRefundDueToShop(trx, shop, flagged, customer, 'late_payment');
  if (customer) await mailRefundDueToCustomer(trx, shop, customer, flagged);
  return { outcome: 'refund_due', events: [statusEvent(flagged)] };
}

async function afterPaid(trx: Trx, order: Order, shop: ShopContext): Promise<PendingEvent[]> {
  const repo = ordersRepository(trx);
  const customer = await customerOf(trx, order);
  if (customer) await mailReceipt(trx, shop, customer, order, await repo.itemsOf([order.id]));
  const payload = { userId: order.user_id, id: order.id, status: order.order_status, updated_at: order.updated_at };
  return [
    { name: 'order.status.updated', payload },
    { name: 'order.paid', payload },
  ];
}

/** Whether the sweeper cancelled the order (its reservation ran out), not the shop or the customer. */
export async function cancelledByExpiry(db: Executor, order: Order): Promise<boolean> {
  const last = await ordersRepository(db).lastHistory(order.id);
  return last?.actor === 'system' && last.note === EXPIRY_NOTE;
}

/** A late payment revives an order only if its first-order offer has not gone to another order. */
async function offerStillOurs(trx: Trx, order: Order): Promise<boolean> {
  if (order.user_id === null || !order.applied_discounts.includes(OFFERS.welcome.label)) return true;
  const holder = await ordersRepository(trx).offerHolder(order.user_id);
  return holder === undefined || holder === order.id;
}

/**
 * Inside the prompt's transaction: an M-Pesa prompt went to the customer's phone, so the order's
 * payment is in flight (`pending`). False when the order moved on meanwhile (a payment or the
 * sweeper got there first): nothing changes then.
 */
export async function notePromptSent(trx: Trx, orderId: number, note: string): Promise<boolean> {
  const order = await ordersRepository(trx).findById(orderId);
  if (!order || moveRefusal('prompt_sent', order) || order.stock_released_at !== null) return false;
  try {
    await applyMove(
      trx,
      order,
      'prompt_sent',
      { actor: 'customer', userId: order.user_id },
      { note, set: { payment_status: 'pending' } },
    );
    return true;
  } catch (err) {
    if (err instanceof DomainError && err.kind === 'conflict') return false;
    throw err;
  }
}

/** Inside the payment's transaction: the provider reports a failed attempt; the hold goes on. */
export async function notePaymentFailure(trx: Trx, orderId: number): Promise<void> {
  const order = await ordersRepository(trx).findById(orderId);
  if (!order || moveRefusal('payment_failed', order)) return;
  try {
    await applyMove(
      trx,
      order,
      'payment_failed',
      { actor: 'payment', userId: null },
      {
        note: 'Payment failed',
        set: { payment_status: 'failed' },
      },
    );
  } catch (err) {
    if (!(err instanceof DomainError && err.kind === 'conflict')) throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Expiry

/**
 * The `expire` move for one order, in its own transaction; undefined when another instance (or a
 * payment) got there first. Safe to call from many sweepers at once.
 */
export async function expireOrder(db: Db, orderId: number, at: string, shop: ShopContext): Promise<Moved | undefined> {
  return db.transaction().execute(async (trx) => {
    const order = await ordersRepository(trx).findById(orderId);
    if (
      !order ||
      moveRefusal('expire', order) ||
      order.stock_released_at !== null ||
      order.reserved_until === null ||
      order.reserved_until >= at
    ) {
      return undefined;
    }
    let expired: Order;
    try {
      expired = await applyMove(
        trx,
        order,
        'expire',
        { actor: 'system', userId: null },
        {
          note: EXPIRY_NOTE,
          set: { welcome_claim_user_id: null },
          at,
        },
      );
    } catch (err) {
      if (err instanceof DomainError && err.kind === 'conflict') return undefined;
      throw err;
    }
    const customer = await customerOf(trx, expired);
    if (customer) await mailExpired(trx, shop, customer, expired);
    return {
      order: expired,
      events: [statusEvent(expired), { name: 'order.expired', payload: { userId: expired.user_id, id: expired.id } }],
    };
  });
}

// ---------------------------------------------------------------------------------------------
// The customer's moves

/** The customer cancels their own unpaid order: the items go back on sale at once. */
export async function cancelByCustomer(db: Db, customerId: number, orderId: number, shop: ShopContext): Promise<Moved> {
  return db.transaction().execute(async (trx) => {
    const order = await ordersRepository(trx).findOwned(orderId, customerId);
    if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND);
    if (order.order_status === 'pending' && moneyReceived(order)) throw new DomainError('invalid', PAID_NEEDS_REQUEST);
    if (order.order_status === 'processing') throw new DomainError('invalid', PAID_NEEDS_REQUEST);
    const cancelled = await applyMove(
      trx,
      order,
      'customer_cancel',
      { actor: 'customer', userId: customerId },
      {
        note: 'Cancelled by the customer',
        set: releaseSet(order),
      },
    );
    const customer = await customerOf(trx, cancelled);
    if (customer) await mailStatusChange(trx, shop, customer, cancelled);
    return { order: cancelled, events: [statusEvent(cancelled)] };
  });
}

/** Records the customer's wish to cancel (once while open) and tells the shop; the shop decides. */
export async function requestCancellation(
  db: Db,
  customer: { id: number; name: string; email: string },
  orderId: number,
  shop: ShopContext,
): Promise<PendingEvent[]> {
  return db.transaction().execute(async (trx) => {
    const order = await ordersRepository(trx).findOwned(orderId, customer.id);
    if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND);
    if (moveRefusal('request_cancel', order)) throw new DomainError('invalid', CANCEL_NOT_ALLOWED);
    if (cancelRequestOpen(order)) return [];
    const at = now();
    const requested = await applyMove(
      trx,
      order,
      'request_cancel',
      { actor: 'customer', userId: customer.id },
      {
        note: 'Cancellation requested',
        set: {
          cancel_requested_at: at,
          cancel_request_resolved_at: null,
          cancel_request_outcome: null,
          cancel_request_note: null,
        },
        at,
      },
    );
    await mailCancelRequest(trx, shop, requested, customer);
    return [
      {
        name: 'order.cancel_requested',
        payload: { userId: requested.user_id, id: requested.id, cancel_requested_at: at },
      },
    ];
  });
}

// ---------------------------------------------------------------------------------------------
// The shop's moves

/**
 * `PUT /admin/orders/{id}` with a status: ship, deliver or cancel. An unpaid pending order moves
 * to processing only through `recordPayment`.
 */
export async function changeStatusByAdmin(
  db: Db,
  admin: AdminRef,
  orderId: number,
  to: OrderStatus,
  shop: ShopContext,
): Promise<Moved> {
  return db.transaction().execute(async (trx) => {
    const order = await loadForUpdate(trx, orderId);
    let move = adminMoveFor(order.order_status, to);
    if (!move) throw new DomainError('invalid', transitionRefusal(order.order_status, to) ?? CHANGED_MEANWHILE);
    if (move === 'cancel') return cancelInside(trx, order, 'cancel', admin, shop, null);
    const onDelivery = order.payment_method === 'pay_on_delivery' && order.payment_status === 'unpaid';
    // A pay-on-delivery order leaves unpaid; it is delivered once the rider's collection is recorded.
    if (move === 'ship' && onDelivery) move = 'ship_pay_on_delivery';
    if (move === 'deliver' && onDelivery) throw new DomainError('invalid', DELIVER_NEEDS_PAYMENT);
    const moved = await applyMove(trx, order, move, { actor: 'admin', userId: admin.id, ip: admin.ip });
    const customer = await customerOf(trx, moved);
    if (customer) await mailStatusChange(trx, shop, customer, moved);
    return { order: moved, events: [statusEvent(moved)] };
  });
}

async function cancelInside(
  trx: Trx,
  order: Order,
  move: 'cancel' | 'approve_cancel',
  admin: AdminRef,
  shop: ShopContext,
  note: string | null,
): Promise<Moved> {
  const set: Updateable<OrdersTable> = releaseSet(order);
  if (cancelRequestOpen(order)) {
    set.cancel_request_resolved_at = now();
    set.cancel_request_outcome = 'approved';
  }
  const cancelled = await applyMove(
    trx,
    order,
    move,
    { actor: 'admin', userId: admin.id, ip: admin.ip },
    { note, set },
  );
  const customer = await customerOf(trx, cancelled);
  if (customer) await mailStatusChange(trx, shop, customer, cancelled);
  if (cancelled.payment_status === 'refund_due') {
    await mailRefundDueToShop(trx, shop, cancelled, customer, 'cancelled_paid');
  }
  return { order: cancelled, events: [statusEvent(cancelled)] };
}

/** The shop answers a cancellation request: approve (the order is cancelled) or decline with a note. */
export async function decideCancelRequest(
  db: Db,
  admin: AdminRef,
  orderId: number,
  decision: { approve: boolean; note: string | null },
  shop: ShopContext,
): Promise<Moved> {
  return db.transaction().execute(async (trx) => {
    const order = await loadForUpdate(trx, orderId);
    if (!cancelRequestOpen(order)) throw new DomainError('invalid', NO_OPEN_REQUEST);
    if (decision.approve) return cancelInside(trx, order, 'approve_cancel', admin, shop, decision.note);
    const at = now();
    const kept = await applyMove(
      trx,
      order,
      'decline_cancel',
      { actor: 'admin', userId: admin.id, ip: admin.ip },
      {
        note: decision.note ?? 'Cancellation request declined',
        set: { cancel_request_resolved_at: at, cancel_request_outcome: 'declined', cancel_request_note: decision.note },
        at,
      },
    );
    const customer = await customerOf(trx, kept);
    if (customer) await mailCancelDeclined(trx, shop, customer, kept);
    return { order: kept, events: [statusEvent(kept)] };
  });
}

export type ManualPaymentMethod = 'mpesa' | 'cash' | 'card' | 'bank';

/**
 * The shop records a payment it received itself (an M-Pesa code from its till, cash): the
 * held order is paid. Returns the order and the events; the payment row is written by the caller
 * in the same transaction through `write`.
 */
export async function recordPayment(
  db: Db,
  admin: AdminRef,
  orderId: number,
  payment: { method: ManualPaymentMethod; reference: string },
  shop: ShopContext,
  write: (trx: Trx, order: Order) => Promise<void>,
): Promise<Moved> {
  return db.transaction().execute(async (trx) => {
    const order = await loadForUpdate(trx, orderId);
    // Pay on delivery: the rider's collection is recorded on a processing or shipped order.
    const move = order.payment_method === 'pay_on_delivery' ? 'record_delivery_payment' : 'record_payment';
    const refusal = moveRefusal(move, order);
    if (refusal) throw new DomainError('invalid', refusal);
    if (order.stock_released_at !== null) throw new DomainError('invalid', EXPIRED_MESSAGE);
    const at = now();
    const paid = await applyMove(
      trx,
      order,
      move,
      { actor: 'admin', userId: admin.id, ip: admin.ip },
      {
        note: paymentNote(payment),
        set: { payment_status: 'paid', paid_at: at },
        at,
      },
    );
    await write(trx, paid);
    return { order: paid, events: await afterPaid(trx, paid, shop) };
  });
}

export const REFUND_TOO_LARGE = (left: string) => `The refund may not be more than what is left to refund (${left}).`;

/** The shop records money it paid back; partial refunds add up to at most the amount received. */
export async function recordRefund(
  db: Db,
  admin: AdminRef,
  orderId: number,
  refund: { amountCents: number; method: 'mpesa' | 'card' | 'cash'; reference: string | null; note: string | null },
  shop: ShopContext,
  formatLeft: (cents: number) => string,
): Promise<Moved> {
  return db.transaction().execute(async (trx) => {
    const order = await loadForUpdate(trx, orderId);
    const refusal = moveRefusal('record_refund', order);
    if (refusal) throw new DomainError('invalid', 'This order has no payment to refund.');
    const left = order.total_cents - order.refunded_cents;
    if (refund.amountCents > left) {
      throw new DomainError('invalid', REFUND_TOO_LARGE(formatLeft(left)), {
        errors: { amount: [REFUND_TOO_LARGE(formatLeft(left))] },
      });
    }
    const refunded = order.refunded_cents + refund.amountCents;
    const at = now();
    const moved = await applyMove(
      trx,
      order,
      'record_refund',
      { actor: 'admin', userId: admin.id, ip: admin.ip },
      {
        note: `Refund recorded: ${refund.method === 'mpesa' ? 'M-Pesa' : refund.method}${refund.reference ? ` ${refund.reference}` : ''}`,
        set: {
          refunded_cents: refunded,
          payment_status: refunded >= order.total_cents ? 'refunded' : 'partially_refunded',
        },
        at,
      },
    );
    await ordersRepository(trx).insertRefund({
      order_id: order.id,
      amount_cents: refund.amountCents,
      method: refund.method,
      reference: refund.reference,
      note: refund.note,
      actor_user_id: admin.id,
      created_at: at,
    });
    const customer = await customerOf(trx, moved);
    if (customer) await mailRefunded(trx, shop, customer, moved, refund.amountCents);
    return { order: moved, events: [statusEvent(moved)] };
  });
}

// ---------------------------------------------------------------------------------------------
// Pay on delivery

export interface PayOnDeliveryLimits {
  maxOrderCents: number;
  maxOpenOrders: number;
}

export const podOverLimit = (max: string) => `Pay on delivery is for orders up to ${max}. Please pay this order now.`;
export const POD_NOT_YET =
  'Pay on delivery opens once you have received an order from us (or verified your phone number). Please pay this order now.';
export const podAlreadyOpen = (id: number) =>
  `You already have an order to pay on delivery (#${id}). Please pay this order now, or wait until that one is delivered.`;
/** When the open orders include another account's on the same phone (their numbers are not shown). */
export const podOpenOnPhone = (n: number) =>
  `This phone number already has ${n === 1 ? 'an order' : `${n} orders`} to pay on delivery. Please pay this order now, or wait until ${n === 1 ? 'that one is' : 'one is'} delivered.`;
export const podTooManyOpen = (n: number) =>
  `You already have ${n} orders to pay on delivery. Please pay this order now, or wait until one is delivered.`;

/**
 * Why the customer may not pay this order on delivery, or undefined when they may: the order is
 * theirs, still held and unpaid; its total is within the limit; the customer has verified their
 * phone or received an order before; and they have fewer open pay-on-delivery orders than allowed.
 */
export async function payOnDeliveryRefusal(
  db: Executor,
  order: Order,
  limits: PayOnDeliveryLimits,
  formatKsh: (cents: number) => string,
): Promise<{ kind: 'invalid' | 'gone'; message: string } | undefined> {
  const refusal = moveRefusal('confirm_pay_on_delivery', order);
  if (refusal) {
    return {
      kind: 'invalid',
      message: order.payment_method === 'pay_on_delivery' ? 'This order is already to be paid on delivery.' : refusal,
    };
  }
  const at = now();
  if (order.stock_released_at !== null || (order.reserved_until !== null && order.reserved_until < at)) {
    return { kind: 'gone', message: EXPIRED_MESSAGE };
  }
  if (order.total_cents > limits.maxOrderCents) {
    return { kind: 'invalid', message: podOverLimit(formatKsh(limits.maxOrderCents)) };
  }
  if (order.user_id === null) return { kind: 'invalid', message: POD_NOT_YET };
  const repo = ordersRepository(db);
  // Counted per phone: every account that verified one of the customer's verified phones.
  const verified = await db
    .selectFrom('phone_verifications')
    .select('phone')
    .distinct()
    .where('user_id', '=', order.user_id)
    .where('verified_at', 'is not', null)
    .execute();
  const phones = verified.map((v) => v.phone);
  // Inside confirmPayOnDelivery's transaction: one decision per phone at a time, across accounts.
  if (dialectOf(db) === 'postgres') {
    for (const phone of [...phones].sort()) {
      await sql`select pg_advisory_xact_lock(hashtext(${`pod:${phone}`}))`.execute(db);
    }
  }
  const [trusted, open] = await Promise.all([
    repo.payOnDeliveryTrust(order.user_id),
    repo.openPayOnDelivery(order.user_id, phones),
  ]);
  if (!trusted) return { kind: 'invalid', message: POD_NOT_YET };
  if (open.length >= limits.maxOpenOrders) {
    return {
      kind: 'invalid',
      message: open.some((o) => o.user_id !== order.user_id)
        ? podOpenOnPhone(open.length)
        : limits.maxOpenOrders === 1
          ? podAlreadyOpen(open[0]!.id)
          : podTooManyOpen(open.length),
    };
  }
  return undefined;
}

/**
 * The `confirm_pay_on_delivery` move: the customer will pay the rider. The order is confirmed
 * (processing) unpaid, and holds its items with no expiry until it is delivered or cancelled.
 */
export async function confirmPayOnDelivery(
  db: Db,
  customerId: number,
  orderId: number,
  limits: PayOnDeliveryLimits,
  shop: ShopContext,
  formatKsh: (cents: number) => string,
): Promise<Moved> {
  return db.transaction().execute(async (trx) => {
    // One decision per customer at a time, so two tabs cannot both pass the "one open order" limit.
    if (dialectOf(trx) === 'postgres') {
      await trx.selectFrom('users').select('id').where('id', '=', customerId).forUpdate().execute();
    }
    const order = await ordersRepository(trx).findOwned(orderId, customerId);
    if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND);
    const refusal = await payOnDeliveryRefusal(trx, order, limits, formatKsh);
    if (refusal) throw new DomainError(refusal.kind, refusal.message);
    const confirmed = await applyMove(
      trx,
      order,
      'confirm_pay_on_delivery',
      { actor: 'customer', userId: customerId },
      {
        note: `Pay on delivery: ${formatKsh(order.total_cents)} to the rider`,
        // A failed online attempt is over: the rider collects, so the order waits unpaid.
        set: { payment_method: 'pay_on_delivery', payment_status: 'unpaid', reserved_until: null },
      },
    );
    const customer = await customerOf(trx, confirmed);
    if (customer)
      await mailPayOnDeliveryConfirmed(
        trx,
        shop,
        customer,
        confirmed,
        await ordersRepository(trx).itemsOf([confirmed.id]),
      );
    return { order: confirmed, events: [statusEvent(confirmed)] };
  });
}
