import { MONEY_RECEIVED_STATUSES, centsToAmount, formatKshCents } from '@mtumba/contract';
import type { AdminOrderDetailJson, AdminOrderJson, OrderJson } from '@mtumba/contract/order';
import type { Db } from '../../db/database.js';
import { now } from '../../db/database.js';
import type { Order, OrderStatus, PaymentStatus } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import type { PendingEvent } from '../../lib/events.js';
import type { ShopContext } from './emails.js';
import {
  CANCEL_NOT_ALLOWED,
  CHANGED_MEANWHILE,
  DELIVER_NEEDS_PAYMENT,
  EXPIRED_MESSAGE,
  NO_OPEN_REQUEST,
  NO_PAYMENT_TO_REFUND,
  ORDER_NOT_FOUND,
  PAID_NEEDS_REQUEST,
  REFUND_TOO_LARGE,
} from './messages.js';
import { customerView, loadOrderViews } from './order-view.js';
import { payOnDeliveryRefusal, type PayOnDeliveryLimits } from './pay-on-delivery.js';
import { ordersRepository } from './repository.js';
import { moneyReceived, runOrderMove, type Moved } from './run-move.js';
import type { Actor } from '../stock/ledger.js';
import { adminMoveFor, cancelRequestOpen, transitionRefusal, type OrderMoveName } from '@mtumba/contract';
import type { PayOnDeliveryOption } from '@mtumba/contract/delivery';

import { CANCEL_REQUEST_SENT, SHIP_TRACKING_REQUIRED } from '@mtumba/contract/order';
import { parseOrderDelivery } from '../delivery/service.js';

export { CANCEL_REQUEST_SENT, ORDER_CANCELLED, ORDER_STATUS_UPDATED } from '@mtumba/contract/order';
export const PAYMENT_RECORDED = 'Payment recorded.';
export const REFUND_RECORDED = 'Refund recorded.';
export const ORDER_PLACED = 'Order placed. Please pay within the reservation time to keep your items.';
export const ORDER_TOO_LARGE = 'This order is too large to place online. Please split it into smaller orders.';

/** Order and payment amounts are 32-bit integer columns of cents (PostgreSQL refuses more). */
export const MAX_ORDER_CENTS = 2_147_483_647;

/** Codes a customer may type; the offers themselves are applied automatically. */
export const KNOWN_CODES = new Set(['WELCOME10']);

export type Result<T> = { value: T; events: PendingEvent[] };

/**
 * What the first-order offer needs to know of a customer: the payment statuses of their orders so
 * far, and which order holds the offer (undefined when none does).
 */
export async function firstOrderOfferStanding(
  db: Db,
  userId: number,
): Promise<{ previous: PaymentStatus[]; offerHolder: number | undefined }> {
  const repo = ordersRepository(db);
  const [previous, offerHolder] = await Promise.all([repo.paymentStatusesOf(userId), repo.offerHolder(userId)]);
  return { previous, offerHolder };
}

export async function listCustomerOrders(db: Db, userId: number): Promise<OrderJson[]> {
  const orders = await ordersRepository(db).listForUser(userId);
  return (await loadOrderViews(db, orders)).map(customerView);
}

function isExpiredPending(order: Order, at: string): boolean {
  return order.order_status === 'pending' && order.reserved_until !== null && order.reserved_until < at;
}

export async function getCustomerOrder(db: Db, userId: number, orderId: number): Promise<OrderJson> {
  const order = await ordersRepository(db).findOwned(orderId, userId);
  if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND);
  if (isExpiredPending(order, now())) throw new DomainError('gone', EXPIRED_MESSAGE);
  const [view] = await loadOrderViews(db, [order]);
  return customerView(view!);
}

/**
 * The customer asks the shop to cancel (`request_cancel`): recorded once while open, and the shop
 * is e-mailed; the shop decides.
 */
export async function requestCancel(
  db: Db,
  customer: { id: number; name: string; email: string },
  orderId: number,
  shop: ShopContext,
): Promise<Result<string>> {
  const moved = await runOrderMove(db, shop, {
    move: 'request_cancel',
    by: { actor: 'customer', userId: customer.id },
    order: orderId,
    ownerId: customer.id,
    customer,
    note: 'Cancellation requested',
    guard: (order, refusal) => {
      if (refusal) throw new DomainError('invalid', CANCEL_NOT_ALLOWED);
      return cancelRequestOpen(order) ? 'skip' : undefined;
    },
  });
  return { value: CANCEL_REQUEST_SENT, events: moved?.events ?? [] };
}

/** The customer cancels their own unpaid order (`customer_cancel`); a paid one needs a request. */
export async function cancelOwnOrder(
  db: Db,
  customer: { id: number },
  orderId: number,
  shop: ShopContext,
): Promise<Result<OrderJson>> {
  const moved = await runOrderMove(db, shop, {
    move: 'customer_cancel',
    by: { actor: 'customer', userId: customer.id },
    order: orderId,
    ownerId: customer.id,
    note: 'Cancelled by the customer',
    guard: (order, refusal) => {
      const paid = (order.order_status === 'pending' && moneyReceived(order)) || order.order_status === 'processing';
      if (paid) throw new DomainError('invalid', PAID_NEEDS_REQUEST);
      if (refusal) throw new DomainError('invalid', refusal);
    },
  });
  return customerResult(db, moved!);
}

async function customerResult(db: Db, moved: Moved): Promise<Result<OrderJson>> {
  const [view] = await loadOrderViews(db, [moved.order]);
  return { value: customerView(view!), events: moved.events };
}

/** Why the first-order offer does not apply: another unpaid order holds it. */
export function offerHeldMessage(orderId: number): string {
  return `WELCOME10 is already applied to your order #${orderId}. It becomes free again if that order is cancelled or expires unpaid.`;
}

export async function listAdminOrders(
  db: Db,
  filter: { status?: OrderStatus; page: number; perPage: number },
): Promise<{ orders: AdminOrderJson[]; total: number }> {
  const { rows, total } = await ordersRepository(db).page({
    status: filter.status,
    limit: filter.perPage,
    offset: (filter.page - 1) * filter.perPage,
  });
  return { orders: await loadOrderViews(db, rows), total };
}

export async function getAdminOrder(db: Db, orderId: number): Promise<AdminOrderDetailJson> {
  const repo = ordersRepository(db);
  const order = await repo.findById(orderId);
  if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND);
  const [[view], payments, refunds] = await Promise.all([
    loadOrderViews(db, [order]),
    repo.paymentsOf(order.id),
    repo.refundsOf([order.id]),
  ]);
  return {
    ...view!,
    payments: payments.map((p) => ({
      reference: p.reference,
      provider: p.provider,
      status: p.status,
      amount: centsToAmount(p.amount_cents),
      method: p.method,
      created_at: p.created_at,
    })),
    refunds: refunds.map((r) => ({
      amount: centsToAmount(r.amount_cents),
      method: r.method,
      reference: r.reference,
      note: r.note,
      created_at: r.created_at,
    })),
  };
}

/** An admin's move as the API answers it: the order's admin view and the events to emit. */
export async function adminOrderResult(db: Db, moved: Moved): Promise<Result<AdminOrderJson>> {
  const [view] = await loadOrderViews(db, [moved.order]);
  return { value: view!, events: moved.events };
}

/**
 * The shop ships, delivers or cancels an order (`PUT /admin/orders/{id}`): the move is the table's
 * row for that status change (`adminMoveFor`). A pay-on-delivery order ships unpaid
 * (`ship_pay_on_delivery`) and is delivered once the rider's collection is recorded; an unpaid
 * pending order reaches processing only through `recordPayment`.
 */
export async function changeOrderStatus(
  db: Db,
  by: Actor,
  orderId: number,
  to: OrderStatus,
  shop: ShopContext,
): Promise<Result<AdminOrderJson>> {
  const move = (order: Order): OrderMoveName => {
    const byStatus = adminMoveFor(order.order_status, to);
    if (!byStatus) throw new DomainError('invalid', transitionRefusal(order.order_status, to) ?? CHANGED_MEANWHILE);
    const onDelivery = order.payment_method === 'pay_on_delivery' && order.payment_status === 'unpaid';
    if (byStatus === 'ship' && onDelivery) return 'ship_pay_on_delivery';
    if (byStatus === 'deliver' && onDelivery) throw new DomainError('invalid', DELIVER_NEEDS_PAYMENT);
    return byStatus;
  };
  const at = now();
  // shipping by a status change records when the order left, without a carrier
  const set = to === 'shipped' ? { shipped_at: at } : undefined;
  return adminOrderResult(db, (await runOrderMove(db, shop, { move, by, order: orderId, note: null, at, set }))!);
}

/** The ship move of an order: a pay-on-delivery order leaves unpaid. */
function shipMoveOf(order: Order): OrderMoveName {
  const onDelivery = order.payment_method === 'pay_on_delivery' && order.payment_status === 'unpaid';
  return onDelivery ? 'ship_pay_on_delivery' : 'ship';
}

export interface Shipment {
  carrier: string;
  tracking_number: string | null;
  note: string | null;
}

/**
 * The shop ships an order with its carrier and waybill (`POST /admin/orders/{id}/ship`): the
 * table's `ship` (or `ship_pay_on_delivery`) move, with the shipment written in the same UPDATE; the
 * customer is e-mailed (and texted) the carrier and waybill. A courier parcel needs its waybill.
 * Sending the same shipment again changes nothing and tells nobody twice (`already`).
 */
export async function shipOrder(
  db: Db,
  by: Actor,
  orderId: number,
  shipment: Shipment,
  shop: ShopContext,
): Promise<Result<AdminOrderJson> & { already: boolean }> {
  const at = now();
  const moved = await runOrderMove(db, shop, {
    move: shipMoveOf,
    by,
    order: orderId,
    at,
    note: `Shipped with ${shipment.carrier}${shipment.tracking_number ? `, waybill ${shipment.tracking_number}` : ''}`,
    set: {
      shipping_carrier: shipment.carrier,
      tracking_number: shipment.tracking_number,
      shipping_note: shipment.note,
      shipped_at: at,
    },
    guard: (order, refusal) => {
      if (
        order.order_status === 'shipped' &&
        order.shipping_carrier === shipment.carrier &&
        (order.tracking_number ?? null) === shipment.tracking_number
      ) {
        return 'skip';
      }
      if (refusal) throw new DomainError('invalid', refusal);
      if (!shipment.tracking_number && parseOrderDelivery(order.delivery_details)?.kind === 'courier') {
        throw new DomainError('invalid', SHIP_TRACKING_REQUIRED, {
          errors: { tracking_number: [SHIP_TRACKING_REQUIRED] },
        });
      }
    },
  });
  if (moved) return { ...(await adminOrderResult(db, moved)), already: false };
  const order = await ordersRepository(db).findById(orderId);
  if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND);
  const [view] = await loadOrderViews(db, [order]);
  return { value: view!, events: [], already: true };
}

/** The to-ship queue: processing orders, oldest first, paged. */
export async function listOrdersToShip(
  db: Db,
  paging: { page: number; perPage: number },
): Promise<{ orders: AdminOrderJson[]; total: number }> {
  const { rows, total } = await ordersRepository(db).toShipPage({
    limit: paging.perPage,
    offset: (paging.page - 1) * paging.perPage,
  });
  return { orders: await loadOrderViews(db, rows), total };
}

/** The shop approves (`approve_cancel`: the order is cancelled) or declines a customer's cancellation request. */
export async function answerCancelRequest(
  db: Db,
  by: Actor,
  orderId: number,
  decision: { approve: boolean; note: string | null },
  shop: ShopContext,
): Promise<Result<AdminOrderJson>> {
  const moved = await runOrderMove(db, shop, {
    move: decision.approve ? 'approve_cancel' : 'decline_cancel',
    by,
    order: orderId,
    note: decision.approve ? decision.note : (decision.note ?? 'Cancellation request declined'),
    set: decision.approve ? undefined : { cancel_request_note: decision.note },
    guard: (order, refusal) => {
      if (!cancelRequestOpen(order)) throw new DomainError('invalid', NO_OPEN_REQUEST);
      if (refusal) throw new DomainError('invalid', refusal);
    },
  });
  return adminOrderResult(db, moved!);
}

/** The shop records money it paid back to the customer (`record_refund`); partial refunds add up to at most what was received. */
export async function recordRefund(
  db: Db,
  by: Actor,
  orderId: number,
  refund: { amountCents: number; method: 'mpesa' | 'card' | 'cash'; reference: string | null; note: string | null },
  shop: ShopContext,
): Promise<Result<AdminOrderJson>> {
  const moved = await runOrderMove(db, shop, {
    move: 'record_refund',
    by,
    order: orderId,
    refundCents: refund.amountCents,
    note: `Refund recorded: ${refund.method === 'mpesa' ? 'M-Pesa' : refund.method}${refund.reference ? ` ${refund.reference}` : ''}`,
    guard: (order, refusal) => {
      if (refusal) throw new DomainError('invalid', NO_PAYMENT_TO_REFUND);
      const left = order.total_cents - order.refunded_cents;
      if (refund.amountCents > left) {
        const message = REFUND_TOO_LARGE(formatKshCents(left));
        throw new DomainError('invalid', message, { errors: { amount: [message] } });
      }
    },
    within: (trx, order) =>
      ordersRepository(trx).insertRefund({
        order_id: order.id,
        amount_cents: refund.amountCents,
        method: refund.method,
        reference: refund.reference,
        note: refund.note,
        actor_user_id: by.userId ?? null,
        created_at: order.updated_at,
      }),
  });
  return adminOrderResult(db, moved!);
}

export const POD_CONFIRMED = 'Your order is confirmed. You pay the rider on delivery.';

/** Whether the customer may pay this order on delivery, and why not (the checkout shows it). */
export async function payOnDeliveryOption(
  db: Db,
  userId: number,
  orderId: number,
  limits: PayOnDeliveryLimits,
): Promise<PayOnDeliveryOption> {
  const order = await ordersRepository(db).findOwned(orderId, userId);
  if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND);
  const refusal = await payOnDeliveryRefusal(db, order, limits, formatKshCents);
  return {
    available: refusal === undefined,
    open: order.order_status === 'pending' && !MONEY_RECEIVED_STATUSES.includes(order.payment_status),
    chosen: order.payment_method === 'pay_on_delivery',
    reason: refusal?.message ?? null,
    amount: centsToAmount(order.total_cents),
    max_order: centsToAmount(limits.maxOrderCents),
  };
}

/**
 * The customer chooses to pay the rider (`confirm_pay_on_delivery`): the order is confirmed unpaid
 * and holds its items without expiry.
 */
export async function choosePayOnDelivery(
  db: Db,
  customer: { id: number },
  orderId: number,
  limits: PayOnDeliveryLimits,
  shop: ShopContext,
): Promise<Result<OrderJson>> {
  const moved = await runOrderMove(db, shop, {
    move: 'confirm_pay_on_delivery',
    by: { actor: 'customer', userId: customer.id },
    order: orderId,
    ownerId: customer.id,
    // one decision per customer at a time, so two tabs cannot both pass the "one open order" limit
    lockCustomer: customer.id,
    guard: async (order, _refusal, trx) => {
      const refusal = await payOnDeliveryRefusal(trx, order, limits, formatKshCents);
      if (refusal) throw new DomainError(refusal.kind, refusal.message);
    },
    note: (order) => `Pay on delivery: ${formatKshCents(order.total_cents)} to the rider`,
  });
  return customerResult(db, moved!);
}
