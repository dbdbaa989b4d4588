import type { AddressInfo } from 'node:net';
import { OFFERS } from '@mtumba/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { orderableProduct, orderBody } from '../../../test/order-fixtures.js';

// Real HTTP against a listening server: one new customer's orders placed at the same moment
// (in the PostgreSQL run, on two connections of the pool; on SQLite, one writer at a time).
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await buildTestApp({ env: { ORDER_MAX_UNPAID: '10', ORDER_MAX_RESERVED_ITEMS: '20' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
});

async function order(token: string, productId: number, discountCode?: string) {
  const res = await fetch(`${base}/api/orders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(
      orderBody([{ product_id: productId, quantity: 1 }], discountCode ? { discount_code: discountCode } : {}),
    ),
  });
  return {
    status: res.status,
    body: (await res.json()) as { message: string; order?: { id: number; discount_amount: number } },
  };
}

describe("a new customer's orders placed at the same moment", () => {
  it.each([
    ['without a code', undefined],
    ['each with WELCOME10', 'WELCOME10'],
  ])('%s: one order gets the first-order offer, the others a clear 409, none a 500', async (_what, code) => {
    const customer = await createUser(t.db);
    const products = await Promise.all(
      Array.from({ length: 6 }, (_, i) => orderableProduct(t.db, { name: `Race item ${i}`, stock: 1 })),
    );
    const results = await Promise.all(products.map((p) => order(customer.token, p.id, code)));

    expect(results.map((r) => r.status).filter((s) => s !== 201 && s !== 409 && s !== 422)).toEqual([]);
    const placed = results.filter((r) => r.status === 201);
    expect(placed.length).toBeGreaterThanOrEqual(1);
    const rows = await t.db
      .selectFrom('orders')
      .select(['id', 'applied_discounts', 'welcome_claim_user_id'])
      .where('user_id', '=', customer.id)
      .execute();
    expect(rows).toHaveLength(placed.length);
    const withOffer = rows.filter((r) => r.applied_discounts.includes(OFFERS.welcome.label));
    expect(withOffer).toHaveLength(1);
    expect(withOffer[0]!.welcome_claim_user_id).toBe(customer.id);
    const holder = withOffer[0]!.id;
    for (const refused of results.filter((r) => r.status === 409)) {
      expect(refused.body.message).toBe(
        `Your first-order offer has just gone to your order #${holder}, placed a moment ago. Please place this order again: it is priced without the offer.`,
      );
    }
    // a request that already saw the claim is told so, as any later order asking for the code is
    for (const refused of results.filter((r) => r.status === 422)) {
      expect(code).toBe('WELCOME10');
      expect(refused.body.message).toBe(
        `WELCOME10 is already applied to your order #${holder}. It becomes free again if that order is cancelled or expires unpaid.`,
      );
    }
  });
});
