import { ORDERS_CSV_COLUMNS } from '@mtumba/contract/insights';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../db/database.js';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { insertProduct } from '../../../test/catalog.js';
import { insertOrders, type OrderFixture } from '../../../test/insights-fixtures.js';
import { ORDERS_CSV_BATCH } from './orders-csv.js';

let t: TestApp;
let admin: Record<string, string>;
let customer: { id: number; token: string };
let orderIds: number[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  admin = bearer((await createUser(t.db, { admin: true })).token);
  customer = await createUser(t.db, { name: '=HYPERLINK("http://evil.example","click")' });
  const product = await insertProduct(t.db, { name: 'Denim jacket' });
  const paid: OrderFixture = {
    userId: customer.id,
    lines: [
      { productId: product, name: 'Denim jacket', unitCents: 1500_00, quantity: 2 },
      { productId: null, name: '+SUM(A1:A9)', unitCents: 250_00 },
    ],
    status: 'delivered',
    payment: 'partially_refunded',
    discountCents: 50_00,
    deliveryCents: 0,
    refundedCents: 100_00,
    appliedDiscounts: ['Bulk Discount - Ksh 50 off'],
    shippingAddress: 'CBD Delivery',
    createdAt: '2026-02-01T21:10:00.000Z', // Nairobi 2 Feb 00:10
    paidAt: '2026-02-01T21:15:00.000Z',
  };
  orderIds = await insertOrders(t.db, [
    paid,
    {
      userId: null,
      lines: [{ productId: product, name: 'Scarf', unitCents: 300_00 }],
      status: 'cancelled',
      payment: 'unpaid',
      createdAt: '2026-02-03T07:00:00.000Z',
    },
    // the day before the range
    { ...paid, createdAt: '2026-02-01T20:59:00.000Z' },
  ]);
  const at = now();
  await t.db
    .insertInto('payments')
    .values({
      order_id: orderIds[0]!,
      reference: 'MAN-1-XYZ',
      provider: 'manual',
      status: 'paid',
      amount_cents: 3200_00,
      currency: 'KES',
      method: 'mpesa',
      checkout_url: null,
      provider_checkout_id: null,
      provider_invoice_id: 'QK12ABC345',
      failure_reason: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
});
afterAll(async () => {
  await t?.close();
});

const csv = (query: string, headers = admin) =>
  t.app.inject({ method: 'GET', url: `/api/admin/orders.csv${query}`, headers });

describe('GET /admin/orders.csv', () => {
  it('gives the orders placed in the range, one line each, that parse back to their amounts', async () => {
    const res = await csv('?from=2026-02-02&to=2026-02-03');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders-2026-02-02-to-2026-02-03.csv"');
    const rows = parse(res.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([...ORDERS_CSV_COLUMNS]);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual({
      id: String(orderIds[0]),
      date: '2026-02-02 00:10',
      // a formula is kept as text: the apostrophe stops a spreadsheet from running it
      customer: `'=HYPERLINK("http://evil.example","click")`,
      items: `2 x Denim jacket; 1 x +SUM(A1:A9)`,
      item_count: '3',
      subtotal: '3250.00',
      discount: '50.00',
      discounts_applied: 'Bulk Discount - Ksh 50 off',
      delivery: 'CBD Delivery',
      delivery_fee: '0.00',
      total: '3200.00',
      refunded: '100.00',
      payment_method: 'mpesa',
      payment_reference: 'QK12ABC345',
      payment_status: 'partially_refunded',
      paid_at: '2026-02-02 00:15',
      order_status: 'delivered',
      // placed with no known source
      source: 'direct',
      delivery_outcome: '',
      returns: '',
    });
    expect(rows[1]).toMatchObject({
      id: String(orderIds[1]),
      customer: 'Deleted account',
      items: '1 x Scarf',
      total: '300.00',
      payment_method: '',
      payment_reference: '',
      paid_at: '',
      order_status: 'cancelled',
    });
  });

  it('writes a large range in batches, every order once, oldest first', async () => {
    const many: OrderFixture[] = Array.from({ length: ORDERS_CSV_BATCH * 2 + 7 }, (_, i) => ({
      userId: customer.id,
      lines: [{ productId: null, name: `Item ${i}`, unitCents: 100_00 + i }],
      status: 'pending',
      payment: 'unpaid',
      createdAt: `2026-03-${String(1 + (i % 28)).padStart(2, '0')}T09:00:00.000Z`,
    }));
    const ids = await insertOrders(t.db, many);
    const res = await csv('?from=2026-03-01&to=2026-03-31');
    expect(res.statusCode).toBe(200);
    const rows = parse(res.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => Number(r.id))).toEqual(ids);
    const total = rows.reduce((s, r) => s + Math.round(Number(r.total) * 100), 0);
    expect(total).toBe(many.reduce((s, _o, i) => s + 100_00 + i, 0));
  });

  it('refuses a bad range with 422 and is for admins only', async () => {
    const bad = await csv('?from=2026-02-05&to=2026-02-01');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.to).toEqual(['The to date must be on or after the from date.']);
    expect((await csv('?range=7d', bearer(customer.token))).statusCode).toBe(403);
    expect((await csv('?range=7d', {})).statusCode).toBe(401);
  });
});
