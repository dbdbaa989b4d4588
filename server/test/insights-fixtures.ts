import type { Db } from '../src/db/database.js';
import type { OrderStatus, PaymentStatus } from '../src/db/schema.js';

/** An order with its lines, written straight into the database with the given facts. */
export interface OrderFixture {
  userId: number | null;
  lines: { productId: number | null; name?: string; unitCents: number; quantity?: number }[];
  status: OrderStatus;
  payment: PaymentStatus;
  createdAt: string;
  paidAt?: string | null;
  deliveryCents?: number;
  discountCents?: number;
  refundedCents?: number;
  reservedUntil?: string | null;
  cancelRequestedAt?: string | null;
  appliedDiscounts?: string[];
  shippingAddress?: string;
}

export async function insertOrders(db: Db, orders: OrderFixture[]): Promise<number[]> {
  if (orders.length === 0) return [];
  const rows = orders.map((o) => {
    const subtotal = o.lines.reduce((s, l) => s + l.unitCents * (l.quantity ?? 1), 0);
    const discount = o.discountCents ?? 0;
    const delivery = o.deliveryCents ?? 0;
    return {
      user_id: o.userId,
      order_status: o.status,
      payment_status: o.payment,
      subtotal_cents: subtotal,
      discount_cents: discount,
      delivery_fee_cents: delivery,
      total_cents: subtotal - discount + delivery,
      applied_discounts: JSON.stringify(o.appliedDiscounts ?? []),
      shipping_address: o.shippingAddress ?? 'CBD Delivery',
      shipping_phone: '0712345678',
      discount_code: null,
      reserved_until: o.reservedUntil ?? null,
      stock_released_at: null,
      cancel_requested_at: o.cancelRequestedAt ?? null,
      paid_at: o.paidAt ?? null,
      refunded_cents: o.refundedCents ?? 0,
      created_at: o.createdAt,
      updated_at: o.createdAt,
    };
  });
  const ids = (await db.insertInto('orders').values(rows).returning('id').execute()).map((r) => r.id);
  const lines = orders.flatMap((o, i) =>
    o.lines.map((l) => ({
      order_id: ids[i]!,
      product_id: l.productId,
      product_name: l.name ?? `Item ${l.productId}`,
      product_image_key: null,
      unit_price_cents: l.unitCents,
      quantity: l.quantity ?? 1,
    })),
  );
  if (lines.length > 0) await db.insertInto('order_items').values(lines).execute();
  return ids;
}
