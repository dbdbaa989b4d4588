import { centsToAmount } from '@mtumba/contract';
import {
  addDays,
  daysBetween,
  resolveRange,
  SHOP_TIME_ZONE,
  shopDayStart,
  type AttentionOrder,
  type Dashboard,
  type ReportRangeQuery,
} from '@mtumba/contract/insights';
import type { Executor } from '../../db/database.js';
import { sourceLabel } from '../sources/source.js';
import { parseOrderDelivery } from '../delivery/service.js';
import { insightsRepository, type Span } from './repository.js';

/** How many orders each "needs attention" list shows (the count covers them all). */
export const ATTENTION_LIMIT = 10;
/** Top categories and brands shown. */
export const TOP_LIMIT = 5;
export const UNCATEGORISED = 'Uncategorised';
const DAY_SECONDS = 24 * 60 * 60;

/** The instants a range of Nairobi days covers: from the first day's 00:00 to the day after the last. */
export function spanOf(range: { from: string; to: string }): Span {
  return { start: shopDayStart(range.from), end: shopDayStart(addDays(range.to, 1)) };
}

/**
 * Orders, revenue and conversion by source: every source with a sale or an arrival in the range,
 * the most revenue first. Conversion is sales per arrival counted from that source (null without
 * arrivals: manual orders, direct visits).
 */
function bySource(
  sales: { source: string; orders: number; revenueCents: number }[],
  visits: Map<string, number>,
): Dashboard['sources'] {
  const sources = new Set([...sales.map((s) => s.source), ...visits.keys()]);
  const salesOf = new Map(sales.map((s) => [s.source, s]));
  return [...sources]
    .map((source) => {
      const sale = salesOf.get(source);
      const arrivals = visits.get(source) ?? null;
      const orders = sale?.orders ?? 0;
      return {
        source,
        label: sourceLabel(source),
        orders,
        revenue: centsToAmount(sale?.revenueCents ?? 0),
        visits: arrivals,
        conversion: arrivals ? Math.round((orders / arrivals) * 1000) / 1000 : null,
      };
    })
    .sort((a, b) => b.revenue - a.revenue || b.orders - a.orders || a.label.localeCompare(b.label));
}

type ShippedOutcome = {
  delivery_details: string | null;
  shipping_address: string;
  payment_method: 'online' | 'pay_on_delivery';
  refused: number | string;
  delivered: number | string;
  returned: number | string;
};

const rate = (n: number, of: number) => (of === 0 ? null : Math.round((n / of) * 1000) / 1000);

/** Refusal and return rates by delivery method, area and payment method (docs/product.md section 15). */
export function returnsByDelivery(rows: ShippedOutcome[]): NonNullable<Dashboard['returns_by_delivery']> {
  const groups = new Map<
    string,
    {
      method: string;
      area: string;
      payment_method: ShippedOutcome['payment_method'];
      shipped: number;
      refused: number;
      delivered: number;
      returned: number;
    }
  >();
  for (const row of rows) {
    const delivery = parseOrderDelivery(row.delivery_details);
    const method = delivery?.name ?? row.shipping_address;
    const area = delivery?.zone ?? delivery?.town ?? delivery?.pickup_office ?? '—';
    const key = JSON.stringify([method, area, row.payment_method]);
    const g = groups.get(key) ?? {
      method,
      area,
      payment_method: row.payment_method,
      shipped: 0,
      refused: 0,
      delivered: 0,
      returned: 0,
    };
    g.shipped += 1;
    if (Number(row.refused) === 1) g.refused += 1;
    if (Number(row.delivered) === 1) g.delivered += 1;
    if (Number(row.returned) === 1) g.returned += 1;
    groups.set(key, g);
  }
  return [...groups.values()]
    .map((g) => ({ ...g, refusal_rate: rate(g.refused, g.shipped), return_rate: rate(g.returned, g.delivered) }))
    .sort((a, b) => b.shipped - a.shipped || a.method.localeCompare(b.method) || a.area.localeCompare(b.area));
}

/** The admin's dashboard for a range (docs/product.md section 12 defines every figure). */
export async function dashboard(db: Executor, query: ReportRangeQuery, at: Date = new Date()): Promise<Dashboard> {
  const range = resolveRange(query, at);
  const span = spanOf(range);
  const repo = insightsRepository(db);
  const [totals, byDay, topCategories, topBrands, listings, expiring, refunds, requests, sales, visits] =
    await Promise.all([
      repo.totals(span),
      repo.revenueByDay(span),
      repo.topCategories(span, TOP_LIMIT),
      repo.topBrands(span, TOP_LIMIT),
      repo.listingsByCategory(span),
      repo.expiringUnpaid(at.toISOString(), ATTENTION_LIMIT),
      repo.refundsDue(ATTENTION_LIMIT),
      repo.openCancelRequests(ATTENTION_LIMIT),
      repo.salesBySource(span),
      repo.visitsBySource(range),
    ]);
  const shipped = await repo.shippedOutcomes(span);
  const dayRows = new Map(byDay.map((d) => [d.day, d]));
  const days = daysBetween(range.from, range.to);
  const attention = (list: Awaited<ReturnType<typeof repo.refundsDue>>) => ({
    count: list.count,
    orders: list.rows.map((r): AttentionOrder => ({
      id: r.id,
      customer: r.customer ?? 'Deleted account',
      amount: centsToAmount(r.amountCents),
      at: r.at,
      order_status: r.order_status,
      payment_status: r.payment_status,
    })),
  });
  return {
    range: { from: range.from, to: range.to, days: days.length, time_zone: SHOP_TIME_ZONE },
    totals: {
      revenue: centsToAmount(totals.revenueCents),
      refunded: centsToAmount(totals.refundedCents),
      orders: totals.orders,
      average_order_value: totals.orders === 0 ? 0 : centsToAmount(Math.round(totals.revenueCents / totals.orders)),
      items_sold: totals.itemsSold,
    },
    by_day: days.map((date) => ({
      date,
      revenue: centsToAmount(dayRows.get(date)?.revenueCents ?? 0),
      orders: dayRows.get(date)?.orders ?? 0,
    })),
    categories: listings
      .map((c) => ({
        id: c.id,
        name: c.id === null ? UNCATEGORISED : (c.name ?? UNCATEGORISED),
        listed: c.listed,
        sold: c.sold,
        sell_through: c.listed === 0 ? null : Math.round((c.sold / c.listed) * 1000) / 1000,
        median_days_to_sell: c.medianSeconds === null ? null : Math.round((c.medianSeconds / DAY_SECONDS) * 10) / 10,
      }))
      .sort((a, b) => b.listed - a.listed || a.name.localeCompare(b.name)),
    top_categories: topCategories.map((c) => ({
      id: c.id,
      name: c.id === null ? UNCATEGORISED : (c.name ?? UNCATEGORISED),
      revenue: centsToAmount(c.revenueCents),
      items: c.items,
    })),
    top_brands: topBrands.map((b) => ({ brand: b.brand, revenue: centsToAmount(b.revenueCents), items: b.items })),
    sources: bySource(sales, visits),
    returns_by_delivery: returnsByDelivery(shipped),
    attention: {
      expiring_unpaid: attention(expiring),
      refunds_due: attention(refunds),
      cancel_requests: attention(requests),
    },
  };
}
