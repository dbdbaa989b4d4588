import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, TEST_DB, type TestApp } from '../../../test/helpers.js';
import { multipart, uniquePng } from '../../../test/catalog.js';
import { mailsTo, orderableProduct, orderBody, orderRow, stockOf } from '../../../test/order-fixtures.js';

let t: TestApp;
let admin: { email: string; headers: Record<string, string> };

beforeAll(async () => {
  t = await buildTestApp();
  const a = await createUser(t.db, { admin: true });
  admin = { email: a.email, headers: bearer(a.token) };
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;

async function customer(options: { phoneVerified?: boolean } = {}) {
  const user = await createUser(t.db);
  if (options.phoneVerified) {
    await t.db
      .updateTable('users')
      .set({ phone_verified_at: new Date().toISOString() })
      .where('id', '=', user.id)
      .execute();
  }
  return { ...user, headers: bearer(user.token) };
}

async function call(method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) {
  return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

/** An order of one unit of a new product (stock 2), placed by the customer. */
async function placed(headers: Headers, priceCents = 800_00) {
  const p = await orderableProduct(t.db, { priceCents, stock: 2 });
  const res = await call('POST', '/api/orders', headers, orderBody([{ product_id: p.id, quantity: 1 }]));
  expect(res.statusCode, res.body).toBe(201);
  return { orderId: res.json().order.id as number, productId: p.id, priceCents };
}

async function ok(res: Awaited<ReturnType<typeof call>>, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

/** Paid by the shop's till, then shipped. */
async function shippedPaid(headers: Headers) {
  const o = await placed(headers);
  await ok(
    await call('POST', `/api/admin/orders/${o.orderId}/payments`, admin.headers, { method: 'mpesa', reference: 'QX1' }),
  );
  await ok(await call('PUT', `/api/admin/orders/${o.orderId}`, admin.headers, { order_status: 'shipped' }));
  return o;
}

async function delivered(headers: Headers) {
  const o = await shippedPaid(headers);
  await ok(await call('PUT', `/api/admin/orders/${o.orderId}`, admin.headers, { order_status: 'delivered' }));
  return o;
}

async function movements(productId: number) {
  return t.db
    .selectFrom('stock_movements')
    .select(['reason', 'change', 'note', 'return_id'])
    .where('product_id', '=', productId)
    .orderBy('id')
    .execute();
}

async function itemIds(orderId: number) {
  const rows = await t.db.selectFrom('order_items').select('id').where('order_id', '=', orderId).execute();
  return rows.map((r) => r.id);
}

describe(`refused and failed deliveries, on ${TEST_DB}`, () => {
  it('a pay-on-delivery parcel refused at the door owes nothing, and its item is back on sale only once received', async () => {
    const c = await customer({ phoneVerified: true });
    const o = await placed(c.headers);
    await ok(await call('POST', `/api/orders/${o.orderId}/pay-on-delivery`, c.headers));
    await ok(await call('PUT', `/api/admin/orders/${o.orderId}`, admin.headers, { order_status: 'shipped' }));
    expect(await stockOf(t.db, o.productId)).toBe(1);

    const refused = await ok(
      await call('POST', `/api/admin/orders/${o.orderId}/delivery-failed`, admin.headers, {
        kind: 'refused',
        note: 'Buyer not home, then refused',
      }),
    );
    expect(refused.return).toMatchObject({ kind: 'refused', status: 'approved', refundable: 0 });
    const order = await orderRow(t.db, o.orderId);
    expect(order).toMatchObject({ order_status: 'cancelled', payment_status: 'unpaid', refunded_cents: 0 });
    // still with the rider: not on sale yet
    expect(await stockOf(t.db, o.productId)).toBe(1);

    const item = refused.return.items[0];
    const received = await ok(
      await call('POST', `/api/admin/returns/${refused.return.id}/receive`, admin.headers, {
        items: [{ id: item.id, outcome: 'resell' }],
      }),
    );
    expect(received.return.status).toBe('received');
    expect(await stockOf(t.db, o.productId)).toBe(2);

    const again = await call('POST', `/api/admin/returns/${refused.return.id}/receive`, admin.headers, {
      items: [{ id: item.id, outcome: 'resell' }],
    });
    expect(again.statusCode).toBe(422);
    expect(await stockOf(t.db, o.productId)).toBe(2);
    expect((await movements(o.productId)).filter((m) => m.reason === 'return_restock')).toHaveLength(1);

    const refund = await call('POST', `/api/admin/returns/${refused.return.id}/refund`, admin.headers, {
      method: 'cash',
    });
    expect(refund.statusCode).toBe(422);
    expect(refund.json().message).toBe('Nothing was paid for this order: there is nothing to refund.');
    expect((await orderRow(t.db, o.orderId)).refunded_cents).toBe(0);

    // the dashboard counts the refusal against pay on delivery
    const board = await ok(await call('GET', '/api/admin/dashboard?range=today', admin.headers));
    const pod = board.returns_by_delivery.filter(
      (r: { payment_method: string }) => r.payment_method === 'pay_on_delivery',
    );
    expect(pod.reduce((n: number, r: { refused: number }) => n + r.refused, 0)).toBeGreaterThanOrEqual(1);
    expect(pod[0].refusal_rate).toBeGreaterThan(0);
    const today = board.range.from;
    const csv = await call('GET', `/api/admin/orders.csv?from=${today}&to=${today}`, admin.headers);
    expect(csv.statusCode).toBe(200);
    const line = csv.body.split('\n').find((l) => l.startsWith(`${o.orderId},`));
    // order status, source (none known), delivery outcome, returns
    expect(line).toMatch(/,cancelled,direct,refused,$/);
  });

  it('a paid parcel the rider could not deliver is flagged for a refund; a lost one is written off with its reason', async () => {
    const c = await customer();
    const o = await shippedPaid(c.headers);
    const failed = await ok(
      await call('POST', `/api/admin/orders/${o.orderId}/delivery-failed`, admin.headers, { kind: 'failed_delivery' }),
    );
    expect(await orderRow(t.db, o.orderId)).toMatchObject({ order_status: 'cancelled', payment_status: 'refund_due' });
    expect(
      (await mailsTo(t.db, 'shop@mtumba.local')).some((m) => m.subject === `Refund needed: order #${o.orderId}`),
    ).toBe(true);

    await ok(
      await call('POST', `/api/admin/returns/${failed.return.id}/receive`, admin.headers, {
        items: [{ id: failed.return.items[0].id, outcome: 'write_off', reason: 'lost_in_transit' }],
      }),
    );
    expect(await stockOf(t.db, o.productId)).toBe(1);
    const writeOff = (await movements(o.productId)).find((m) => m.reason === 'write_off');
    expect(writeOff).toMatchObject({ change: 0, return_id: failed.return.id });
    expect(writeOff!.note).toContain('Lost on the way back');

    const refunded = await ok(
      await call('POST', `/api/admin/returns/${failed.return.id}/refund`, admin.headers, {
        method: 'mpesa',
        reference: 'RF1',
      }),
    );
    // the item as paid (after the order's discounts); the delivery fee is kept unless the shop
    // refunds it (RETURNS_REFUND_DELIVERY_FEE)
    const row = await orderRow(t.db, o.orderId);
    const paidForItem = row.subtotal_cents - row.discount_cents;
    expect(row.delivery_fee_cents).toBeGreaterThan(0);
    expect(refunded.return).toMatchObject({ status: 'refunded', refunded: paidForItem / 100 });
    expect(row).toMatchObject({ refunded_cents: paidForItem, payment_status: 'partially_refunded' });
  });

  it('cannot record a failed delivery on an order that has not shipped', async () => {
    const c = await customer();
    const o = await placed(c.headers);
    const res = await call('POST', `/api/admin/orders/${o.orderId}/delivery-failed`, admin.headers, {
      kind: 'refused',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('This order is pending: it cannot be marked as refused.');
    expect(await stockOf(t.db, o.productId)).toBe(1);
  });
});

describe(`customer returns, on ${TEST_DB}`, () => {
  it('a delivered order is returned within the window, received back on sale and refunded once', async () => {
    const c = await customer();
    const o = await delivered(c.headers);
    const view = await ok(await call('GET', `/api/orders/${o.orderId}/returns`, c.headers));
    expect(view).toMatchObject({ can_request: true, returns: [] });
    expect(view.returnable_items).toHaveLength(1);

    const [line] = await itemIds(o.orderId);
    const requested = await ok(
      await call('POST', `/api/orders/${o.orderId}/returns`, c.headers, {
        items: [line],
        reason: 'not_as_described',
        note: 'The jacket has a tear',
      }),
      201,
    );
    expect(requested.return).toMatchObject({
      kind: 'customer_return',
      status: 'requested',
      reason: 'not_as_described',
    });
    expect((await mailsTo(t.db, c.email)).map((m) => m.subject)).toContain(`Return request for order #${o.orderId}`);
    expect((await mailsTo(t.db, 'shop@mtumba.local')).map((m) => m.subject)).toContain(
      `Return requested: order #${o.orderId}`,
    );

    const twice = await call('POST', `/api/orders/${o.orderId}/returns`, c.headers, { items: [line], reason: 'other' });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toBe('An item you chose is already in a return.');

    const id = requested.return.id;
    // not received yet: nothing to refund
    expect((await call('POST', `/api/admin/returns/${id}/refund`, admin.headers, { method: 'cash' })).statusCode).toBe(
      422,
    );
    await ok(await call('POST', `/api/admin/returns/${id}/approve`, admin.headers, { note: 'Send it with the rider' }));
    expect((await mailsTo(t.db, c.email)).map((m) => m.subject)).toContain(`Return approved: order #${o.orderId}`);
    expect(await stockOf(t.db, o.productId)).toBe(1);

    const received = await ok(
      await call('POST', `/api/admin/returns/${id}/receive`, admin.headers, {
        items: [{ id: requested.return.items[0].id, outcome: 'resell' }],
      }),
    );
    const before = await orderRow(t.db, o.orderId);
    const paidForItem = before.subtotal_cents - before.discount_cents;
    expect(received.return).toMatchObject({ status: 'received', refundable: paidForItem / 100 });
    expect(await stockOf(t.db, o.productId)).toBe(2);

    const tooMuch = await call('POST', `/api/admin/returns/${id}/refund`, admin.headers, {
      method: 'mpesa',
      amount: paidForItem / 100 + 1,
    });
    expect(tooMuch.statusCode).toBe(422);
    await ok(
      await call('POST', `/api/admin/returns/${id}/refund`, admin.headers, { method: 'mpesa', reference: 'RX9' }),
    );
    const order = await orderRow(t.db, o.orderId);
    expect(order).toMatchObject({
      order_status: 'delivered',
      payment_status: 'partially_refunded',
      refunded_cents: paidForItem,
    });
    expect((await mailsTo(t.db, c.email)).map((m) => m.subject)).toContain(`Refund for order #${o.orderId}`);
    expect((await call('POST', `/api/admin/returns/${id}/refund`, admin.headers, { method: 'mpesa' })).statusCode).toBe(
      422,
    );
    expect((await orderRow(t.db, o.orderId)).refunded_cents).toBe(paidForItem);
  });

  it('outside the returns window the customer is told no with 422 and may not ask', async () => {
    const c = await customer();
    const o = await delivered(c.headers);
    await t.db
      .updateTable('order_history')
      .set({ created_at: new Date(Date.now() - 8 * 86_400_000).toISOString() })
      .where('order_id', '=', o.orderId)
      .where('move', '=', 'deliver')
      .execute();
    const view = await ok(await call('GET', `/api/orders/${o.orderId}/returns`, c.headers));
    expect(view.can_request).toBe(false);
    const res = await call('POST', `/api/orders/${o.orderId}/returns`, c.headers, {
      items: await itemIds(o.orderId),
      reason: 'does_not_fit',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'Returns are accepted within 7 days of delivery; this order is outside that window.',
    );
    expect(await t.db.selectFrom('order_returns').select('id').where('order_id', '=', o.orderId).execute()).toEqual([]);
  });

  it('a declined return moves nothing and frees the items for a new request', async () => {
    const c = await customer();
    const o = await delivered(c.headers);
    const items = await itemIds(o.orderId);
    const first = await ok(
      await call('POST', `/api/orders/${o.orderId}/returns`, c.headers, { items, reason: 'other' }),
      201,
    );
    const declined = await ok(
      await call('POST', `/api/admin/returns/${first.return.id}/decline`, admin.headers, {
        note: 'Worn after delivery',
      }),
    );
    expect(declined.return).toMatchObject({ status: 'declined', shop_note: 'Worn after delivery' });
    expect((await mailsTo(t.db, c.email)).map((m) => m.subject)).toContain(`Return declined: order #${o.orderId}`);
    const receive = await call('POST', `/api/admin/returns/${first.return.id}/receive`, admin.headers, {
      items: [{ id: first.return.items[0].id, outcome: 'resell' }],
    });
    expect(receive.statusCode).toBe(422);
    expect(await stockOf(t.db, o.productId)).toBe(1);
    await ok(await call('POST', `/api/orders/${o.orderId}/returns`, c.headers, { items, reason: 'damaged' }), 201);
  });

  it('refuses a request for an order that is not delivered, items of another order, and a write-off without a reason', async () => {
    const c = await customer();
    const pending = await placed(c.headers);
    const notDelivered = await call('POST', `/api/orders/${pending.orderId}/returns`, c.headers, {
      items: await itemIds(pending.orderId),
      reason: 'other',
    });
    expect(notDelivered.statusCode).toBe(422);
    expect(notDelivered.json().message).toBe('Only a delivered order can be returned.');

    const o = await delivered(c.headers);
    const foreign = await call('POST', `/api/orders/${o.orderId}/returns`, c.headers, {
      items: await itemIds(pending.orderId),
      reason: 'other',
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().message).toBe('Choose items of this order.');

    const bad = await call('POST', `/api/orders/${o.orderId}/returns`, c.headers, { items: [], reason: 'because' });
    expect(bad.statusCode).toBe(422);

    const ret = await ok(
      await call('POST', `/api/orders/${o.orderId}/returns`, c.headers, {
        items: await itemIds(o.orderId),
        reason: 'damaged',
      }),
      201,
    );
    await ok(await call('POST', `/api/admin/returns/${ret.return.id}/approve`, admin.headers, {}));
    const noReason = await call('POST', `/api/admin/returns/${ret.return.id}/receive`, admin.headers, {
      items: [{ id: ret.return.items[0].id, outcome: 'write_off' }],
    });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().message).toBe('Choose why the item is written off.');
  });

  it('takes up to 3 photos with a request, stored as images, and refuses a fourth or a non-image', async () => {
    const c = await customer();
    const o = await delivered(c.headers);
    const ret = await ok(
      await call('POST', `/api/orders/${o.orderId}/returns`, c.headers, {
        items: await itemIds(o.orderId),
        reason: 'damaged',
      }),
      201,
    );
    const upload = async (files: { data: Buffer; filename: string }[]) => {
      const form = multipart(
        [],
        files.map((f) => ({ field: 'photos', filename: f.filename, contentType: 'image/png', data: f.data })),
      );
      return t.app.inject({
        method: 'POST',
        url: `/api/orders/${o.orderId}/returns/${ret.return.id}/photos`,
        headers: { ...c.headers, ...form.headers },
        payload: form.payload,
      });
    };
    const added = await ok(
      await upload([
        { data: await uniquePng(), filename: 'a.png' },
        { data: await uniquePng(), filename: 'b.png' },
      ]),
    );
    expect(added.return.photos).toHaveLength(2);
    expect(added.return.photos[0]).toMatch(/^\/uploads\/[0-9a-f]+-640\.webp$/);
    const image = await t.app.inject({ method: 'GET', url: added.return.photos[0] });
    expect(image.statusCode).toBe(200);

    const notImage = await upload([{ data: Buffer.from('not a picture'), filename: 'c.png' }]);
    expect(notImage.statusCode).toBe(422);
    const tooMany = await upload([
      { data: await uniquePng(), filename: 'd.png' },
      { data: await uniquePng(), filename: 'e.png' },
    ]);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toBe('A return may have at most 3 photos.');

    const stranger = await customer();
    const form = multipart([], [{ field: 'photos', filename: 'x.png', data: await uniquePng() }]);
    const theirs = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${o.orderId}/returns/${ret.return.id}/photos`,
      headers: { ...stranger.headers, ...form.headers },
      payload: form.payload,
    });
    expect(theirs.statusCode).toBe(404);
    const view = await ok(await call('GET', `/api/admin/orders/${o.orderId}/returns`, admin.headers));
    expect(view.returns[0].photos).toHaveLength(2);
  });

  it('two admins receiving the same item at once put it back on sale once', async () => {
    const c = await customer();
    const o = await delivered(c.headers);
    const ret = await ok(
      await call('POST', `/api/orders/${o.orderId}/returns`, c.headers, {
        items: await itemIds(o.orderId),
        reason: 'damaged',
      }),
      201,
    );
    await ok(await call('POST', `/api/admin/returns/${ret.return.id}/approve`, admin.headers, {}));
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        call('POST', `/api/admin/returns/${ret.return.id}/receive`, admin.headers, {
          items: [{ id: ret.return.items[0].id, outcome: 'resell' }],
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results) expect([200, 409, 422]).toContain(r.statusCode);
    expect(await stockOf(t.db, o.productId)).toBe(2);
  });

  it('lists open returns in the shop’s queue with their count', async () => {
    const c = await customer();
    const o = await delivered(c.headers);
    const ret = await ok(
      await call('POST', `/api/orders/${o.orderId}/returns`, c.headers, {
        items: await itemIds(o.orderId),
        reason: 'wrong_item',
      }),
      201,
    );
    const queue = await ok(await call('GET', '/api/admin/returns', admin.headers));
    expect(queue.open).toBeGreaterThanOrEqual(1);
    expect(queue.returns.map((r: { id: number }) => r.id)).toContain(ret.return.id);
    const mine = queue.returns.find((r: { id: number }) => r.id === ret.return.id);
    expect(mine).toMatchObject({ order_id: o.orderId, status: 'requested', customer_name: c.name });
  });
});

describe(`a shop that refunds the delivery fee with a return, on ${TEST_DB}`, () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await buildTestApp({ env: { RETURNS_REFUND_DELIVERY_FEE: '1', SHOP_RETURNS_WINDOW_DAYS: '14' } });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('refunds the items as paid plus the fee: the whole payment comes back', async () => {
    const boss = await createUser(shop.db, { admin: true });
    const staff = bearer(boss.token);
    const buyer = await createUser(shop.db);
    const headers = bearer(buyer.token);
    const send = (method: 'GET' | 'POST' | 'PUT', url: string, h: Headers, payload?: object) =>
      shop.app.inject({ method, url, headers: h, ...(payload ? { payload } : {}) });
    const p = await orderableProduct(shop.db, { priceCents: 600_00, stock: 1 });
    const placedRes = await send('POST', '/api/orders', headers, orderBody([{ product_id: p.id, quantity: 1 }]));
    const orderId = placedRes.json().order.id as number;
    await ok(await send('POST', `/api/admin/orders/${orderId}/payments`, staff, { method: 'cash', reference: 'C1' }));
    await ok(await send('PUT', `/api/admin/orders/${orderId}`, staff, { order_status: 'shipped' }));
    await ok(await send('PUT', `/api/admin/orders/${orderId}`, staff, { order_status: 'delivered' }));
    // the window is the shop's setting: 10 days after delivery is still inside 14
    await shop.db
      .updateTable('order_history')
      .set({ created_at: new Date(Date.now() - 10 * 86_400_000).toISOString() })
      .where('order_id', '=', orderId)
      .where('move', '=', 'deliver')
      .execute();
    const lines = await shop.db.selectFrom('order_items').select('id').where('order_id', '=', orderId).execute();
    const ret = await ok(
      await send('POST', `/api/orders/${orderId}/returns`, headers, {
        items: lines.map((l) => l.id),
        reason: 'damaged',
      }),
      201,
    );
    await ok(await send('POST', `/api/admin/returns/${ret.return.id}/approve`, staff, {}));
    const received = await ok(
      await send('POST', `/api/admin/returns/${ret.return.id}/receive`, staff, {
        items: [{ id: ret.return.items[0].id, outcome: 'write_off', reason: 'damaged' }],
      }),
    );
    const row = await orderRow(shop.db, orderId);
    expect(received.return.refundable).toBe(row.total_cents / 100);
    await ok(await send('POST', `/api/admin/returns/${ret.return.id}/refund`, staff, { method: 'cash' }));
    expect(await orderRow(shop.db, orderId)).toMatchObject({
      payment_status: 'refunded',
      refunded_cents: row.total_cents,
    });
    // written off: not back on sale
    expect(await stockOf(shop.db, p.id)).toBe(0);
  });
});
