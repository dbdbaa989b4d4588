import type { AddressInfo } from 'node:net';
import { OFFERS } from '@mtumba/contract';
import type { DiscountCodeBody, DiscountCodeJson } from '@mtumba/contract/discount-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../db/database.js';
import { checkDiscountCode, redeemCode } from './service.js';
import { buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { expireReservation, orderableProduct, orderBody, setOrderState } from '../../../test/order-fixtures.js';
import { expireUnpaidOrders } from '../orders/sweeper.js';

// Real HTTP against a listening server, so parallel orders really race (in the PostgreSQL run,
// on two connections of the pool; on SQLite, one writer at a time).
let t: TestApp;
let base: string;
let admin: { token: string };

beforeAll(async () => {
  t = await buildTestApp({ env: { ORDER_MAX_UNPAID: '10', ORDER_MAX_RESERVED_ITEMS: '20' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await createUser(t.db, { admin: true });
});
afterAll(async () => {
  await t?.close();
});

async function call(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

let codeCounter = 0;
async function newCode(terms: Partial<DiscountCodeBody> = {}): Promise<DiscountCodeJson> {
  codeCounter += 1;
  const res = await call('POST', '/admin/discount-codes', admin.token, {
    code: `save${codeCounter}x`,
    kind: 'percent',
    amount: 20,
    ...terms,
  });
  expect(res.status).toBe(201);
  return res.body as unknown as DiscountCodeJson;
}

interface PlacedOrder {
  id: number;
  total_amount: number;
  discount_amount: number;
  delivery_fee: number;
  applied_discounts: string[];
}

async function order(token: string, items: { product_id: number; quantity: number }[], discountCode?: string) {
  const res = await call(
    'POST',
    '/orders',
    token,
    orderBody(items, discountCode ? { discount_code: discountCode } : {}),
  );
  return res as { status: number; body: { message: string; errors?: Record<string, string[]>; order?: PlacedOrder } };
}

/** A customer who has paid an order before (the first-order offer no longer applies). */
async function returningCustomer() {
  const customer = await createUser(t.db);
  const p = await orderableProduct(t.db, { priceCents: 100_00 });
  const first = await order(customer.token, [{ product_id: p.id, quantity: 1 }]);
  expect(first.status).toBe(201);
  await setOrderState(t.db, first.body.order!.id, { order_status: 'delivered' });
  return customer;
}

describe("the spec's three offers", () => {
  it('appear exactly as before: names, amounts and order', async () => {
    const customer = await createUser(t.db);
    const products = await Promise.all([1, 2, 3].map(() => orderableProduct(t.db, { priceCents: 500_00 })));
    const res = await order(
      customer.token,
      products.map((p) => ({ product_id: p.id, quantity: 1 })),
    );
    expect(res.status).toBe(201);
    expect(res.body.order).toMatchObject({
      applied_discounts: [
        'Bulk Discount - Ksh 50 off',
        'WELCOME10 - 10% Off First Order',
        'Free CBD Delivery - Orders above Ksh 1000',
      ],
      discount_amount: 200,
      delivery_fee: 0,
      total_amount: 1300,
    });
    expect([OFFERS.bulk.label, OFFERS.welcome.label, OFFERS.freeDelivery.label]).toEqual(
      res.body.order!.applied_discounts,
    );
  });

  it('come first, and a code adds its own line after them', async () => {
    const customer = await createUser(t.db);
    const code = await newCode({ kind: 'fixed', amount: 100 });
    const products = await Promise.all([1, 2, 3].map(() => orderableProduct(t.db, { priceCents: 500_00 })));
    const res = await order(
      customer.token,
      products.map((p) => ({ product_id: p.id, quantity: 1 })),
      code.code.toLowerCase(),
    );
    expect(res.status).toBe(201);
    expect(res.body.order).toMatchObject({
      applied_discounts: [
        OFFERS.bulk.label,
        OFFERS.welcome.label,
        `${code.code} - Ksh 100 off`,
        OFFERS.freeDelivery.label,
      ],
      discount_amount: 300,
      total_amount: 1200,
    });
  });
});

describe('a code refused, each with its own message (422 on discount_code)', () => {
  const day = 24 * 3600 * 1000;
  it.each([
    [
      'expired',
      { ends_at: new Date(Date.now() - day).toISOString() },
      /^The code SAVE\d+X expired on \d+ \w+ \d{4}\.$/,
    ],
    [
      'not yet started',
      { starts_at: new Date(Date.now() + 3 * day).toISOString() },
      /^The code SAVE\d+X starts on \d+ \w+ \d{4}\.$/,
    ],
    ['below its minimum', { min_spend: 1500 }, /^The code SAVE\d+X needs items worth at least Ksh 1,500\.$/],
  ])('%s', async (_what, terms, message) => {
    const code = await newCode(terms);
    const customer = await createUser(t.db);
    const p = await orderableProduct(t.db, { priceCents: 500_00 });
    const res = await order(customer.token, [{ product_id: p.id, quantity: 1 }], code.code);
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(message);
    expect(res.body.errors).toEqual({ discount_code: [res.body.message] });
  });

  it('exhausted: its total uses are taken', async () => {
    const code = await newCode({ max_uses: 1 });
    const [first, second] = [await createUser(t.db), await createUser(t.db)];
    const [p1, p2] = await Promise.all([orderableProduct(t.db), orderableProduct(t.db)]);
    expect((await order(first.token, [{ product_id: p1.id, quantity: 1 }], code.code)).status).toBe(201);
    const res = await order(second.token, [{ product_id: p2.id, quantity: 1 }], code.code);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ discount_code: [`The code ${code.code} has been used up.`] });
  });

  it('first order only, a deactivated code, and items outside its categories', async () => {
    const customer = await returningCustomer();
    const p = await orderableProduct(t.db, { priceCents: 500_00, stock: 3 });
    const firstOnly = await newCode({ first_order_only: true });
    const res = await order(customer.token, [{ product_id: p.id, quantity: 1 }], firstOnly.code);
    expect(res.body.errors).toEqual({ discount_code: [`The code ${firstOnly.code} is only for your first order.`] });

    const off = await call('PUT', `/admin/discount-codes/${firstOnly.id}`, admin.token, {
      code: firstOnly.code,
      kind: 'percent',
      amount: 20,
      is_active: false,
    });
    expect(off.status).toBe(200);
    const deactivated = await order(customer.token, [{ product_id: p.id, quantity: 1 }], firstOnly.code);
    expect(deactivated.body.errors).toEqual({ discount_code: ['Invalid discount code'] });

    const category = await t.db
      .insertInto('categories')
      .values({
        name: `Shoes ${codeCounter}`,
        name_key: `shoes ${codeCounter}`,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const shoes = await newCode({ category_ids: [category.id] });
    const outside = await order(customer.token, [{ product_id: p.id, quantity: 1 }], shoes.code);
    expect(outside.body.errors).toEqual({
      discount_code: [`The code ${shoes.code} does not apply to the items in your cart.`],
    });
  });
});

describe('a code with a per-customer limit', () => {
  it('used by parallel orders of one customer gives the discount once', async () => {
    const code = await newCode({ max_uses_per_customer: 1 });
    const customer = await returningCustomer();
    const products = await Promise.all(
      Array.from({ length: 4 }, (_, i) => orderableProduct(t.db, { name: `Code race ${i}`, priceCents: 500_00 })),
    );
    const results = await Promise.all(
      products.map((p) => order(customer.token, [{ product_id: p.id, quantity: 1 }], code.code)),
    );

    expect(results.map((r) => r.status).filter((s) => s !== 201 && s !== 422)).toEqual([]);
    const placed = results.filter((r) => r.status === 201);
    expect(placed).toHaveLength(1);
    expect(placed[0]!.body.order).toMatchObject({
      discount_amount: 100,
      applied_discounts: [`${code.code} - 20% off`],
    });
    for (const refused of results.filter((r) => r.status === 422)) {
      expect(refused.body.errors).toEqual({ discount_code: [`You have already used the code ${code.code}.`] });
    }
    const rows = await t.db.selectFrom('discount_redemptions').selectAll().where('code_id', '=', code.id).execute();
    expect(rows.map((r) => r.order_id)).toEqual([placed[0]!.body.order!.id]);
    const listed = (await call('GET', '/admin/discount-codes', admin.token)).body as unknown as DiscountCodeJson[];
    expect(listed.find((c) => c.id === code.id)?.uses).toBe(1);
  });

  it('is given back when the order is cancelled', async () => {
    const code = await newCode({ max_uses_per_customer: 1, max_uses: 1 });
    const customer = await returningCustomer();
    const p = await orderableProduct(t.db, { priceCents: 500_00, stock: 2 });
    const first = await order(customer.token, [{ product_id: p.id, quantity: 1 }], code.code);
    expect(first.status).toBe(201);
    const again = await order(customer.token, [{ product_id: p.id, quantity: 1 }], code.code);
    expect(again.body.errors).toEqual({ discount_code: [`You have already used the code ${code.code}.`] });
    expect((await call('POST', `/orders/${first.body.order!.id}/cancel`, customer.token)).status).toBe(200);
    const after = await order(customer.token, [{ product_id: p.id, quantity: 1 }], code.code);
    expect(after.status).toBe(201);
    expect(after.body.order!.applied_discounts).toEqual([`${code.code} - 20% off`]);
  });
});

describe('an order that expires unpaid', () => {
  it("gives its code's use back", async () => {
    const code = await newCode({ max_uses: 1 });
    const customer = await returningCustomer();
    const p = await orderableProduct(t.db, { priceCents: 500_00, stock: 2 });
    const first = await order(customer.token, [{ product_id: p.id, quantity: 1 }], code.code);
    expect(first.status).toBe(201);
    await expireReservation(t.db, first.body.order!.id);
    expect(await expireUnpaidOrders(t.db, new Date())).toContain(first.body.order!.id);
    const released = await t.db
      .selectFrom('discount_redemptions')
      .select('released_at')
      .where('order_id', '=', first.body.order!.id)
      .executeTakeFirstOrThrow();
    expect(released.released_at).not.toBeNull();
    const other = await returningCustomer();
    const again = await order(other.token, [{ product_id: p.id, quantity: 1 }], code.code);
    expect(again.status).toBe(201);
  });
});

describe("the order's transaction, not the check before it, decides the last use", () => {
  it('refuses a use the check saw free but another order took since', async () => {
    const code = await newCode({ max_uses_per_customer: 1, max_uses: 1 });
    const customer = await returningCustomer();
    const other = await returningCustomer();
    const p = await orderableProduct(t.db, { priceCents: 500_00, stock: 2 });
    const items = [{ productId: p.id, lineCents: 500_00 }];
    // both checks pass: nothing has used the code yet
    const seen = await checkDiscountCode(
      t.db,
      code.code,
      { id: customer.id, previousPaymentStatuses: ['paid'] },
      items,
    );
    const seenByOther = await checkDiscountCode(
      t.db,
      code.code,
      { id: other.id, previousPaymentStatuses: ['paid'] },
      items,
    );
    expect(seen?.id).toBe(code.id);
    const placed = await order(customer.token, [{ product_id: p.id, quantity: 1 }], code.code);
    expect(placed.status).toBe(201);
    const orderId = placed.body.order!.id;

    const redeem = (checked: typeof seen, userId: number) =>
      t.db.transaction().execute((trx) => redeemCode(trx, checked!, { id: orderId, userId, discountCents: 0 }, now()));
    await expect(redeem(seen, customer.id)).rejects.toMatchObject({
      errors: { discount_code: [`You have already used the code ${code.code}.`] },
    });
    await expect(redeem(seenByOther, other.id)).rejects.toMatchObject({
      errors: { discount_code: [`The code ${code.code} has been used up.`] },
    });
    const counted = await t.db
      .selectFrom('discount_codes')
      .select('uses')
      .where('id', '=', code.id)
      .executeTakeFirstOrThrow();
    expect(counted.uses).toBe(1);
  });
});

describe('admin discount codes API', () => {
  it('refuses bad terms with a clear 4xx, a twin code with 409, and non-admins with 403', async () => {
    const bad = await call('POST', '/admin/discount-codes', admin.token, { code: 'X', kind: 'percent', amount: 150 });
    expect(bad.status).toBe(422);
    const welcome = await call('POST', '/admin/discount-codes', admin.token, {
      code: 'welcome10',
      kind: 'percent',
      amount: 10,
    });
    expect(welcome.status).toBe(422);
    const nowhere = await call('POST', '/admin/discount-codes', admin.token, {
      code: 'NOWHERE',
      kind: 'fixed',
      amount: 5,
      category_ids: [2_000_000],
    });
    expect(nowhere.status).toBe(422);
    expect(nowhere.body.errors).toEqual({ category_ids: ['Category #2000000 does not exist.'] });
    const code = await newCode();
    const twin = await call('POST', '/admin/discount-codes', admin.token, {
      code: code.code.toLowerCase(),
      kind: 'fixed',
      amount: 5,
    });
    expect(twin.status).toBe(409);
    expect(twin.body.message).toBe('A discount code with that name already exists.');
    const shopper = await createUser(t.db);
    expect((await call('GET', '/admin/discount-codes', shopper.token)).status).toBe(403);
  });
});
