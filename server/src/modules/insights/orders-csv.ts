import { centsToDecimalString } from '@mtumba/contract';
import { ORDERS_CSV_COLUMNS, SHOP_UTC_OFFSET_HOURS } from '@mtumba/contract/insights';
import { stringify } from 'csv-stringify/sync';
import type { Executor } from '../../db/database.js';
import { neutraliseCell } from '../../lib/csv.js';
import { insightsRepository, type Span } from './repository.js';

/** Orders read per query while the CSV is written: a large shop is never loaded at once. */
export const ORDERS_CSV_BATCH = 500;

/** "2026-11-23 14:05" in Nairobi time. */
function shopTime(iso: string | null): string {
  if (!iso) return '';
  return new Date(Date.parse(iso) + SHOP_UTC_OFFSET_HOURS * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
}

function labels(json: string): string {
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list) ? list.map(String).join('; ') : '';
  } catch {
    return '';
  }
}

/**
 * The accountant's CSV of the orders placed in the span (docs/product.md section 12), written
 * batch by batch: the header, then one line per order, oldest first.
 */
export async function* ordersCsv(db: Executor, span: Span): AsyncGenerator<string> {
  const repo = insightsRepository(db);
  yield stringify([[...ORDERS_CSV_COLUMNS]]);
  let afterId = 0;
  for (;;) {
    const orders = await repo.ordersPage(span, afterId, ORDERS_CSV_BATCH);
    if (orders.length === 0) return;
    const ids = orders.map((o) => o.id);
    const [items, payments, back] = await Promise.all([repo.itemsOf(ids), repo.paymentsOf(ids), repo.returnsOf(ids)]);
    const outcomeOf = new Map(
      back.failed.map((f) => [f.order_id, f.move === 'refuse_delivery' ? 'refused' : 'not_delivered']),
    );
    const returnsOf = new Map<number, string[]>();
    for (const r of back.returns) returnsOf.set(r.order_id, [...(returnsOf.get(r.order_id) ?? []), r.status]);
    const itemsOf = new Map<number, { names: string[]; count: number }>();
    for (const item of items) {
      const entry = itemsOf.get(item.order_id) ?? { names: [], count: 0 };
      entry.names.push(`${item.quantity} x ${item.product_name}`);
      entry.count += item.quantity;
      itemsOf.set(item.order_id, entry);
    }
    const paymentOf = new Map(payments.map((p) => [p.order_id, p]));
    const rows = orders.map((o) => {
      const payment = paymentOf.get(o.id);
      const text = (value: string) => neutraliseCell(value);
      return [
        String(o.id),
        shopTime(o.created_at),
        text(o.customer ?? 'Deleted account'),
        text(itemsOf.get(o.id)?.names.join('; ') ?? ''),
        String(itemsOf.get(o.id)?.count ?? 0),
        centsToDecimalString(o.subtotal_cents),
        centsToDecimalString(o.discount_cents),
        text(labels(o.applied_discounts)),
        text(o.shipping_address),
        centsToDecimalString(o.delivery_fee_cents),
        centsToDecimalString(o.total_cents),
        centsToDecimalString(o.refunded_cents),
        text(payment ? (payment.method ?? payment.provider) : ''),
        text(payment ? (payment.provider_invoice_id ?? payment.reference) : ''),
        o.payment_status,
        shopTime(o.paid_at),
        o.order_status,
        text(o.source ?? o.sales_channel ?? 'direct'),
        outcomeOf.get(o.id) ?? '',
        (returnsOf.get(o.id) ?? []).join('; '),
      ];
    });
    yield stringify(rows);
    afterId = ids[ids.length - 1]!;
    if (orders.length < ORDERS_CSV_BATCH) return;
  }
}
