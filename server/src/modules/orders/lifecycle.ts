import { OFFERS, moveRefusal } from '@mtumba/contract';
import type { Db, Executor, Trx } from '../../db/database.js';
import { now } from '../../db/database.js';
import type { Order } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import type { PendingEvent } from '../../lib/events.js';
import type { ShopContext } from './emails.js';
import { EXPIRED_MESSAGE, EXPIRY_NOTE, ORDER_NOT_FOUND } from './messages.js';
import { ordersRepository } from './repository.js';
import { OutOfStock, moneyReceived, runOrderMove, type MoveRequest, type Moved } from './run-move.js';

/**
 * The order moves that payments and the clock make, and the building blocks the other actions
 * share. Every one goes through `runOrderMove` with a row of the move table (`ORDER_MOVES`); the
 * customer's and the shop's actions are in `service.ts`, placing an order in `place.ts`.
 */

export * from './messages.js';
export {
  POD_NOT_YET,
  podAlreadyOpen,
  podOverLimit,
  podOpenOnPhone,
  podTooManyOpen,
  payOnDeliveryRefusal,
  type PayOnDeliveryLimits,
} from './pay-on-delivery.js';
export { OutOfStock, runOrderMove, type Moved, type MoveRequest } from './run-move.js';

export type ManualPaymentMethod = 'mpesa' | 'cash' | 'card' | 'bank';

/**
 * The move and guard for a payment the shop received itself (an M-Pesa code from its till, cash):
 * `record_payment` on a held order, `record_delivery_payment` on a pay-on-delivery one (the
 * rider's collection, on a processing or shipped order). An order whose items went back on sale
 * cannot be paid this way.
 */
export function shopPaymentMove(payment: {
  method: ManualPaymentMethod;
  reference: string;
}): Pick<MoveRequest, 'move' | 'note' | 'guard'> {
  return {
    move: (order) => (order.payment_method === 'pay_on_delivery' ? 'record_delivery_payment' : 'record_payment'),
    note: `Payment recorded by the shop: ${payment.method === 'mpesa' ? 'M-Pesa' : payment.method} ${payment.reference}`,
    guard: (current, refusal) => {
      if (refusal) throw new DomainError('invalid', refusal);
      if (current.stock_released_at !== null) throw new DomainError('invalid', EXPIRED_MESSAGE);
    },
  };
}

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
  const order = await ordersRepository(trx).findById(orderId);
  if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND);
  if (moneyReceived(order)) {
    return { outcome: order.payment_status === 'paid' ? 'already_paid' : 'refund_due', events: [] };
  }
  const by = { actor: 'payment', userId: null } as const;
  const at = now();
  const paid = (moved: Moved | undefined) => ({ outcome: 'paid' as const, events: moved!.events });

  if (order.order_status === 'pending' && order.stock_released_at === null) {
    return paid(await runOrderMove(trx, shop, { move: 'pay', by, order, at, note: 'Payment received' }));
  }

  // The customer opened a checkout, switched the order to pay on delivery, then paid the checkout
  // after all: the money is the order's payment. It is recorded as paid online, so the rider
  // collects nothing and a refund can be recorded against it.
  if (
    order.payment_method === 'pay_on_delivery' &&
    order.payment_status === 'unpaid' &&
    !moveRefusal('record_delivery_payment', order)
  ) {
    return paid(
      await runOrderMove(trx, shop, {
        move: 'record_delivery_payment',
        by,
        order,
        at,
        note: 'Paid online after choosing pay on delivery: nothing to collect on delivery',
        set: { payment_method: 'online' },
      }),
    );
  }

  if (
    order.order_status === 'cancelled' &&
    (await cancelledByExpiry(trx, order)) &&
    (await offerStillOurs(trx, order))
  ) {
    try {
      return paid(
        await runOrderMove(trx, shop, {
          move: 'pay_after_expiry',
          by,
          order,
          at,
          note: 'Payment received after the reservation expired; items reserved again',
        }),
      );
    } catch (err) {
      if (!(err instanceof OutOfStock)) throw err;
    }
  }

  if (order.order_status !== 'cancelled') {
    // A payment for an order that is neither held nor cancelled (the shop recorded another one).
    return { outcome: 'already_paid', events: [] };
  }
  const flagged = await runOrderMove(trx, shop, {
    move: 'pay_unavailable',
    by,
    order,
    at,
    note: 'Payment received but the items are no longer available: refund due',
  });
  return { outcome: 'refund_due', events: flagged!.events };
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
  if (!order) return false;
  const moved = await runOrderMove(trx, NO_MAIL, {
    move: 'prompt_sent',
    by: { actor: 'customer', userId: order.user_id },
    order,
    note,
    quiet: true,
    guard: (current) => (current.stock_released_at !== null ? 'skip' : undefined),
  });
  return moved !== undefined;
}

/** Inside the payment's transaction: the provider reports a failed attempt; the hold goes on. */
export async function notePaymentFailure(trx: Trx, orderId: number): Promise<void> {
  await runOrderMove(trx, NO_MAIL, {
    move: 'payment_failed',
    by: { actor: 'payment', userId: null },
    order: orderId,
    note: 'Payment failed',
    quiet: true,
  });
}

/** For moves whose row sends no e-mail (`prompt_sent`, `payment_failed`). */
const NO_MAIL: ShopContext = { shopName: '', shopEmail: '', appUrl: '' };

/**
 * The `expire` move for one order, in its own transaction; undefined when another instance (or a
 * payment) got there first. Safe to call from many sweepers at once.
 */
export async function expireOrder(db: Db, orderId: number, at: string, shop: ShopContext): Promise<Moved | undefined> {
  return runOrderMove(db, shop, {
    move: 'expire',
    by: { actor: 'system', userId: null },
    order: orderId,
    note: EXPIRY_NOTE,
    at,
    quiet: true,
    guard: (order) =>
      order.stock_released_at !== null || order.reserved_until === null || order.reserved_until >= at
        ? 'skip'
        : undefined,
  });
}
