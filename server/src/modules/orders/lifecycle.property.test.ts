import { MONEY_RECEIVED_STATUSES, OFFERS, ORDER_MOVES, statusAfter, type OrderMoveName } from '@mtumba/contract';
import { RETURN_MOVES, RETURN_REASONS, WRITE_OFF_REASONS, type ReturnMoveName } from '@mtumba/contract/returns';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { expireReservation, orderableProduct, orderBody } from '../../../test/order-fixtures.js';
import { settlePayment } from './lifecycle.js';
import { expireUnpaidOrders } from './sweeper.js';

/**
 * Long random sequences of what shoppers, the shop, payments and the sweeper do, against a real
 * database; after every step the shop's books must add up. The actions include what comes after
 * delivery: a parcel refused at the door or not delivered, a customer's return request, the
 * shop's answer, receiving items (back on sale or written off) and refunding a return. Runs:
 * PROPERTY_RUNS (default 200).
 */

const RUNS = Number(process.env.PROPERTY_RUNS ?? 200);
const shop = { shopName: 'Mtumba', shopEmail: 'owner@shop.test', appUrl: 'http://shop.test' };

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = bearer((await createUser(t.db, { admin: true })).token);
});
afterAll(async () => {
  await t?.close();
});

type Action =
  | { kind: 'place'; customer: number; lines: { product: number; quantity: number }[] }
  | { kind: 'pay'; order: number }
  | { kind: 'expire'; order: number }
  | { kind: 'edit_stock'; product: number; delta: number; stale: boolean }
  | { kind: 'admin_status'; order: number; to: 'processing' | 'shipped' | 'delivered' | 'cancelled' }
  | { kind: 'record_payment'; order: number }
  | { kind: 'customer_cancel'; order: number }
  | { kind: 'request_cancel'; order: number }
  | { kind: 'answer_request'; order: number; approve: boolean }
  | { kind: 'refund'; order: number; half: boolean }
  | { kind: 'choose_pod'; order: number }
  | { kind: 'fulfil'; order: number; deliver: boolean }
  | { kind: 'refuse'; order: number; failed: boolean }
  | { kind: 'request_return'; order: number; pick: number; reason: (typeof RETURN_REASONS)[number] }
  | { kind: 'answer_return'; ret: number; approve: boolean }
  | { kind: 'receive'; ret: number; pick: number; resell: boolean; reason: (typeof WRITE_OFF_REASONS)[number] }
  | { kind: 'refund_return'; ret: number; half: boolean };

const PRODUCTS = 3;
const CUSTOMERS = 2;
const index = fc.nat({ max: 7 });

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      customer: fc.nat({ max: CUSTOMERS - 1 }),
      lines: fc.uniqueArray(
        fc.record({ product: fc.nat({ max: PRODUCTS - 1 }), quantity: fc.integer({ min: 1, max: 2 }) }),
        { minLength: 1, maxLength: PRODUCTS, selector: (l) => l.product },
      ),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('pay' as const), order: index }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('expire' as const), order: index }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('edit_stock' as const),
      product: fc.nat({ max: PRODUCTS - 1 }),
      delta: fc.integer({ min: -1, max: 2 }),
      stale: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('admin_status' as const),
      order: index,
      to: fc.constantFrom('processing' as const, 'shipped' as const, 'delivered' as const, 'cancelled' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('record_payment' as const), order: index }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('customer_cancel' as const), order: index }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('request_cancel' as const), order: index }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('answer_request' as const), order: index, approve: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('refund' as const), order: index, half: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('choose_pod' as const), order: index }) },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('fulfil' as const), order: index, deliver: fc.boolean() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('refuse' as const), order: index, failed: fc.boolean() }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('request_return' as const),
      order: index,
      pick: fc.nat({ max: 7 }),
      reason: fc.constantFrom(...RETURN_REASONS),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('answer_return' as const),
      ret: index,
      // the shop mostly approves
      approve: fc.constantFrom(true, true, true, false),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('receive' as const),
      ret: index,
      pick: fc.nat({ max: 7 }),
      resell: fc.boolean(),
      reason: fc.constantFrom(...WRITE_OFF_REASONS),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('refund_return' as const), ret: index, half: fc.boolean() }),
  },
);

interface World {
  products: { id: number; initial: number; adjustments: number; seenStock: number }[];
  customers: { id: number; headers: Record<string, string> }[];
  orders: { id: number; customer: number }[];
  returns: number[];
}

async function stockOf(productId: number): Promise<number> {
  const row = await t.db
    .selectFrom('products')
    .select('stock_quantity')
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  return row.stock_quantity;
}

/**
 * The order an action is about. The actions after delivery aim at an order where they can happen
 * (a delivered one to return, a processing one to ship, a shipped one to refuse) when there is
 * one, so that long chains (placed, paid, shipped, delivered, returned) occur often; otherwise
 * any order, to try the move where the table refuses it.
 */
const AIMED: Partial<Record<Action['kind'], string[]>> = {
  pay: ['pending'],
  fulfil: ['processing'],
  refuse: ['shipped'],
  request_return: ['delivered'],
};

async function pickOrder(world: World, a: Action & { order: number }) {
  const any = world.orders[a.order % Math.max(1, world.orders.length)];
  const statuses = AIMED[a.kind];
  if (!statuses || world.orders.length === 0 || a.order === 7) return any;
  const rows = await t.db
    .selectFrom('orders')
    .select('id')
    .where(
      'id',
      'in',
      world.orders.map((o) => o.id),
    )
    .where('order_status', 'in', statuses as ('pending' | 'processing' | 'shipped' | 'delivered')[])
    .orderBy('id')
    .execute();
  if (rows.length === 0) return any;
  const id = rows[a.order % rows.length]!.id;
  return world.orders.find((o) => o.id === id);
}

/** The return an action is about: one in the status the action needs, when there is one (else any). */
const RETURN_AIMED: Partial<Record<Action['kind'], string>> = {
  answer_return: 'requested',
  receive: 'approved',
  refund_return: 'received',
};

async function pickReturn(world: World, a: Action & { ret: number }) {
  const any = world.returns[a.ret % Math.max(1, world.returns.length)];
  const status = RETURN_AIMED[a.kind];
  if (!status || world.returns.length === 0 || a.ret === 7) return any;
  const rows = await t.db
    .selectFrom('order_returns')
    .select('id')
    .where('id', 'in', world.returns)
    .where('status', '=', status as 'requested' | 'approved' | 'received')
    .orderBy('id')
    .execute();
  return rows.length === 0 ? any : rows[a.ret % rows.length]!.id;
}

async function run(world: World, a: Action): Promise<void> {
  const order = 'order' in a ? await pickOrder(world, a) : undefined;
  if ('order' in a && !order) return;
  const ret = 'ret' in a ? await pickReturn(world, a) : undefined;
  if ('ret' in a && ret === undefined) return;
  switch (a.kind) {
    case 'choose_pod': {
      const c = world.customers[order!.customer]!;
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${order!.id}/pay-on-delivery`,
        headers: c.headers,
      });
      expect([200, 410, 422], res.body).toContain(res.statusCode);
      return;
    }
    case 'fulfil': {
      // the shop ships an order and, often, marks it delivered straight after
      for (const to of a.deliver ? ['shipped', 'delivered'] : ['shipped']) {
        const res = await t.app.inject({
          method: 'PUT',
          url: `/api/admin/orders/${order!.id}`,
          headers: admin,
          payload: { order_status: to },
        });
        expect([200, 409, 422], res.body).toContain(res.statusCode);
      }
      return;
    }
    case 'refuse': {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order!.id}/delivery-failed`,
        headers: admin,
        payload: { kind: a.failed ? 'failed_delivery' : 'refused', note: 'at the door' },
      });
      expect([200, 422], res.body).toContain(res.statusCode);
      if (res.statusCode === 200) world.returns.push(res.json().return.id);
      return;
    }
    case 'request_return': {
      const c = world.customers[order!.customer]!;
      const lines = await t.db.selectFrom('order_items').select('id').where('order_id', '=', order!.id).execute();
      const items = lines.filter((_, i) => (a.pick >> i) & 1).map((l) => l.id);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${order!.id}/returns`,
        headers: c.headers,
        payload: { items: items.length ? items : lines.map((l) => l.id), reason: a.reason, note: 'prop' },
      });
      expect([201, 422], res.body).toContain(res.statusCode);
      if (res.statusCode === 201) world.returns.push(res.json().return.id);
      return;
    }
    case 'answer_return': {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/returns/${ret}/${a.approve ? 'approve' : 'decline'}`,
        headers: admin,
        payload: { note: 'looked at it' },
      });
      expect([200, 422], res.body).toContain(res.statusCode);
      return;
    }
    case 'receive': {
      const items = await t.db
        .selectFrom('return_items')
        .select('id')
        .where('return_id', '=', ret!)
        .orderBy('id')
        .execute();
      const item = items[a.pick % items.length]!;
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/returns/${ret}/receive`,
        headers: admin,
        payload: { items: [{ id: item.id, outcome: a.resell ? 'resell' : 'write_off', reason: a.reason }] },
      });
      expect([200, 422], res.body).toContain(res.statusCode);
      return;
    }
    case 'refund_return': {
      const view = await t.db.selectFrom('order_returns').selectAll().where('id', '=', ret!).executeTakeFirstOrThrow();
      const payload: Record<string, unknown> = { method: 'mpesa', reference: 'RET1' };
      if (a.half) payload.amount = 1;
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/returns/${view.id}/refund`,
        headers: admin,
        payload,
      });
      expect([200, 422], res.body).toContain(res.statusCode);
      return;
    }
    case 'place': {
      const c = world.customers[a.customer]!;
      const items = a.lines.map((l) => ({ product_id: world.products[l.product]!.id, quantity: l.quantity }));
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: c.headers,
        payload: orderBody(items),
      });
      if (res.statusCode === 201) world.orders.push({ id: res.json().order.id, customer: a.customer });
      else expect(res.statusCode, res.body).toBe(422);
      return;
    }
    case 'pay':
      await t.db.transaction().execute((trx) => settlePayment(trx, order!.id, shop));
      return;
    case 'expire':
      await expireReservation(t.db, order!.id);
      await expireUnpaidOrders(t.db, new Date(), { shop });
      return;
    case 'edit_stock': {
      const p = world.products[a.product]!;
      const current = await stockOf(p.id);
      const expected = a.stale ? p.seenStock : current;
      const target = Math.max(0, expected + a.delta);
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/products/${p.id}`,
        headers: admin,
        payload: { stock_quantity: target, expected_stock: expected },
      });
      if (res.statusCode === 200) {
        p.adjustments += target - expected;
        p.seenStock = target;
      } else {
        expect(res.statusCode, res.body).toBe(409);
        expect(expected).not.toBe(current);
        p.seenStock = res.json().current_stock;
      }
      return;
    }
    case 'admin_status': {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/orders/${order!.id}`,
        headers: admin,
        payload: { order_status: a.to },
      });
      expect([200, 409, 422], res.body).toContain(res.statusCode);
      return;
    }
    case 'record_payment': {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order!.id}/payments`,
        headers: admin,
        payload: { method: 'mpesa', reference: 'PROP123' },
      });
      expect([200, 410, 422], res.body).toContain(res.statusCode);
      return;
    }
    case 'customer_cancel': {
      const c = world.customers[order!.customer]!;
      const res = await t.app.inject({ method: 'POST', url: `/api/orders/${order!.id}/cancel`, headers: c.headers });
      expect([200, 422], res.body).toContain(res.statusCode);
      return;
    }
    case 'request_cancel': {
      const c = world.customers[order!.customer]!;
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${order!.id}/request-cancel`,
        headers: c.headers,
      });
      expect([200, 422], res.body).toContain(res.statusCode);
      return;
    }
    case 'answer_request': {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order!.id}/cancel-request`,
        headers: admin,
        payload: { decision: a.approve ? 'approve' : 'decline', note: 'checked' },
      });
      expect([200, 422], res.body).toContain(res.statusCode);
      return;
    }
    case 'refund': {
      const row = await t.db.selectFrom('orders').selectAll().where('id', '=', order!.id).executeTakeFirstOrThrow();
      const left = row.total_cents - row.refunded_cents;
      const amount = a.half ? Math.max(1, Math.floor(left / 2)) : Math.max(1, left);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order!.id}/refunds`,
        headers: admin,
        payload: { amount: amount / 100, method: 'cash' },
      });
      expect([200, 422], res.body).toContain(res.statusCode);
    }
  }
}

async function checkBooks(world: World): Promise<void> {
  const orderIds = world.orders.map((o) => o.id);
  const orders = orderIds.length
    ? await t.db.selectFrom('orders').selectAll().where('id', 'in', orderIds).execute()
    : [];
  const items = orderIds.length
    ? await t.db.selectFrom('order_items').selectAll().where('order_id', 'in', orderIds).execute()
    : [];
  const history = orderIds.length
    ? await t.db.selectFrom('order_history').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute()
    : [];

  const returns = orderIds.length
    ? await t.db.selectFrom('order_returns').selectAll().where('order_id', 'in', orderIds).execute()
    : [];
  const returnIds = returns.map((r) => r.id);
  const returnItems = returnIds.length
    ? await t.db.selectFrom('return_items').selectAll().where('return_id', 'in', returnIds).execute()
    : [];
  const returnHistory = returnIds.length
    ? await t.db.selectFrom('return_history').selectAll().where('return_id', 'in', returnIds).orderBy('id').execute()
    : [];
  const refunds = orderIds.length
    ? await t.db.selectFrom('refunds').selectAll().where('order_id', 'in', orderIds).execute()
    : [];

  for (const p of world.products) {
    const stock = await stockOf(p.id);
    expect(stock).toBeGreaterThanOrEqual(0);
    let out = 0;
    let paid = 0;
    for (const o of orders) {
      const qty = items.filter((i) => i.order_id === o.id && i.product_id === p.id).reduce((n, i) => n + i.quantity, 0);
      // off the shelf for the order: reserved, sold, or out with the rider (a refused parcel)
      if (o.stock_released_at === null) out += qty;
      if (o.order_status !== 'cancelled' && o.payment_status === 'paid') paid += qty;
    }
    const mine = returnItems.filter((i) => i.product_id === p.id && i.received_at !== null);
    const backOnSale = mine.filter((i) => i.outcome === 'resell').reduce((n, i) => n + i.quantity, 0);
    const writtenOff = mine.filter((i) => i.outcome === 'write_off').reduce((n, i) => n + i.quantity, 0);
    // every unit is on the shelf, held or sold by an order (or on its way back), or written off
    expect(stock + (out - backOnSale - writtenOff) + writtenOff).toBe(p.initial + p.adjustments);
    expect(out - backOnSale - writtenOff).toBeGreaterThanOrEqual(0);
    expect(paid).toBeLessThanOrEqual(p.initial + Math.max(0, p.adjustments));
    const ledger = await t.db
      .selectFrom('stock_movements')
      .select((eb) => eb.fn.sum<number>('change').as('total'))
      .where('product_id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(Number(ledger.total)).toBe(stock);
    // nothing restocked twice: the ledger's return movements are exactly the items received
    const back = await t.db
      .selectFrom('stock_movements')
      .select(['reason', 'change', 'return_id'])
      .where('product_id', '=', p.id)
      .where('reason', 'in', ['return_restock', 'write_off'])
      .execute();
    expect(back.filter((m) => m.reason === 'return_restock').reduce((n, m) => n + m.change, 0)).toBe(backOnSale);
    expect(back.filter((m) => m.reason === 'write_off').length).toBe(
      mine.filter((i) => i.outcome === 'write_off').length,
    );
  }

  // an order line is in one live (not declined) return at most
  const live = returnItems.filter((i) => i.open_order_item_id !== null).map((i) => i.order_item_id);
  expect(new Set(live).size).toBe(live.length);

  // refunds: never more than was paid, never on an order that was not paid
  for (const o of orders) {
    const recorded = refunds.filter((r) => r.order_id === o.id).reduce((n, r) => n + r.amount_cents, 0);
    expect(o.refunded_cents).toBe(recorded);
    expect(o.refunded_cents).toBeLessThanOrEqual(o.total_cents);
    // money went back only where money came in
    if (o.refunded_cents > 0) expect(MONEY_RECEIVED_STATUSES).toContain(o.payment_status);
    const viaReturns = returns.filter((r) => r.order_id === o.id).reduce((n, r) => n + r.refunded_cents, 0);
    expect(viaReturns).toBeLessThanOrEqual(o.refunded_cents);
  }

  // every return's history is a path in the return move table
  for (const r of returns) {
    let status: string | null = null;
    for (const h of returnHistory.filter((e) => e.return_id === r.id)) {
      const move = RETURN_MOVES[h.move as ReturnMoveName];
      expect(move, h.move).toBeDefined();
      expect(h.from_status).toBe(status);
      expect((move.from as readonly string[]).includes(h.from_status ?? 'new')).toBe(true);
      if (move.to === 'received_when_all') expect(['approved', 'received']).toContain(h.to_status);
      else expect(h.to_status).toBe(move.to);
      status = h.to_status;
    }
    expect(status).toBe(r.status);
  }

  for (const o of orders) {
    const entries = history.filter((h) => h.order_id === o.id);
    let status: string | null = null;
    for (const h of entries) {
      expect(h.move, JSON.stringify(h)).not.toBeNull();
      const move = ORDER_MOVES[h.move as OrderMoveName];
      expect(move, h.move ?? '').toBeDefined();
      expect(h.from_status).toBe(status);
      expect((move.from as readonly string[]).includes(h.from_status ?? 'new')).toBe(true);
      expect(h.to_status).toBe(h.from_status === null ? move.to : statusAfter(h.move as OrderMoveName, h.from_status));
      status = h.to_status;
    }
    expect(status).toBe(o.order_status);
  }

  for (let c = 0; c < world.customers.length; c++) {
    const live = orders.filter(
      (o) =>
        o.user_id === world.customers[c]!.id &&
        o.applied_discounts.includes(OFFERS.welcome.label) &&
        o.order_status !== 'cancelled',
    );
    expect(live.length).toBeLessThanOrEqual(1);
  }
}

describe('the order lifecycle under random sequences', () => {
  it(`keeps the books straight over ${RUNS} sequences`, { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: PRODUCTS, maxLength: PRODUCTS }),
        fc.array(action, { minLength: 10, maxLength: 30 }),
        async (stocks, actions) => {
          const world: World = { products: [], customers: [], orders: [], returns: [] };
          for (const stock of stocks) {
            const p = await orderableProduct(t.db, { stock, priceCents: 400_00 });
            world.products.push({ id: p.id, initial: stock, adjustments: 0, seenStock: stock });
          }
          for (let c = 0; c < CUSTOMERS; c++) {
            const u = await createUser(t.db);
            // the first customer may pay on delivery (a verified phone)
            if (c === 0) {
              await t.db
                .updateTable('users')
                .set({ phone_verified_at: new Date().toISOString() })
                .where('id', '=', u.id)
                .execute();
            }
            world.customers.push({ id: u.id, headers: bearer(u.token) });
          }
          for (const a of actions) {
            await run(world, a);
            await checkBooks(world);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});
