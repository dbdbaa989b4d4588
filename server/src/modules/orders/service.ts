import { CANCEL_REQUESTABLE, OFFERS, transitionRefusal } from '@mtumba/contract';
import type { AdminOrderDetailJson, AdminOrderJson, OrderJson, PlaceOrderBody } from '@mtumba/contract/order';
import { priceOrder } from '@mtumba/contract/pricing';
import { centsToAmount } from '@mtumba/contract';
import type { Db } from '../../db/database.js';
import { now } from '../../db/database.js';
import type { Order, OrderStatus } from '../../db/schema.js';
import { DomainError, invalidField } from '../../lib/errors.js';
import type { PendingEvent } from '../../lib/events.js';
import { normaliseKenyanPhone, PHONE_HINT } from '../../lib/phone.js';
import { firstImageKeys } from '../catalog/product-view.js';
import { mailCancelRequest, mailStatusChange, type ShopContext } from './emails.js';
import { customerView, loadOrderViews } from './order-view.js';
import { ordersRepository } from './repository.js';
import { EXPIRED_MESSAGE, ORDER_NOT_FOUND, releaseItems } from './stock.js';

export const CANCEL_REQUEST_SENT = "Your cancellation request was sent. We'll update you shortly.";
export const CANCEL_NOT_ALLOWED = 'Only pending or processing orders can be cancelled.';
export const ORDER_PLACED = 'Order placed. Please pay within the reservation time to keep your items.';
export const ORDER_STATUS_UPDATED = 'Order status updated.';
export const ORDER_TOO_LARGE = 'This order is too large to place online. Please split it into smaller orders.';

/** Order and payment amounts are 32-bit integer columns of cents (PostgreSQL refuses more). */
const MAX_ORDER_CENTS = 2_147_483_647;

/** Codes a customer may type; the offers themselves are applied automatically. */
const KNOWN_CODES = new Set(['WELCOME10']);

export interface Actor {
  id: number;
  name: string;
  email: string;
}

export type Result<T> = { value: T; events: PendingEvent[] };

/**
 * Places an order: prices from the database, offers from the one pricing rule, and every line's
 * stock taken in the order's transaction with a conditional UPDATE, so an item is never sold twice.
 */
export async function placeOrder(
  db: Db,
  customer: Actor,
  body: PlaceOrderBody,
  options: { reservationSeconds: number },
): Promise<Result<OrderJson>> {
  const phone = normaliseKenyanPhone(body.shipping_phone);
  if (!phone) throw invalidField('shipping_phone', PHONE_HINT);
  const code = body.discount_code?.trim().toUpperCase() || null;
  if (code !== null && !KNOWN_CODES.has(code)) throw invalidField('discount_code', 'Invalid discount code');

  const quantities = new Map<number, number>();
  for (const line of body.items)
    quantities.set(line.product_id, (quantities.get(line.product_id) ?? 0) + line.quantity);
  const productIds = [...quantities.keys()].sort((a, b) => a - b);

  const repo = ordersRepository(db);
  const [products, imageKeys, previous] = await Promise.all([
    repo.productsForOrder(productIds),
    firstImageKeys(db, productIds),
    repo.paymentStatusesOf(customer.id),
  ]);
  const productsById = new Map(products.map((p) => [p.id, p]));
  const missing = productIds.find((id) => !productsById.has(id));
  if (missing !== undefined) {
    throw invalidField('items', `Product #${missing} is no longer available. Please remove it from your cart.`);
  }
  const lines = productIds.map((id) => ({ product: productsById.get(id)!, quantity: quantities.get(id)! }));

  const price = priceOrder({
    items: lines.map((l) => ({ unitPriceCents: l.product.price_cents, quantity: l.quantity })),
    shipping: body.shipping_address,
    previousPaymentStatuses: previous,
  });
  if (Math.max(price.subtotalCents, price.totalCents) > MAX_ORDER_CENTS) throw invalidField('items', ORDER_TOO_LARGE);
  if (code === 'WELCOME10' && !price.appliedDiscounts.includes(OFFERS.welcome.label)) {
    throw invalidField('discount_code', 'WELCOME10 is only for your first order.');
  }

  const order = await db.transaction().execute(async (trx) => {
    const tx = ordersRepository(trx);
    const at = now();
    for (const line of lines) {
      if (!(await tx.reserveStock(line.product.id, line.quantity, at))) {
        const message = `Not enough stock for ${line.product.name}`;
        throw new DomainError('invalid', message, { extra: { error: message } });
      }
    }
    const created = await tx.insertOrder({
      user_id: customer.id,
      order_status: 'pending',
      payment_status: 'unpaid',
      subtotal_cents: price.subtotalCents,
      discount_cents: price.discountCents,
      delivery_fee_cents: price.deliveryFeeCents,
      total_cents: price.totalCents,
      applied_discounts: JSON.stringify(price.appliedDiscounts),
      shipping_address: body.shipping_address,
      shipping_phone: phone,
      discount_code: code,
      reserved_until: new Date(Date.parse(at) + options.reservationSeconds * 1000).toISOString(),
      stock_released_at: null,
      cancel_requested_at: null,
      paid_at: null,
      created_at: at,
      updated_at: at,
    });
    await tx.insertItems(
      lines.map((l) => ({
        order_id: created.id,
        product_id: l.product.id,
        product_name: l.product.name,
        product_image_key: imageKeys.get(l.product.id) ?? null,
        unit_price_cents: l.product.price_cents,
        quantity: l.quantity,
      })),
    );
    await tx.addHistory({
      order_id: created.id,
      from_status: null,
      to_status: 'pending',
      actor: 'customer',
      actor_user_id: customer.id,
      note: 'Order placed',
      created_at: at,
    });
    return created;
  });

  const [view] = await loadOrderViews(db, [order]);
  return {
    value: customerView(view!),
    events: [
      {
        name: 'order.created',
        payload: {
          userId: order.user_id,
          id: order.id,
          status: order.order_status,
          total_amount: centsToAmount(order.total_cents),
          created_at: order.created_at,
        },
      },
    ],
  };
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

/** Records the customer's wish to cancel (once) and tells the shop; the shop decides. */
export async function requestCancel(
  db: Db,
  customer: Actor,
  orderId: number,
  shop: ShopContext,
): Promise<Result<string>> {
  const events = await db.transaction().execute(async (trx) => {
    const repo = ordersRepository(trx);
    const order = await repo.findOwned(orderId, customer.id);
    if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND);
    if (!CANCEL_REQUESTABLE.includes(order.order_status)) throw new DomainError('invalid', CANCEL_NOT_ALLOWED);
    if (order.cancel_requested_at !== null) return [];
    const at = now();
    const updated = await trx
      .updateTable('orders')
      .set({ cancel_requested_at: at, updated_at: at })
      .where('id', '=', order.id)
      .where('cancel_requested_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!updated) return [];
    await repo.addHistory({
      order_id: order.id,
      from_status: order.order_status,
      to_status: order.order_status,
      actor: 'customer',
      actor_user_id: customer.id,
      note: 'Cancellation requested',
      created_at: at,
    });
    await mailCancelRequest(trx, shop, updated, customer);
    const event: PendingEvent = {
      name: 'order.cancel_requested',
      payload: { userId: updated.user_id, id: updated.id, cancel_requested_at: at },
    };
    return [event];
  });
  return { value: CANCEL_REQUEST_SENT, events };
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
  const [[view], payments] = await Promise.all([loadOrderViews(db, [order]), repo.paymentsOf(order.id)]);
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
  };
}

const MAILED_STATUSES: readonly OrderStatus[] = ['shipped', 'delivered', 'cancelled'];

/**
 * The shop moves an order along the transition table. Cancelling puts the stock back exactly
 * once (guarded by stock_released_at); shipped, delivered and cancelled are e-mailed.
 */
export async function changeOrderStatus(
  db: Db,
  admin: Actor,
  orderId: number,
  to: OrderStatus,
  shop: ShopContext,
): Promise<Result<AdminOrderJson>> {
  const updated = await db.transaction().execute(async (trx) => {
    const repo = ordersRepository(trx);
    const order = await repo.findById(orderId);
    if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND);
    const refusal = transitionRefusal(order.order_status, to);
    if (refusal) throw new DomainError('invalid', refusal);
    const at = now();
    const moved = await trx
      .updateTable('orders')
      .set({ order_status: to, updated_at: at })
      .where('id', '=', order.id)
      .where('order_status', '=', order.order_status)
      .returningAll()
      .executeTakeFirst();
    if (!moved) throw new DomainError('conflict', 'This order was just changed by someone else. Please reload it.');

    let result = moved;
    if (to === 'cancelled') {
      const released = await trx
        .updateTable('orders')
        .set({ stock_released_at: at })
        .where('id', '=', order.id)
        .where('stock_released_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (released) {
        await releaseItems(repo, await repo.itemsOf([order.id]), at);
        result = released;
      }
    }
    await repo.addHistory({
      order_id: order.id,
      from_status: order.order_status,
      to_status: to,
      actor: 'admin',
      actor_user_id: admin.id,
      note: null,
      created_at: at,
    });
    if (MAILED_STATUSES.includes(to) && result.user_id !== null) {
      const customer = await repo.findUser(result.user_id);
      if (customer) await mailStatusChange(trx, shop, customer, result);
    }
    return result;
  });

  const [view] = await loadOrderViews(db, [updated]);
  return {
    value: view!,
    events: [
      {
        name: 'order.status.updated',
        payload: {
          userId: updated.user_id,
          id: updated.id,
          status: updated.order_status,
          updated_at: updated.updated_at,
        },
      },
    ],
  };
}
