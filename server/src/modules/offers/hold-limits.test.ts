import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { orderableProduct, orderBody, stockOf } from '../../../test/order-fixtures.js';

/**
 * A customer's held items are one count: the units of their unpaid orders and of their accepted
 * offers together stay within ORDER_MAX_RESERVED_ITEMS (docs/security.md, Stock holds and offers).
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { ORDER_MAX_RESERVED_ITEMS: '4', OFFER_MAX_HELD: '3' } });
});
afterAll(async () => {
  await t?.close();
});

async function negotiable(stock = 1) {
  const product = await orderableProduct(t.db, { stock, priceCents: 1000_00 });
  await t.db.updateTable('products').set({ negotiable: 1 }).where('id', '=', product.id).execute();
  return product;
}

function offer(token: string, productId: number, price: number) {
  return t.app.inject({
    method: 'POST',
    url: `/api/products/${productId}/offers`,
    headers: bearer(token),
    payload: { price },
  });
}

function placeOrder(token: string, items: { product_id: number; quantity: number }[]) {
  return t.app.inject({ method: 'POST', url: '/api/orders', headers: bearer(token), payload: orderBody(items) });
}

const TOO_MANY =
  'Your unpaid orders and reserved offers may hold at most 4 items at a time. Please pay for or cancel an unpaid order, or order a reserved item, first.';

describe('held items: unpaid orders and accepted offers together', () => {
  it('counts accepted offers toward the items an order may hold, and an order’s items toward what offers may hold', async () => {
    const buyer = await createUser(t.db);
    const a = await negotiable();
    const b = await negotiable();
    expect((await offer(buyer.token, a.id, 950)).json().offer.status).toBe('accepted');
    expect((await offer(buyer.token, b.id, 950)).json().offer.status).toBe('accepted');

    // 2 held by offers + 3 in a new order = 5 > 4
    const stack = await orderableProduct(t.db, { stock: 5 });
    const tooMany = await placeOrder(buyer.token, [{ product_id: stack.id, quantity: 3 }]);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toBe(TOO_MANY);
    expect(await stockOf(t.db, stack.id)).toBe(5);

    // 2 + 2 = 4 is fine
    expect((await placeOrder(buyer.token, [{ product_id: stack.id, quantity: 2 }])).statusCode).toBe(201);

    // and now an auto-accepted offer would make 5
    const c = await negotiable();
    const refused = await offer(buyer.token, c.id, 950);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(TOO_MANY);
    expect(await stockOf(t.db, c.id)).toBe(1);

    // ordering a held item does not count it twice: its hold becomes the order's
    const ordered = await placeOrder(buyer.token, [{ product_id: a.id, quantity: 1 }]);
    expect(ordered.statusCode, ordered.body).toBe(201);
  });

  it('lets only one of two holds made at the same moment take the customer’s last place (the shop’s accept and an auto-accept)', async () => {
    const admin = await createUser(t.db, { admin: true });
    const buyer = await createUser(t.db);
    for (let i = 0; i < 2; i++) {
      expect((await offer(buyer.token, (await negotiable()).id, 950)).json().offer.status).toBe('accepted');
    }
    const x = await negotiable();
    const y = await negotiable();
    const open = await offer(buyer.token, x.id, 700);
    expect(open.json().offer.status).toBe('open');
    const [shop, auto] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: `/api/admin/offers/${open.json().offer.id}/accept`,
        headers: bearer(admin.token),
        payload: {},
      }),
      offer(buyer.token, y.id, 950),
    ]);
    const won = [shop.statusCode === 200, auto.statusCode === 201].filter(Boolean);
    expect(won, `${shop.body} ${auto.body}`).toHaveLength(1);
    const lost = [shop, auto].find((r) => r.statusCode !== 200 && r.statusCode !== 201)!;
    expect(lost.statusCode).toBe(422);
    expect(lost.json().message).toMatch(/already holds? 3 items at agreed prices/);
    const held = await t.db
      .selectFrom('price_offers')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', buyer.id)
      .where('status', '=', 'accepted')
      .executeTakeFirstOrThrow();
    expect(Number(held.n)).toBe(3);
    expect((await stockOf(t.db, x.id)) + (await stockOf(t.db, y.id))).toBe(1);
  });
});
