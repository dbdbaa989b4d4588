import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { orderableProduct, orderBody, stockOf } from '../../../test/order-fixtures.js';

// Real HTTP against a listening server and a real database: many customers at the same moment.
let t: TestApp;
let base: string;
let tokens: string[];
/** transactions the app has opened */
let transactions = 0;

/** The app's database, counting the transactions it opens. */
function countingTransactions(db: Db): Db {
  return new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') {
        return () => {
          transactions += 1;
          return target.transaction();
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

beforeAll(async () => {
  t = await buildTestApp({ appDb: countingTransactions });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  tokens = [];
  for (let i = 0; i < 50; i++) tokens.push((await createUser(t.db)).token);
});
afterAll(async () => {
  await t?.close();
});

async function order(token: string, items: { product_id: number; quantity: number }[]) {
  const res = await fetch(`${base}/api/orders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(orderBody(items)),
  });
  return {
    status: res.status,
    body: (await res.json()) as { message: string; error?: string; order?: { id: number } },
  };
}

async function ordersFor(productId: number) {
  return t.db.selectFrom('order_items').select(['order_id', 'quantity']).where('product_id', '=', productId).execute();
}

describe('placing orders at the same moment', () => {
  it('sells a one-of-a-kind item to exactly one of 50 customers', async () => {
    const dress = await orderableProduct(t.db, { name: 'Vintage kitenge dress', stock: 1 });
    const transactionsBefore = transactions;
    const results = await Promise.all(tokens.map((token) => order(token, [{ product_id: dress.id, quantity: 1 }])));

    const won = results.filter((r) => r.status === 201);
    const lost = results.filter((r) => r.status === 422);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(49);
    for (const r of lost) {
      expect(r.body).toEqual({
        error: 'Not enough stock for Vintage kitenge dress',
        message: 'Not enough stock for Vintage kitenge dress',
      });
    }
    expect(await stockOf(t.db, dress.id)).toBe(0);
    expect(await ordersFor(dress.id)).toEqual([{ order_id: won[0]!.body.order!.id, quantity: 1 }]);
    // The 49 behind the buyer waited for the sale and were refused on reading the shelf again:
    // only the sale opened a transaction (a refusal inside one holds a database connection).
    expect(transactions - transactionsBefore).toBe(1);
  });

  it('never takes a stock of 3 below zero with mixed quantities', async () => {
    const jeans = await orderableProduct(t.db, { name: 'Levi’s 501', stock: 3 });
    const results = await Promise.all(
      tokens.map((token, i) => order(token, [{ product_id: jeans.id, quantity: (i % 3) + 1 }])),
    );
    expect(results.every((r) => r.status === 201 || r.status === 422)).toBe(true);

    const sold = (await ordersFor(jeans.id)).reduce((sum, line) => sum + line.quantity, 0);
    const wonQuantities = results.flatMap((r, i) => (r.status === 201 ? [(i % 3) + 1] : []));
    expect(sold).toBe(wonQuantities.reduce((a, b) => a + b, 0));
    expect(sold).toBeGreaterThan(0);
    expect(sold).toBeLessThanOrEqual(3);
    expect(await stockOf(t.db, jeans.id)).toBe(3 - sold);
    expect(await stockOf(t.db, jeans.id)).toBeGreaterThanOrEqual(0);
  });

  it('keeps two-item orders all-or-nothing when customers list the items in opposite orders', async () => {
    const hat = await orderableProduct(t.db, { name: 'Straw hat', stock: 5 });
    const belt = await orderableProduct(t.db, { name: 'Leather belt', stock: 5 });
    const results = await Promise.all(
      tokens.map((token, i) =>
        order(
          token,
          i % 2 === 0
            ? [
                { product_id: hat.id, quantity: 1 },
                { product_id: belt.id, quantity: 1 },
              ]
            : [
                { product_id: belt.id, quantity: 1 },
                { product_id: hat.id, quantity: 1 },
              ],
        ),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => r.status === 422)).toHaveLength(45);
    expect(await stockOf(t.db, hat.id)).toBe(0);
    expect(await stockOf(t.db, belt.id)).toBe(0);
    expect(await ordersFor(hat.id)).toHaveLength(5);
    expect(await ordersFor(belt.id)).toHaveLength(5);
  });
});
