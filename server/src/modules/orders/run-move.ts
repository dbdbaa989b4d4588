import {
  MONEY_RECEIVED_STATUSES,
  OFFERS,
  centsToAmount,
  ORDER_MOVES,
  cancelRequestOpen,
  moveRefusal,
  statusAfter,
  type OrderEvent,
  type OrderMail,
  type OrderMove,
  type OrderMoveName,
} from '@mtumba/contract';
import type { Updateable } from 'kysely';
import type { Executor, Trx } from '../../db/database.js';
import { now } from '../../db/database.js';
import type { Order, OrderItem, OrdersTable } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import type { PendingEvent } from '../../lib/events.js';
import { recordSecurityEvent } from '../security-log/service.js';
import { releaseLines, reserveLines, type Actor } from '../stock/ledger.js';
import { releaseCodeUse, restoreCodeUse } from '../discounts/service.js';
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
import { CHANGED_MEANWHILE, ORDER_NOT_FOUND } from './messages.js';
import { pushOrderMove } from './pushes.js';
import { ordersRepository } from './repository.js';

/**
 * The order move runner: the only code that changes an existing order's status or payment status,
 * or moves stock for it. `runOrderMove` takes one row of the move table (`ORDER_MOVES` in
 * `@mtumba/contract`, order-states) and does, in one transaction: load the order, check the
 * table's guard (and the action's own, if any), move the stock, make the conditional UPDATE (only
 * if the order is still as it was read), write the history entry and the security log, run the
 * row's effects (payment status, first-order offer, cancellation request, e-mail) and return the
 * row's events for the caller to emit once the transaction has committed.
 */

export type Moved = { order: Order; events: PendingEvent[] };

/** Thrown (inside a transaction) when a move that reserves stock finds an item gone. */
export class OutOfStock extends DomainError {
  constructor(
    readonly productId: number,
    productName: string,
  ) {
    const message = `Not enough stock for ${productName}`;
    super('invalid', message, { extra: { error: message }, stack: false });
  }
}

/** One move to make: the table's row by name, who makes it, and what this call adds to it. */
export interface MoveRequest {
  /** the row, or how to choose it from the order as read in the transaction */
  move: OrderMoveName | ((order: Order) => OrderMoveName);
  by: Actor;
  /** the order, or its id; with `ownerId` only the customer's own (visible) order is found */
  order: number | Order;
  ownerId?: number;
  /** the history entry's note (or how to write it from the order as read) */
  note?: string | null | ((order: Order) => string);
  at?: string;
  /**
   * The action's own guard, given the table's refusal (undefined when the table allows the
   * move): throw to refuse in the action's words, return 'skip' to change nothing. Without it,
   * the table's refusal is thrown as it is.
   */
  guard?: (order: Order, refusal: string | undefined, trx: Trx) => void | 'skip' | Promise<void | 'skip'>;
  /** columns this call writes besides the table's effects (a payment method, a request's note) */
  set?: Updateable<OrdersTable>;
  /** `refund_amount`: the amount paid back now */
  refundCents?: number;
  /** `cancel_request`: the customer who asks (named in the shop's e-mail) */
  customer?: { name: string; email: string };
  /** in the transaction, after the UPDATE and before the e-mails (a payment or refund row) */
  within?: (trx: Trx, moved: Order) => Promise<void>;
  /** a lost race (or a refusal) is no change: undefined instead of an error */
  quiet?: boolean;
  /** PostgreSQL: lock this customer's row first (one decision per customer at a time) */
  lockCustomer?: number;
}

/** Runs `fn` in the caller's transaction, or in a new one. */
export function inTransaction<T>(db: Executor, fn: (trx: Trx) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Trx) : db.transaction().execute(fn);
}

/** Makes one move of the table (see the file's comment); undefined when skipped or `quiet` and lost. */
export async function runOrderMove(db: Executor, shop: ShopContext, asked: MoveRequest): Promise<Moved | undefined> {
  return inTransaction(db, async (trx) => {
    const repo = ordersRepository(trx);
    if (asked.lockCustomer !== undefined) await repo.lockCustomer(asked.lockCustomer);
    const order = await load(trx, asked);
    if (!order) {
      if (asked.quiet) return undefined;
      throw new DomainError('not_found', ORDER_NOT_FOUND);
    }
    const request: Resolved = { ...asked, move: typeof asked.move === 'function' ? asked.move(order) : asked.move };
    const refusal = moveRefusal(request.move, order);
    if (request.guard) {
      if ((await request.guard(order, refusal, trx)) === 'skip') return undefined;
    }
    if (refusal) {
      if (request.quiet) return undefined;
      throw new DomainError('invalid', refusal);
    }
    let moved: Order;
    try {
      moved = await change(trx, order, request);
    } catch (err) {
      if (request.quiet && err instanceof DomainError && err.kind === 'conflict') return undefined;
      throw err;
    }
    if (request.within) await request.within(trx, moved);
    const mail = mailOf(request.move);
    if (mail) await MAILS[mail](trx, shop, moved, request);
    const events = eventsOf(request.move, moved);
    await pushOrderMove(trx, moved, mail, events, request.refundCents);
    return { order: moved, events };
  });
}

async function load(trx: Trx, request: MoveRequest): Promise<Order | undefined> {
  const repo = ordersRepository(trx);
  const id = typeof request.order === 'number' ? request.order : request.order.id;
  if (request.ownerId !== undefined) return repo.findOwned(id, request.ownerId);
  return typeof request.order === 'number' ? repo.findById(id) : request.order;
}

/**
 * The move itself: the stock, the conditional UPDATE with the row's effects, the history entry
 * and, for an admin's move, the security log.
 */
type Resolved = Omit<MoveRequest, 'move'> & { move: OrderMoveName };

async function change(trx: Trx, order: Order, request: Resolved): Promise<Order> {
  const { move, by } = request;
  const rule: OrderMove = ORDER_MOVES[move];
  const at = request.at ?? now();
  const to = statusAfter(move, order.order_status);
  const repo = ordersRepository(trx);

  if (rule.stock === 'reserve') {
    const items = await repo.itemsOf([order.id]);
    const missing = await reserveLines(trx, order.id, items, stockBy(by), at);
    if (missing !== undefined) {
      const name = items.find((i) => i.product_id === missing)?.product_name ?? 'an item';
      throw new OutOfStock(missing, name);
    }
  }

  const changes: Updateable<OrdersTable> = {
    ...request.set,
    ...effectsOf(rule, order, request, at),
    order_status: to,
    updated_at: at,
  };
  if (rule.stock === 'release') changes.stock_released_at = at;
  if (rule.stock === 'reserve') changes.stock_released_at = null;
  const moved = await repo.moveOrder(order, changes, { unreleased: rule.stock === 'release' });
  if (!moved) throw new DomainError('conflict', CHANGED_MEANWHILE);

  if (rule.stock === 'release') {
    await releaseLines(trx, order.id, await repo.itemsOf([order.id]), stockBy(by), at);
  }
  // a discount code's use follows the first-order offer's claim: given back, or taken again
  if (rule.welcomeOffer === 'release') await releaseCodeUse(trx, order.id, at);
  if (rule.welcomeOffer === 'restore') await restoreCodeUse(trx, order.id);
  const note = typeof request.note === 'function' ? request.note(order) : (request.note ?? null);
  await writeHistory(trx, { order, moved, move, by, note, at });
  return moved;
}

function stockBy(by: Actor): Actor {
  return { actor: by.actor, userId: by.userId ?? null };
}

/** Nothing was received for this order: releasing it frees the first-order offer again. */
export function moneyReceived(order: Pick<Order, 'payment_status'>): boolean {
  return MONEY_RECEIVED_STATUSES.includes(order.payment_status);
}

/** The row's payment effect, first-order offer and cancellation request, as columns. */
function effectsOf(rule: OrderMove, order: Order, request: Resolved, at: string): Updateable<OrdersTable> {
  const set: Updateable<OrdersTable> = {};
  switch (rule.payment) {
    case 'unchanged':
      break;
    case 'paid':
    case 'refund_due':
      set.payment_status = rule.payment;
      set.paid_at = at;
      break;
    case 'unpaid':
    case 'pending':
    case 'failed':
      set.payment_status = rule.payment;
      break;
    case 'unpaid_on_delivery':
      // the rider collects: the order waits unpaid, holding its items without expiry
      Object.assign(set, { payment_method: 'pay_on_delivery', payment_status: 'unpaid', reserved_until: null });
      break;
    case 'refund_due_if_received':
      if (moneyReceived(order)) set.payment_status = 'refund_due';
      break;
    case 'refund_amount': {
      const refunded = order.refunded_cents + (request.refundCents ?? 0);
      set.refunded_cents = refunded;
      set.payment_status = refunded >= order.total_cents ? 'refunded' : 'partially_refunded';
      break;
    }
  }
  if (rule.welcomeOffer === 'release') set.welcome_claim_user_id = null;
  if (rule.welcomeOffer === 'restore') {
    set.welcome_claim_user_id = order.applied_discounts.includes(OFFERS.welcome.label) ? order.user_id : null;
  }
  if (rule.request === 'open') {
    Object.assign(set, {
      cancel_requested_at: at,
      cancel_request_resolved_at: null,
      cancel_request_outcome: null,
      cancel_request_note: null,
    });
  }
  if (rule.request === 'decline') {
    Object.assign(set, { cancel_request_resolved_at: at, cancel_request_outcome: 'declined' });
  }
  if (rule.request === 'approve' && cancelRequestOpen(order)) {
    Object.assign(set, { cancel_request_resolved_at: at, cancel_request_outcome: 'approved' });
  }
  return set;
}

/** The history entry of a move, and the security log of an admin's. */
export async function writeHistory(
  trx: Trx,
  entry: { order: Order | null; moved: Order; move: OrderMoveName; by: Actor; note: string | null; at: string },
): Promise<void> {
  const { order, moved, move, by } = entry;
  await ordersRepository(trx).addHistory({
    order_id: moved.id,
    from_status: order?.order_status ?? null,
    to_status: moved.order_status,
    actor: by.actor,
    actor_user_id: by.userId ?? null,
    note: entry.note,
    move,
    created_at: entry.at,
  });
  if (by.actor === 'admin') {
    await recordSecurityEvent(trx, {
      userId: moved.user_id,
      actorId: by.userId ?? null,
      kind: 'admin_order_changed',
      detail: {
        order_id: moved.id,
        move,
        from: order?.order_status ?? null,
        to: moved.order_status,
        payment: moved.payment_status,
      },
      ip: by.ip ?? null,
    });
  }
}

async function customerOf(trx: Executor, order: Order) {
  return order.user_id === null ? undefined : ordersRepository(trx).findUser(order.user_id);
}

async function itemsOf(trx: Executor, order: Order): Promise<OrderItem[]> {
  return ordersRepository(trx).itemsOf([order.id]);
}

type MailEffect = (trx: Trx, shop: ShopContext, order: Order, request: Resolved) => Promise<void>;

/** The after-move e-mails (and texts), by the name a table row gives. */
const MAILS: Record<OrderMail, MailEffect> = {
  async status(trx, shop, order) {
    const customer = await customerOf(trx, order);
    if (customer) await mailStatusChange(trx, shop, customer, order);
  },
  async cancelled(trx, shop, order) {
    const customer = await customerOf(trx, order);
    if (customer) await mailStatusChange(trx, shop, customer, order);
    if (order.payment_status === 'refund_due') {
      await mailRefundDueToShop(trx, shop, order, customer, 'cancelled_paid');
    }
  },
  async receipt(trx, shop, order) {
    const customer = await customerOf(trx, order);
    if (customer) await mailReceipt(trx, shop, customer, order, await itemsOf(trx, order));
  },
  async expired(trx, shop, order) {
    const customer = await customerOf(trx, order);
    if (customer) await mailExpired(trx, shop, customer, order);
  },
  async late_payment(trx, shop, order) {
    const customer = await customerOf(trx, order);
    await mailRefundDueToShop(trx, shop, order, customer, 'late_payment');
    if (customer) await mailRefundDueToCustomer(trx, shop, customer, order);
  },
  async cancel_request(trx, shop, order, request) {
    const customer = request.customer ?? (await customerOf(trx, order));
    if (customer) await mailCancelRequest(trx, shop, order, customer);
  },
  async cancel_declined(trx, shop, order) {
    const customer = await customerOf(trx, order);
    if (customer) await mailCancelDeclined(trx, shop, customer, order);
  },
  async refunded(trx, shop, order, request) {
    const customer = await customerOf(trx, order);
    if (customer) await mailRefunded(trx, shop, customer, order, request.refundCents ?? 0);
  },
  async pay_on_delivery(trx, shop, order) {
    const customer = await customerOf(trx, order);
    if (customer) await mailPayOnDeliveryConfirmed(trx, shop, customer, order, await itemsOf(trx, order));
  },
};

function statusPayload(order: Order) {
  return { userId: order.user_id, id: order.id, status: order.order_status, updated_at: order.updated_at };
}

/** The live events, by the name a table row gives. */
const EVENTS: Record<OrderEvent, (order: Order) => PendingEvent> = {
  status: (order) => ({ name: 'order.status.updated', payload: statusPayload(order) }),
  paid: (order) => ({ name: 'order.paid', payload: statusPayload(order) }),
  pay_on_delivery: (order) => ({
    name: 'order.pay_on_delivery',
    payload: { ...statusPayload(order), total_amount: centsToAmount(order.total_cents) },
  }),
  expired: (order) => ({ name: 'order.expired', payload: { userId: order.user_id, id: order.id } }),
  cancel_requested: (order) => ({
    name: 'order.cancel_requested',
    payload: {
      userId: order.user_id,
      id: order.id,
      cancel_requested_at: order.cancel_requested_at ?? order.updated_at,
    },
  }),
};

/** The e-mail effect a row names (every name the table uses has a function in MAILS). */
function mailOf(move: OrderMoveName): OrderMail | undefined {
  return (ORDER_MOVES[move] as { mail?: OrderMail }).mail;
}

/** The events of a move's row for an order (placing moves, which insert rather than run). */
export function eventsOf(move: OrderMoveName, order: Order): PendingEvent[] {
  const rule: OrderMove = ORDER_MOVES[move];
  return rule.events.map((e) => EVENTS[e](order));
}
