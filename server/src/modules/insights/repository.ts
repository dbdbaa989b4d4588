import { MONEY_RECEIVED_STATUSES, UNPAID_STATUSES } from '@mtumba/contract';
import { SHOP_UTC_OFFSET_HOURS } from '@mtumba/contract/insights';
import { sql, type RawBuilder } from 'kysely';
import { dialectOf, type Executor } from '../../db/database.js';

/**
 * The dashboard's and the orders CSV's queries: aggregates computed by the database, written once
 * for SQLite and PostgreSQL (the few dialect differences are the helpers below). Definitions:
 * docs/product.md section 12.
 */

/** An instant range [start, end) as UTC ISO strings. */
export interface Span {
  start: string;
  end: string;
}

const received = sql.join(MONEY_RECEIVED_STATUSES.map((s) => sql.lit(s)));
const unpaid = sql.join(UNPAID_STATUSES.map((s) => sql.lit(s)));

/** A sale: money received, not cancelled (a cancelled order's money is owed back), paid in the span. */
const isSale = (o: string, span: Span) =>
  sql`${sql.ref(`${o}.paid_at`)} >= ${span.start} and ${sql.ref(`${o}.paid_at`)} < ${span.end}
    and ${sql.ref(`${o}.payment_status`)} in (${received}) and ${sql.ref(`${o}.order_status`)} <> 'cancelled'`;

/** The Nairobi day (YYYY-MM-DD text) of a timestamp column. */
function shopDayOf(db: Executor, column: string): RawBuilder<string> {
  return dialectOf(db) === 'postgres'
    ? sql<string>`to_char((${sql.ref(column)} at time zone 'UTC') + interval '${sql.raw(String(SHOP_UTC_OFFSET_HOURS))} hours', 'YYYY-MM-DD')`
    : sql<string>`date(${sql.ref(column)}, '+${sql.raw(String(SHOP_UTC_OFFSET_HOURS))} hours')`;
}

/** Whole seconds from `from` to `to` (two timestamp columns). */
function secondsBetween(db: Executor, from: string, to: string): RawBuilder<number> {
  return dialectOf(db) === 'postgres'
    ? sql<number>`round(extract(epoch from (${sql.ref(to)} - ${sql.ref(from)})))::bigint`
    : sql<number>`cast(round((julianday(${sql.ref(to)}) - julianday(${sql.ref(from)})) * 86400) as integer)`;
}

/** min() comparing bytes on both databases (PostgreSQL's default collation would sort 'zara' first). */
function bytewiseMin(db: Executor, column: string): RawBuilder<string> {
  return dialectOf(db) === 'postgres'
    ? sql<string>`min(${sql.ref(column)} collate "C")`
    : sql<string>`min(${sql.ref(column)})`;
}

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

export function insightsRepository(db: Executor) {
  return {
    async totals(span: Span) {
      const orders = await sql<{ orders: unknown; revenue: unknown; refunded: unknown }>`
        select count(*) as orders, coalesce(sum(o.total_cents - o.refunded_cents), 0) as revenue,
          coalesce(sum(o.refunded_cents), 0) as refunded
        from orders o where ${isSale('o', span)}`.execute(db);
      const items = await sql<{ items: unknown }>`
        select coalesce(sum(oi.quantity), 0) as items
        from orders o join order_items oi on oi.order_id = o.id where ${isSale('o', span)}`.execute(db);
      const row = orders.rows[0];
      return {
        orders: num(row?.orders),
        revenueCents: num(row?.revenue),
        refundedCents: num(row?.refunded),
        itemsSold: num(items.rows[0]?.items),
      };
    },

    /**
     * The span's sales by where they came from: the source the shopper arrived with, else a
     * manual order's sales channel, else 'direct'.
     */
    async salesBySource(span: Span): Promise<{ source: string; orders: number; revenueCents: number }[]> {
      const result = await sql<{ source: string; orders: unknown; revenue: unknown }>`
        select coalesce(o.source, o.sales_channel, 'direct') as source, count(*) as orders,
          coalesce(sum(o.total_cents - o.refunded_cents), 0) as revenue
        from orders o where ${isSale('o', span)}
        group by coalesce(o.source, o.sales_channel, 'direct')`.execute(db);
      return result.rows.map((r) => ({ source: r.source, orders: num(r.orders), revenueCents: num(r.revenue) }));
    },

    /** Arrivals per source over a range of Nairobi days (both ends included). */
    async visitsBySource(range: { from: string; to: string }): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('source_visits')
        .where('day', '>=', range.from)
        .where('day', '<=', range.to)
        .groupBy('source')
        .select(['source', (eb) => eb.fn.sum<string | number>('visits').as('visits')])
        .execute();
      return new Map(rows.map((r) => [r.source, num(r.visits)]));
    },

    async revenueByDay(span: Span): Promise<{ day: string; revenueCents: number; orders: number }[]> {
      const day = shopDayOf(db, 'o.paid_at');
      const result = await sql<{ day: string; revenue: unknown; orders: unknown }>`
        select ${day} as day, sum(o.total_cents - o.refunded_cents) as revenue, count(*) as orders
        from orders o where ${isSale('o', span)}
        group by ${day} order by 1`.execute(db);
      return result.rows.map((r) => ({ day: r.day, revenueCents: num(r.revenue), orders: num(r.orders) }));
    },

    /** Line amounts (unit price × quantity) of the span's sales per category: the best first. */
    async topCategories(span: Span, limit: number) {
      const result = await sql<{ id: number | null; name: string | null; revenue: unknown; items: unknown }>`
        select c.id as id, min(c.name) as name, sum(oi.unit_price_cents * oi.quantity) as revenue,
          sum(oi.quantity) as items
        from orders o
        join order_items oi on oi.order_id = o.id
        left join product_categories pc on pc.product_id = oi.product_id
        left join categories c on c.id = pc.category_id
        where ${isSale('o', span)}
        group by c.id
        order by revenue desc, items desc, name
        limit ${limit}`.execute(db);
      return result.rows.map((r) => ({ id: r.id, name: r.name, revenueCents: num(r.revenue), items: num(r.items) }));
    },

    /** The same per brand (brands compared without case; items without a brand are left out). */
    async topBrands(span: Span, limit: number) {
      const result = await sql<{ brand: string; revenue: unknown; items: unknown }>`
        select ${bytewiseMin(db, 'p.brand')} as brand, sum(oi.unit_price_cents * oi.quantity) as revenue, sum(oi.quantity) as items
        from orders o
        join order_items oi on oi.order_id = o.id
        join products p on p.id = oi.product_id
        where ${isSale('o', span)} and p.brand is not null and p.brand <> ''
        group by lower(p.brand)
        order by revenue desc, items desc, brand
        limit ${limit}`.execute(db);
      return result.rows.map((r) => ({ brand: r.brand, revenueCents: num(r.revenue), items: num(r.items) }));
    },

    /**
     * Items listed in the span (deleted ones too), per category: how many, how many have sold
     * since (a sale of any time), and the median seconds from listing to the first sale.
     */
    async listingsByCategory(span: Span) {
      const cohort = sql`
        with listed as (
          select p.id, p.created_at from products p where p.created_at >= ${span.start} and p.created_at < ${span.end}
        ),
        first_sale as (
          select oi.product_id as product_id, min(o.paid_at) as sold_at
          from order_items oi join orders o on o.id = oi.order_id
          where oi.product_id in (select id from listed)
            and o.paid_at is not null and o.payment_status in (${received}) and o.order_status <> 'cancelled'
          group by oi.product_id
        ),
        per_item as (
          select pc.category_id as category_id, l.id as product_id, fs.sold_at as sold_at,
            ${secondsBetween(db, 'l.created_at', 'fs.sold_at')} as secs
          from listed l
          left join product_categories pc on pc.product_id = l.id
          left join first_sale fs on fs.product_id = l.id
        )`;
      const counts = await sql<{ id: number | null; name: string | null; listed: unknown; sold: unknown }>`
        ${cohort}
        select pi.category_id as id, min(c.name) as name, count(*) as listed,
          sum(case when pi.sold_at is null then 0 else 1 end) as sold
        from per_item pi left join categories c on c.id = pi.category_id
        group by pi.category_id`.execute(db);
      const medians = await sql<{ id: number | null; median: unknown }>`
        ${cohort},
        ranked as (
          select category_id, secs,
            row_number() over (partition by category_id order by secs) as rn,
            count(*) over (partition by category_id) as n
          from per_item where sold_at is not null
        )
        select category_id as id, avg(secs) as median from ranked
        where rn in ((n + 1) / 2, (n + 2) / 2)
        group by category_id`.execute(db);
      const medianOf = new Map(medians.rows.map((r) => [r.id ?? null, num(r.median)]));
      return counts.rows.map((r) => ({
        id: r.id ?? null,
        name: r.name,
        listed: num(r.listed),
        sold: num(r.sold),
        medianSeconds: medianOf.get(r.id ?? null) ?? null,
      }));
    },

    /** Unpaid orders still holding their items, the soonest to expire first. */
    async expiringUnpaid(at: string, limit: number) {
      const where = sql`o.order_status = 'pending' and o.payment_status in (${unpaid})
        and o.reserved_until is not null and o.reserved_until > ${at}`;
      return attention(db, where, sql`o.reserved_until`, sql`o.total_cents`, limit);
    },

    /** Orders whose money must go back: everything received and not yet refunded. */
    async refundsDue(limit: number) {
      // The first condition is the partial index's own (migration 0060), word for word.
      const where = sql`payment_status in ('refund_due', 'partially_refunded')
        and (o.payment_status = 'refund_due' or o.order_status = 'cancelled')`;
      return attention(db, where, sql`o.paid_at`, sql`o.total_cents - o.refunded_cents`, limit);
    },

    /** Cancellation requests waiting for an answer, the oldest first. */
    async openCancelRequests(limit: number) {
      // The first two conditions are the partial index's (migration 0060); the status test is
      // written as a CASE so the planner reads the few open requests rather than every pending order.
      const where = sql`cancel_requested_at is not null and cancel_request_resolved_at is null
        and case when o.order_status in ('pending', 'processing') then 1 else 0 end = 1`;
      return attention(db, where, sql`o.cancel_requested_at`, sql`o.total_cents`, limit);
    },

    /**
     * Orders shipped in the span (their `ship` / `ship_pay_on_delivery` move), with how the parcel
     * ended: refused or not delivered, delivered, and whether a customer's return (not declined)
     * came back from it.
     */
    async shippedOutcomes(span: Span) {
      return db
        .selectFrom('orders as o')
        .select([
          'o.id',
          'o.delivery_details',
          'o.shipping_address',
          'o.payment_method',
          sql<number>`case when exists (select 1 from order_history h2 where h2.order_id = o.id
            and h2.move in ('refuse_delivery', 'delivery_failed')) then 1 else 0 end`.as('refused'),
          sql<number>`case when exists (select 1 from order_history h3 where h3.order_id = o.id
            and h3.move = 'deliver') then 1 else 0 end`.as('delivered'),
          sql<number>`case when exists (select 1 from order_returns r where r.order_id = o.id
            and r.kind = 'customer_return' and r.status <> 'declined') then 1 else 0 end`.as('returned'),
        ])
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('order_history as h')
              .select('h.id')
              .whereRef('h.order_id', '=', 'o.id')
              .where('h.move', 'in', ['ship', 'ship_pay_on_delivery'])
              .where('h.created_at', '>=', span.start)
              .where('h.created_at', '<', span.end),
          ),
        )
        .execute();
    },

    /** One page of the orders placed in the span, by id after `afterId`, for the CSV. */
    async ordersPage(span: Span, afterId: number, limit: number) {
      return db
        .selectFrom('orders as o')
        .leftJoin('users as u', 'u.id', 'o.user_id')
        .select([
          'o.id',
          'o.created_at',
          'o.subtotal_cents',
          'o.discount_cents',
          'o.applied_discounts',
          'o.shipping_address',
          'o.source',
          'o.sales_channel',
          'o.delivery_fee_cents',
          'o.total_cents',
          'o.refunded_cents',
          'o.payment_status',
          'o.paid_at',
          'o.order_status',
          'u.name as customer',
        ])
        .where('o.created_at', '>=', span.start)
        .where('o.created_at', '<', span.end)
        .where('o.id', '>', afterId)
        .orderBy('o.id')
        .limit(limit)
        .execute();
    },

    async itemsOf(orderIds: number[]) {
      if (orderIds.length === 0) return [];
      return db
        .selectFrom('order_items')
        .select(['order_id', 'product_name', 'quantity'])
        .where('order_id', 'in', orderIds)
        .orderBy('order_id')
        .orderBy('id')
        .execute();
    },

    /** The payments received for the orders (the latest last). */
    /** Parcels that came back (refused or not delivered) and customers' returns not declined, of these orders. */
    async returnsOf(orderIds: number[]) {
      if (orderIds.length === 0) return { failed: [], returns: [] };
      const [failed, returns] = await Promise.all([
        db
          .selectFrom('order_history')
          .select(['order_id', 'move'])
          .where('order_id', 'in', orderIds)
          .where('move', 'in', ['refuse_delivery', 'delivery_failed'])
          .execute(),
        db
          .selectFrom('order_returns')
          .select(['order_id', 'status'])
          .where('order_id', 'in', orderIds)
          .where('kind', '=', 'customer_return')
          .where('status', '<>', 'declined')
          .orderBy('id')
          .execute(),
      ]);
      return { failed, returns };
    },

    async paymentsOf(orderIds: number[]) {
      if (orderIds.length === 0) return [];
      return db
        .selectFrom('payments')
        .select(['order_id', 'provider', 'method', 'reference', 'provider_invoice_id'])
        .where('order_id', 'in', orderIds)
        .where('status', '=', 'paid')
        .orderBy('order_id')
        .orderBy('id')
        .execute();
    },
  };
}

async function attention(
  db: Executor,
  where: RawBuilder<unknown>,
  at: RawBuilder<unknown>,
  amount: RawBuilder<unknown>,
  limit: number,
) {
  const count = await sql<{ n: unknown }>`select count(*) as n from orders o where ${where}`.execute(db);
  const rows = await sql<{
    id: number;
    customer: string | null;
    amount: unknown;
    at: string | Date | null;
    order_status: string;
    payment_status: string;
  }>`
    select o.id as id, u.name as customer, ${amount} as amount, ${at} as at,
      o.order_status as order_status, o.payment_status as payment_status
    from orders o left join users u on u.id = o.user_id
    where ${where}
    order by ${at}, o.id
    limit ${limit}`.execute(db);
  return {
    count: num(count.rows[0]?.n),
    rows: rows.rows.map((r) => ({
      ...r,
      amountCents: num(r.amount),
      at: r.at === null ? null : r.at instanceof Date ? r.at.toISOString() : r.at,
    })),
  };
}

export type InsightsRepository = ReturnType<typeof insightsRepository>;
