import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCountingApp } from '../../../test/catalog.js';
import { createUser, TEST_DB } from '../../../test/helpers.js';
import { orderableProduct, stockOf } from '../../../test/order-fixtures.js';
import { runPlaceMove, type NewOrder, type OfferHoldsForOrder } from './place.js';
import { OutOfStock } from './run-move.js';

let t: Awaited<ReturnType<typeof buildCountingApp>>;

beforeAll(async () => {
  t = await buildCountingApp();
});
afterAll(async () => {
  await t?.close();
});

// the customers here hold no accepted offers (the offers module's part, given by the flow in the app)
const offerHolds: OfferHoldsForOrder = {
  heldCount: async () => 0,
  takeOver: async () => {},
  tooManyHeld: (max) => `at most ${max}`,
};

function newOrder(customerId: number, product: { id: number; name: string }): NewOrder {
  return {
    customerId,
    lines: [{ productId: product.id, name: product.name, imageKey: null, unitPriceCents: 500_00, quantity: 1 }],
    amounts: {
      subtotal_cents: 500_00,
      discount_cents: 0,
      delivery_fee_cents: 0,
      total_cents: 500_00,
      applied_discounts: [],
    },
    shipping_address: 'CBD Delivery',
    shipping_phone: '+254712345678',
    discount_code: null,
    delivery_method_id: null,
    delivery_details: '{}',
    reservationSeconds: 600,
    limits: { maxUnpaidOrders: 5, maxReservedItems: 10 },
    offerHolds,
  };
}

describe(`the place move, on ${TEST_DB}`, () => {
  it('refuses an item another order took since it was read, before writing anything', async () => {
    const dress = await orderableProduct(t.db, { stock: 1 });
    const first = await createUser(t.db, { verified: true });
    const second = await createUser(t.db, { verified: true });
    // both read the dress on the shelf; the first order takes it
    await runPlaceMove(t.app.db, newOrder(first.id, dress));
    expect(await stockOf(t.db, dress.id)).toBe(0);

    const before = t.queries.count;
    await expect(runPlaceMove(t.app.db, newOrder(second.id, dress))).rejects.toBeInstanceOf(OutOfStock);
    // one read of the shelf, then the transaction is rolled back: no lock, no limit checks, no inserts
    expect(t.queries.count - before).toBe(1);
    const orders = await t.db.selectFrom('orders').select('id').where('user_id', '=', second.id).execute();
    expect(orders).toEqual([]);
  });
});
