import type { Executor } from '../../db/database.js';
import type { Order, Payment } from '../../db/schema.js';
import { findCustomerOrder, findOrder, reservationEnds } from '../orders/lookup.js';
import { paymentRepository } from './repository.js';

export type PaymentWithOrder = Payment & {
  order: Pick<Order, 'id' | 'user_id' | 'order_status' | 'payment_status' | 'shipping_phone' | 'reserved_until'>;
};

/**
 * The payments repository with the order reads the payment service needs, made through the orders
 * module (which owns the orders table).
 */
export function paymentStore(db: Executor) {
  const repo = paymentRepository(db);
  return {
    ...repo,

    /** The payment and the few order fields the checkout page shows. */
    async findWithOrder(reference: string): Promise<PaymentWithOrder | undefined> {
      const payment = await repo.findByReference(reference);
      if (!payment) return undefined;
      const order = await findOrder(db, payment.order_id);
      if (!order) return undefined;
      const { id, user_id, order_status, payment_status, shipping_phone, reserved_until } = order;
      return { ...payment, order: { id, user_id, order_status, payment_status, shipping_phone, reserved_until } };
    },

    /** The customer's own order (see the orders module's visibility rule). */
    findFullOrderOf(orderId: number, userId: number): Promise<Order | undefined> {
      return findCustomerOrder(db, orderId, userId);
    },

    async findOrderOf(
      orderId: number,
      userId: number,
    ): Promise<Pick<Order, 'id' | 'order_status' | 'payment_status'> | undefined> {
      const order = await findCustomerOrder(db, orderId, userId);
      return order && { id: order.id, order_status: order.order_status, payment_status: order.payment_status };
    },

    /** Pending prompts whose next status poll is due, with their order's reservation end. */
    async duePolls(nowIso: string, limit: number) {
      const due = await repo.duePolls(nowIso, limit);
      const ends = await reservationEnds(db, [...new Set(due.map((p) => p.order_id))]);
      return due.map((p) => ({ ...p, reserved_until: ends.get(p.order_id) ?? null }));
    },
  };
}

export type PaymentStore = ReturnType<typeof paymentStore>;
