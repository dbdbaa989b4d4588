import type { AdminOrderJson } from '@mtumba/contract/order';
import type { Db } from '../db/database.js';
import type { ShopContext } from '../modules/orders/emails.js';
import { runOrderMove, shopPaymentMove, type ManualPaymentMethod } from '../modules/orders/lifecycle.js';
import { adminOrderResult, type Result } from '../modules/orders/service.js';
import { insertReceivedPayment } from '../modules/payments/manual.js';
import type { Actor } from '../modules/stock/ledger.js';

/**
 * Flow: the shop records a payment it received itself (an M-Pesa code from its till, cash to the
 * rider). One transaction: the order's move (`record_payment`, or `record_delivery_payment` on a
 * pay-on-delivery order) and the payments module's row for the money.
 */
export async function recordPayment(
  db: Db,
  by: Actor,
  orderId: number,
  payment: { method: ManualPaymentMethod; reference: string },
  shop: ShopContext,
): Promise<Result<AdminOrderJson>> {
  const moved = await runOrderMove(db, shop, {
    ...shopPaymentMove(payment),
    by,
    order: orderId,
    within: (trx, order) => insertReceivedPayment(trx, order, payment),
  });
  return adminOrderResult(db, moved!);
}
