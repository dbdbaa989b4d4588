import { now, type Executor } from '../../db/database.js';
import type { Order } from '../../db/schema.js';
import { paymentRepository } from './repository.js';

/**
 * Writes the payment row for money the shop received itself (cash to a rider, an M-Pesa code seen on
 * the shop's statement). The order's own move to paid is the caller's, in the same transaction.
 */
export async function insertReceivedPayment(
  trx: Executor,
  order: Pick<Order, 'id' | 'total_cents'>,
  payment: { method: string; reference: string },
): Promise<void> {
  const at = now();
  await paymentRepository(trx).insert({
    order_id: order.id,
    reference: `MAN-${order.id}-${Date.now().toString(36).toUpperCase()}`,
    provider: 'manual',
    status: 'paid',
    amount_cents: order.total_cents,
    currency: 'KES',
    method: payment.method,
    checkout_url: null,
    provider_checkout_id: null,
    provider_invoice_id: payment.reference,
    failure_reason: null,
    created_at: at,
    updated_at: at,
  });
}
