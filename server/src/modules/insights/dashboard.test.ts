import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { insertCategory, insertProduct } from '../../../test/catalog.js';
import { insertOrders } from '../../../test/insights-fixtures.js';

/**
 * Every dashboard figure against orders with known answers (run on SQLite and, with
 * TEST_DB=postgres, on PostgreSQL: the expected values are the same literals for both).
 * The range is 10–12 January 2026 in Nairobi time: [2026-01-09T21:00Z, 2026-01-12T21:00Z).
 */
let t: TestApp;
let admin: Record<string, string>;
let customer: { id: number; name: string; token: string };
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  admin = bearer((await createUser(t.db, { admin: true })).token);
  customer = await createUser(t.db, { name: 'Wanjiru Kamau' });
  const dresses = await insertCategory(t.db, 'Dresses');
  const jackets = await insertCategory(t.db, 'Jackets');
  const product = (name: string, created_at: string, categories: number[], brand: string | null = null) =>
    insertProduct(t.db, { name, created_at, categories, brand, stock_quantity: 1 });
  // listed in the range
  ids.p1 = await product('Dress A', '2026-01-10T06:00:00.000Z', [dresses], 'Zara');
  ids.p2 = await product('Dress B', '2026-01-10T06:00:00.000Z', [dresses], 'Mango');
  ids.p3 = await product('Jacket A', '2026-01-10T12:00:00.000Z', [jackets], "Levi's");
  ids.p4 = await product('Jacket B', '2026-01-11T00:00:00.000Z', [jackets]);
  ids.p6 = await product('Loose item', '2026-01-12T10:00:00.000Z', []);
  ids.p7 = await product('Jacket C', '2026-01-11T03:00:00.000Z', [jackets], "Levi's");
  // listed before the range (one minute before its first instant)
  ids.p5 = await product('Old jacket', '2026-01-09T20:59:00.000Z', [jackets]);
  ids.p8 = await product('Old dress', '2025-12-01T10:00:00.000Z', [dresses]);
  ids.p9 = await product('Old dress 2', '2025-12-01T10:00:00.000Z', [dresses], 'zara');
  ids.p10 = await product('Old dress 3', '2025-12-01T10:00:00.000Z', [dresses]);

  const soon = new Date(Date.now() + 5 * 60_000).toISOString();
  const past = new Date(Date.now() - 60_000).toISOString();
  const u = customer.id;
  const [o1, o2, o3, o4, o5, o6, o7, o8, o9] = await insertOrders(t.db, [
    // o1: Nairobi 10 Jan 23:30
    {
      userId: u,
      lines: [{ productId: ids.p1, unitCents: 1500_00 }],
      status: 'delivered',
      payment: 'paid',
      createdAt: '2026-01-10T20:20:00.000Z',
      paidAt: '2026-01-10T20:30:00.000Z',
    },
    // o2: Nairobi 11 Jan 00:30; Ksh 500 refunded
    {
      userId: u,
      lines: [
        { productId: ids.p3, unitCents: 2000_00 },
        { productId: ids.p5, unitCents: 1000_00 },
      ],
      status: 'delivered',
      payment: 'partially_refunded',
      refundedCents: 500_00,
      createdAt: '2026-01-10T21:20:00.000Z',
      paidAt: '2026-01-10T21:30:00.000Z',
    },
    // o3: paid, then cancelled: its money is owed back (refund due), not a sale
    {
      userId: u,
      lines: [{ productId: ids.p2, unitCents: 1200_00 }],
      status: 'cancelled',
      payment: 'refund_due',
      createdAt: '2026-01-12T08:50:00.000Z',
      paidAt: '2026-01-12T09:00:00.000Z',
    },
    // o4: unpaid, holding its item for five more minutes
    {
      userId: u,
      lines: [{ productId: ids.p4, unitCents: 800_00 }],
      status: 'pending',
      payment: 'unpaid',
      createdAt: new Date().toISOString(),
      reservedUntil: soon,
    },
    // o5: Nairobi 12 Jan 08:00, delivery Ksh 50, with an open cancellation request
    {
      userId: u,
      lines: [{ productId: ids.p7, unitCents: 2500_00 }],
      status: 'processing',
      payment: 'paid',
      deliveryCents: 50_00,
      createdAt: '2026-01-12T04:50:00.000Z',
      paidAt: '2026-01-12T05:00:00.000Z',
      cancelRequestedAt: '2026-01-12T06:00:00.000Z',
    },
    // o6: Nairobi 9 Jan 23:00: the day before the range
    {
      userId: u,
      lines: [{ productId: ids.p8, unitCents: 999_00 }],
      status: 'delivered',
      payment: 'paid',
      createdAt: '2026-01-09T19:00:00.000Z',
      paidAt: '2026-01-09T20:00:00.000Z',
    },
    // o7: Nairobi 12 Jan 23:59:59: the range's last second
    {
      userId: u,
      lines: [{ productId: ids.p9, unitCents: 700_00 }],
      status: 'shipped',
      payment: 'paid',
      createdAt: '2026-01-12T20:00:00.000Z',
      paidAt: '2026-01-12T20:59:59.000Z',
    },
    // o8: Nairobi 13 Jan 00:00: the day after
    {
      userId: u,
      lines: [{ productId: ids.p10, unitCents: 400_00 }],
      status: 'processing',
      payment: 'paid',
      createdAt: '2026-01-12T20:30:00.000Z',
      paidAt: '2026-01-12T21:00:00.000Z',
    },
    // o9: unpaid and already past its reservation: not "about to expire"
    {
      userId: u,
      lines: [{ productId: ids.p6, unitCents: 300_00 }],
      status: 'pending',
      payment: 'unpaid',
      createdAt: new Date(Date.now() - 20 * 60_000).toISOString(),
      reservedUntil: past,
    },
  ]);
  Object.assign(ids, { o1, o2, o3, o4, o5, o6, o7, o8, o9 });
});
afterAll(async () => {
  await t?.close();
});

const get = (query: string, headers = admin) =>
  t.app.inject({ method: 'GET', url: `/api/admin/dashboard${query}`, headers });

describe('GET /admin/dashboard', () => {
  it('gives revenue, orders, average order value and items sold for the range', async () => {
    const res = await get('?from=2026-01-10&to=2026-01-12');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.range).toEqual({ from: '2026-01-10', to: '2026-01-12', days: 3, time_zone: 'Africa/Nairobi' });
    // o1 1500 + o2 (3000 − 500 refunded) + o5 2550 + o7 700; o3 is cancelled, o6 and o8 fall outside
    expect(body.totals).toEqual({
      revenue: 7250,
      refunded: 500,
      orders: 4,
      average_order_value: 1812.5,
      items_sold: 5,
    });
  });

  it('gives revenue by Nairobi day, every day of the range present', async () => {
    const body = (await get('?from=2026-01-09&to=2026-01-13')).json();
    expect(body.by_day).toEqual([
      { date: '2026-01-09', revenue: 999, orders: 1 },
      { date: '2026-01-10', revenue: 1500, orders: 1 },
      { date: '2026-01-11', revenue: 2500, orders: 1 },
      { date: '2026-01-12', revenue: 3250, orders: 2 },
      { date: '2026-01-13', revenue: 400, orders: 1 },
    ]);
    expect(body.totals.revenue).toBe(999 + 7250 + 400);
  });

  it('ranks the top categories and brands by the value of the items sold', async () => {
    const body = (await get('?from=2026-01-10&to=2026-01-12')).json();
    expect(body.top_categories).toEqual([
      { id: expect.any(Number), name: 'Jackets', revenue: 5500, items: 3 },
      { id: expect.any(Number), name: 'Dresses', revenue: 2200, items: 2 },
    ]);
    // "Zara" and "zara" are one brand; items without a brand are left out
    expect(body.top_brands).toEqual([
      { brand: "Levi's", revenue: 4500, items: 2 },
      { brand: 'Zara', revenue: 2200, items: 2 },
    ]);
  });

  it('gives sell-through and median days to sell for the items listed in the range', async () => {
    const body = (await get('?from=2026-01-10&to=2026-01-12')).json();
    expect(body.categories).toEqual([
      // p3 sold after 9.5 h, p7 after 26 h: median 17.75 h; p4 is only held by an unpaid order
      { id: expect.any(Number), name: 'Jackets', listed: 3, sold: 2, sell_through: 0.667, median_days_to_sell: 0.7 },
      // p1 sold after 14.5 h; p2's order was cancelled
      { id: expect.any(Number), name: 'Dresses', listed: 2, sold: 1, sell_through: 0.5, median_days_to_sell: 0.6 },
      { id: null, name: 'Uncategorised', listed: 1, sold: 0, sell_through: 0, median_days_to_sell: null },
    ]);
  });

  it('lists the unpaid orders about to expire, the refunds due and the open cancellation requests', async () => {
    const { attention } = (await get('?range=today')).json();
    expect(attention.expiring_unpaid).toEqual({
      count: 1,
      orders: [
        expect.objectContaining({ id: ids.o4, customer: 'Wanjiru Kamau', amount: 800, order_status: 'pending' }),
      ],
    });
    expect(attention.refunds_due).toEqual({
      count: 1,
      orders: [expect.objectContaining({ id: ids.o3, amount: 1200, payment_status: 'refund_due' })],
    });
    expect(attention.cancel_requests).toEqual({
      count: 1,
      orders: [expect.objectContaining({ id: ids.o5, amount: 2550, at: '2026-01-12T06:00:00.000Z' })],
    });
  });

  it('gives zeros, not errors, for a range without sales', async () => {
    const body = (await get('?from=2025-06-01&to=2025-06-02')).json();
    expect(body.totals).toEqual({ revenue: 0, refunded: 0, orders: 0, average_order_value: 0, items_sold: 0 });
    expect(body.by_day).toEqual([
      { date: '2025-06-01', revenue: 0, orders: 0 },
      { date: '2025-06-02', revenue: 0, orders: 0 },
    ]);
    expect(body.categories).toEqual([]);
    expect(body.top_categories).toEqual([]);
  });

  it.each([
    ['today', 1],
    ['7d', 7],
    ['30d', 30],
    ['90d', 90],
  ])('covers %s as that many days ending today', async (range, days) => {
    const body = (await get(`?range=${range}`)).json();
    expect(body.range.days).toBe(days);
    expect(body.by_day).toHaveLength(days);
    const today = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
    expect(body.range.to).toBe(today);
  });

  it.each([
    ['?range=1y', 'range', 'The range must be one of: today, 7d, 30d, 90d.'],
    ['?from=2026-01-10', 'to', 'Give both the from and to dates.'],
    ['?from=2026-01-12&to=2026-01-10', 'to', 'The to date must be on or after the from date.'],
    ['?from=2026-02-30&to=2026-03-01', 'from', 'The from date must be a date (YYYY-MM-DD).'],
    ['?from=2024-01-01&to=2026-01-01', 'to', 'The range may cover at most 366 days.'],
    ['?range=7d&from=2026-01-01&to=2026-01-02', 'range', 'Give either a range or from and to dates, not both.'],
  ])('refuses %s with 422 and a message', async (query, field, message) => {
    const res = await get(query);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('is for admins only', async () => {
    expect((await get('', bearer(customer.token))).statusCode).toBe(403);
    expect((await get('', {})).statusCode).toBe(401);
  });
});
