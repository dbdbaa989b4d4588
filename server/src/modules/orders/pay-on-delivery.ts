import { moveRefusal } from '@mtumba/contract';
import type { Executor } from '../../db/database.js';
import { now } from '../../db/database.js';
import type { Order } from '../../db/schema.js';
import { EXPIRED_MESSAGE } from './messages.js';
import { ordersRepository } from './repository.js';

/** Pay on delivery: who may choose it (docs/security.md, Pay on delivery). */

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
  const phones = await repo.verifiedPhones(order.user_id);
  // Inside choosePayOnDelivery's transaction: one decision per phone at a time, across accounts.
  await repo.lockPhones(phones);
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
