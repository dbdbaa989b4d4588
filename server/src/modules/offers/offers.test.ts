import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import type { DomainEventMap } from '../../lib/events.js';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { mailsTo, orderableProduct, orderBody, stockOf } from '../../../test/order-fixtures.js';
import { offersService } from './service.js';
import { shopContext } from '../orders/emails.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, { admin: true, name: 'Shop Admin' });
});
afterAll(async () => {
  await t?.close();
});

/** A one-off item the shop takes offers on: Ksh 1,000 unless told. */
async function negotiable(db: Db, options: { stock?: number; priceCents?: number; name?: string } = {}) {
  const product = await orderableProduct(db, { stock: 1, priceCents: 1000_00, ...options });
  await db.updateTable('products').set({ negotiable: 1 }).where('id', '=', product.id).execute();
  return product;
}

async function offer(token: string, productId: number, price: number | string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/products/${productId}/offers`,
    headers: bearer(token),
    payload: { price },
  });
}

async function adminAnswer(id: number, action: 'accept' | 'decline' | 'counter', payload: object = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/offers/${id}/${action}`,
    headers: bearer(admin.token),
    payload,
  });
}

async function customerAnswer(token: string, id: number, action: 'accept' | 'decline' | 'counter', payload?: object) {
  return t.app.inject({ method: 'POST', url: `/api/offers/${id}/${action}`, headers: bearer(token), payload });
}

async function heldOf(productId: number) {
  const row = await t.db
    .selectFrom('products')
    .select(['stock_quantity', 'held_quantity'])
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  return { stock: row.stock_quantity, held: row.held_quantity };
}

async function cartOf(token: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    subtotal: number;
    cart_items: { product_id: number; line_total: number; offer?: { agreed_price: number } | null }[];
  };
}

async function placeOrder(token: string, items: { product_id: number; quantity: number }[], extra = {}) {
  return t.app.inject({ method: 'POST', url: '/api/orders', headers: bearer(token), payload: orderBody(items, extra) });
}

function collect<K extends keyof DomainEventMap>(name: K) {
  const seen: DomainEventMap[K][] = [];
  const off = t.app.events.on(name, (e) => seen.push(e));
  return { seen, off };
}

describe('making an offer', () => {
  it('accepts at once at or above the auto-accept share: held for the customer, in their cart, "Reserved" to others', async () => {
    const buyer = await createUser(t.db);
    const item = await negotiable(t.db, { name: 'Denim jacket' });
    const res = await offer(buyer.token, item.id, 900);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(
      'Offer accepted! The item is reserved for you at this price for 24 hours and is in your cart.',
    );
    expect(res.json().offer).toMatchObject({ status: 'accepted', agreed_price: 900, waiting_for: 'nobody' });
    expect(await heldOf(item.id)).toEqual({ stock: 0, held: 1 });

    const cart = await cartOf(buyer.token);
    const line = cart.cart_items.find((l) => l.product_id === item.id)!;
    expect(line.line_total).toBe(900);
    expect(line.offer?.agreed_price).toBe(900);

    const product = await t.app.inject({ method: 'GET', url: `/api/products/${item.id}` });
    expect(product.json()).toMatchObject({ reserved: true, negotiable: true, stock_quantity: 0 });

    const other = await createUser(t.db);
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: bearer(other.token),
      payload: { product_id: item.id, quantity: 1 },
    });
    expect(add.statusCode).toBe(422);
    expect(add.json().message).toBe('Denim jacket: This item is reserved for another customer for now.');
    const order = await placeOrder(other.token, [{ product_id: item.id, quantity: 1 }]);
    expect(order.statusCode).toBe(422);
    expect(order.json().message).toBe('Denim jacket: This item is reserved for another customer for now.');
    const second = await offer(other.token, item.id, 950);
    expect(second.statusCode).toBe(422);
    expect(second.json().message).toBe('This item is reserved for another customer for now.');

    expect((await mailsTo(t.db, buyer.email)).map((m) => m.subject)).toEqual([
      'Your offer on Denim jacket is accepted',
    ]);
  });

  it('declines at once below the floor with a message, and leaves the item on sale', async () => {
    const buyer = await createUser(t.db);
    const item = await negotiable(t.db);
    const res = await offer(buyer.token, item.id, '599.99');
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Sorry, that is too low for this item. The shop considers offers from Ksh 600.');
    expect(res.json().offer.status).toBe('declined');
    expect(await heldOf(item.id)).toEqual({ stock: 1, held: 0 });
  });

  it('leaves an offer between the floor and the auto-accept share open for the shop, and tells the admins live', async () => {
    const buyer = await createUser(t.db);
    const item = await negotiable(t.db);
    const changed = collect('offer.changed');
    const res = await offer(buyer.token, item.id, 700);
    changed.off();
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Offer sent. The shop will answer soon; you will be told here and by e-mail.');
    expect(res.json().offer).toMatchObject({ status: 'open', offer_price: 700, waiting_for: 'shop' });
    expect(changed.seen).toEqual([expect.objectContaining({ id: res.json().offer.id, status: 'open' })]);
    expect(await heldOf(item.id)).toEqual({ stock: 1, held: 0 });

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/offers', headers: bearer(admin.token) });
    expect(list.statusCode).toBe(200);
    expect(list.json().waiting).toBeGreaterThanOrEqual(1);
    expect(list.json().offers.map((o: { id: number }) => o.id)).toContain(res.json().offer.id);
  });

  it('refuses offers that break the rules with messages', async () => {
    const buyer = await createUser(t.db);
    const item = await negotiable(t.db);
    const plain = await orderableProduct(t.db, { stock: 1 });

    const notNegotiable = await offer(buyer.token, plain.id, 300);
    expect(notNegotiable.statusCode).toBe(422);
    expect(notNegotiable.json().message).toBe('This item does not take offers.');

    const atPrice = await offer(buyer.token, item.id, 1000);
    expect(atPrice.statusCode).toBe(422);
    expect(atPrice.json().message).toBe(
      'Your offer must be below the price. At the price, simply add it to your cart.',
    );

    const junk = await offer(buyer.token, item.id, 'cheap');
    expect(junk.statusCode).toBe(422);
    expect(junk.json().message).toBe('Enter the price in Ksh, e.g. 850.');

    expect((await offer(buyer.token, item.id, 700)).statusCode).toBe(201);
    const again = await offer(buyer.token, item.id, 750);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('You already have an offer on this item. See it under My offers.');

    const visitor = await t.app.inject({
      method: 'POST',
      url: `/api/products/${item.id}/offers`,
      payload: { price: 700 },
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('allows a few offers waiting for an answer per customer', async () => {
    const buyer = await createUser(t.db);
    for (let i = 0; i < 3; i++) {
      expect((await offer(buyer.token, (await negotiable(t.db)).id, 700)).statusCode).toBe(201);
    }
    const fourth = await offer(buyer.token, (await negotiable(t.db)).id, 700);
    expect(fourth.statusCode).toBe(422);
    expect(fourth.json().message).toBe(
      'You have 3 offers waiting for an answer. Please wait for an answer or withdraw one first.',
    );
  });

  it('keeps the shop’s calls for admins', async () => {
    const buyer = await createUser(t.db);
    const item = await negotiable(t.db);
    const id = (await offer(buyer.token, item.id, 700)).json().offer.id as number;
    for (const url of ['/api/admin/offers']) {
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(buyer.token) })).statusCode).toBe(403);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/offers/${id}/accept`,
      headers: bearer(buyer.token),
    });
    expect(res.statusCode).toBe(403);
    expect(await heldOf(item.id)).toEqual({ stock: 1, held: 0 });
  });
});

describe('haggling', () => {
  it('goes offer → counter → counter back → counter → accept, each answer reaching the customer live and by e-mail', async () => {
    const buyer = await createUser(t.db);
    const item = await negotiable(t.db, { name: 'Leather boots' });
    const id = (await offer(buyer.token, item.id, 650)).json().offer.id as number;
    const updates = collect('offer.updated');

    const c1 = await adminAnswer(id, 'counter', { price: 850, note: 'Real leather' });
    expect(c1.statusCode, c1.body).toBe(200);
    expect(c1.json().offer).toMatchObject({
      status: 'countered',
      counter_price: 850,
      rounds: 1,
      waiting_for: 'customer',
    });

    // the shop cannot answer twice in a row
    expect((await adminAnswer(id, 'accept')).json().message).toBe('This offer is waiting for the other side’s answer.');

    const tooHigh = await customerAnswer(buyer.token, id, 'counter', { price: 850 });
    expect(tooHigh.statusCode).toBe(422);
    expect(tooHigh.json().message).toBe('Your counter must be below the shop’s price. Accept it instead.');
    const back = await customerAnswer(buyer.token, id, 'counter', { price: 750 });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().offer).toMatchObject({ status: 'open', offer_price: 750, rounds: 2 });

    const c3 = await adminAnswer(id, 'counter', { price: 800 });
    expect(c3.json().offer).toMatchObject({ status: 'countered', counter_price: 800, rounds: 3 });
    const noMore = await customerAnswer(buyer.token, id, 'counter', { price: 780 });
    expect(noMore.statusCode).toBe(422);
    expect(noMore.json().message).toBe('No more counter-offers on this one: accept or decline the last price.');

    // a price sent with the acceptance is not the customer's to set
    const accepted = await customerAnswer(buyer.token, id, 'accept', { price: 1 });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().offer).toMatchObject({ status: 'accepted', agreed_price: 800 });
    updates.off();

    expect(updates.seen.map((e) => [e.userId, e.status])).toEqual([
      [buyer.id, 'countered'],
      [buyer.id, 'countered'],
    ]);
    expect(updates.seen[0]!.message).toBe(
      'The shop countered your offer on Leather boots with Ksh 850. Accept it, decline it or answer with your own price.',
    );
    const subjects = (await mailsTo(t.db, buyer.email)).map((m) => m.subject);
    expect(subjects).toEqual([
      'A counter-offer on Leather boots',
      'A counter-offer on Leather boots',
      'Your offer on Leather boots is accepted',
    ]);
    const mine = await t.app.inject({ method: 'GET', url: '/api/offers/mine', headers: bearer(buyer.token) });
    expect(mine.json()[0]).toMatchObject({ id, status: 'accepted', agreed_price: 800, rounds: 3 });
  });

  it('tells the customer when the shop declines, with its note', async () => {
    const buyer = await createUser(t.db);
    const item = await negotiable(t.db, { name: 'Silk scarf' });
    const id = (await offer(buyer.token, item.id, 650)).json().offer.id as number;
    const updates = collect('offer.updated');
    const res = await adminAnswer(id, 'decline', { note: 'Just arrived, full price for now' });
    updates.off();
    expect(res.json().offer.status).toBe('declined');
    expect(updates.seen).toEqual([
      expect.objectContaining({ userId: buyer.id, status: 'declined', message: expect.stringContaining('declined') }),
    ]);
    const mail = (await mailsTo(t.db, buyer.email)).at(-1)!;
    expect(mail.subject).toBe('Your offer on Silk scarf was declined');
    expect(mail.text).toContain('Just arrived, full price for now');
    expect((await adminAnswer(id, 'accept')).json().message).toBe('This offer is closed.');
  });

  it('keeps another customer away from someone else’s offer', async () => {
    const buyer = await createUser(t.db);
    const other = await createUser(t.db);
    const item = await negotiable(t.db);
    const id = (await offer(buyer.token, item.id, 650)).json().offer.id as number;
    await adminAnswer(id, 'counter', { price: 800 });
    const res = await customerAnswer(other.token, id, 'accept');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Offer not found.');
    expect(await heldOf(item.id)).toEqual({ stock: 1, held: 0 });
  });
});

describe('the hold', () => {
  it('lets only one of two offers accepted at the same moment hold a one-off item', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const item = await negotiable(t.db);
    const first = (await offer(a.token, item.id, 700)).json().offer.id as number;
    const second = (await offer(b.token, item.id, 750)).json().offer.id as number;

    const results = await Promise.all([adminAnswer(first, 'accept'), adminAnswer(second, 'accept')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(
      'Sorry, this item has just been reserved for someone else.',
    );
    expect(await heldOf(item.id)).toEqual({ stock: 0, held: 1 });
    const statuses = await t.db
      .selectFrom('price_offers')
      .select('status')
      .where('product_id', '=', item.id)
      .orderBy('id')
      .execute();
    expect(statuses.map((s) => s.status).sort()).toEqual(['accepted', 'open']);
  });

  it('lets only one of two auto-accepted offers made at the same moment hold a one-off item', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const item = await negotiable(t.db);
    const results = await Promise.all([offer(a.token, item.id, 950), offer(b.token, item.id, 960)]);
    const lost = results.filter((r) => r.statusCode !== 201);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    // the loser either saw the item already reserved, or lost the race for the last unit
    expect(lost).toHaveLength(1);
    expect([
      'This item is reserved for another customer for now.',
      'Sorry, this item has just been reserved for someone else.',
    ]).toContain(lost[0]!.json().message);
    expect(await heldOf(item.id)).toEqual({ stock: 0, held: 1 });
    const rows = await t.db.selectFrom('price_offers').select('status').where('product_id', '=', item.id).execute();
    expect(rows).toEqual([{ status: 'accepted' }]);
  });

  it('turns into the order’s reservation at the agreed price, for that item and that customer only', async () => {
    const buyer = await createUser(t.db);
    const item = await negotiable(t.db, { name: 'Kitenge dress' });
    const other = await orderableProduct(t.db, { stock: 1, priceCents: 500_00 });
    const id = (await offer(buyer.token, item.id, 700)).json().offer.id as number;
    await adminAnswer(id, 'accept');

    // prices in the body are not the customer's to set: the server's accepted offer decides
    const res = await placeOrder(
      buyer.token,
      [{ product_id: item.id, quantity: 1, price: 1, unit_price: 1 } as never, { product_id: other.id, quantity: 1 }],
      { total: 1 },
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order;
    const prices = Object.fromEntries(
      order.order_items.map((i: { product_id: number; price: string }) => [i.product_id, i.price]),
    );
    expect(prices).toEqual({ [item.id]: '700.00', [other.id]: '500.00' });
    // first order: WELCOME10 on the agreed price; free delivery above Ksh 1,000 after discounts
    expect(order.total_amount).toBe(1080);

    expect(await heldOf(item.id)).toEqual({ stock: 0, held: 0 });
    const offerRow = await t.db.selectFrom('price_offers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(offerRow).toMatchObject({ status: 'ordered', order_id: order.id });
    const moves = await t.db
      .selectFrom('stock_movements')
      .select(['reason', 'change', 'order_id', 'offer_id'])
      .where('product_id', '=', item.id)
      .orderBy('id')
      .execute();
    expect(moves.slice(-2)).toEqual([
      { reason: 'hold', change: -1, order_id: null, offer_id: id },
      { reason: 'hold_to_order', change: 0, order_id: order.id, offer_id: id },
    ]);

    // the agreed price is used once: cancelling the order puts the item back at its own price
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/cancel`,
      headers: bearer(buyer.token),
    });
    expect(cancel.statusCode).toBe(200);
    expect(await heldOf(item.id)).toEqual({ stock: 1, held: 0 });
    // the item left the cart with the order; put back in, it costs its own price
    expect((await cartOf(buyer.token)).cart_items.find((l) => l.product_id === item.id)).toBeUndefined();
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: bearer(buyer.token),
      payload: { product_id: item.id, quantity: 1 },
    });
    expect(again.statusCode, again.body).toBe(201);
    const cart = await cartOf(buyer.token);
    expect(cart.cart_items.find((l) => l.product_id === item.id)).toMatchObject({ line_total: 1000 });
    expect(cart.cart_items.find((l) => l.product_id === item.id)?.offer).toBeUndefined();
  });

  it('gives the agreed price to one unit of an item with more in stock', async () => {
    const buyer = await createUser(t.db);
    const item = await negotiable(t.db, { stock: 3 });
    await offer(buyer.token, item.id, 900);
    expect(await heldOf(item.id)).toEqual({ stock: 2, held: 1 });
    // another customer buying the same item pays its price: the agreed price is the buyer's alone
    const other = await createUser(t.db);
    const theirs = await placeOrder(other.token, [{ product_id: item.id, quantity: 1 }]);
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.json().order.order_items[0].price).toBe('1000.00');
    expect(await heldOf(item.id)).toEqual({ stock: 1, held: 1 });
    const res = await placeOrder(buyer.token, [{ product_id: item.id, quantity: 2 }]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order.subtotal).toBe(1900);
    expect(await heldOf(item.id)).toEqual({ stock: 0, held: 0 });
  });

  it('ends when its time is up: the item is on sale again and the customer is told', async () => {
    const buyer = await createUser(t.db);
    const other = await createUser(t.db);
    const item = await negotiable(t.db, { name: 'Wool coat' });
    const id = (await offer(buyer.token, item.id, 950)).json().offer.id as number;
    await t.db
      .updateTable('price_offers')
      .set({ hold_until: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', id)
      .execute();
    const service = offersService(t.db, { settings: t.config.offers, shop: shopContext(t.config) });

    const [one, two] = await Promise.all([service.expireHolds(), service.expireHolds()]);
    expect([...one.ids, ...two.ids]).toEqual([id]);
    expect(await heldOf(item.id)).toEqual({ stock: 1, held: 0 });
    expect(await stockOf(t.db, item.id)).toBe(1);
    const events = [...one.events, ...two.events];
    expect(events).toContainEqual({
      name: 'offer.updated',
      payload: expect.objectContaining({ userId: buyer.id, id, status: 'expired' }),
    });
    expect((await mailsTo(t.db, buyer.email)).at(-1)!.subject).toBe('Your reserved price for Wool coat has ended');

    // the old price is gone for the customer, and anyone may buy the item
    const cart = await cartOf(buyer.token);
    expect(cart.cart_items.find((l) => l.product_id === item.id)?.line_total).toBe(1000);
    const res = await placeOrder(other.token, [{ product_id: item.id, quantity: 1 }]);
    expect(res.statusCode).toBe(201);
    expect(res.json().order.order_items[0].price).toBe('1000.00');
  });

  it('refuses the order when the hold ended in the meantime, rather than selling at the agreed price', async () => {
    const buyer = await createUser(t.db);
    const item = await negotiable(t.db, { name: 'Bucket hat' });
    const id = (await offer(buyer.token, item.id, 950)).json().offer.id as number;
    await t.db
      .updateTable('price_offers')
      .set({ hold_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    // not swept yet: the unit is still off the shelf, so nobody (the customer included) buys it at any price
    const res = await placeOrder(buyer.token, [{ product_id: item.id, quantity: 1 }]);
    expect(res.statusCode).toBe(422);
    expect(await heldOf(item.id)).toEqual({ stock: 0, held: 1 });
  });
});

describe('items not yet on sale', () => {
  async function unpublished(status: 'draft' | 'scheduled') {
    const item = await negotiable(t.db, { name: `Secret ${status} drop` });
    await t.db
      .updateTable('products')
      .set({
        status,
        publish_at: status === 'scheduled' ? new Date(Date.now() + 86_400_000).toISOString() : null,
      })
      .where('id', '=', item.id)
      .execute();
    return item;
  }

  it('answers an offer on a draft or scheduled item exactly like one on a missing item, and holds nothing', async () => {
    const buyer = await createUser(t.db);
    const missing = await offer(buyer.token, 987_654, 950);
    expect(missing.statusCode).toBe(404);
    for (const status of ['draft', 'scheduled'] as const) {
      const item = await unpublished(status);
      for (const price of [950, 1]) {
        const res = await offer(buyer.token, item.id, price);
        expect(res.statusCode, `${status} ${price}`).toBe(missing.statusCode);
        expect(res.json(), `${status} ${price}`).toEqual(missing.json());
      }
      expect(await heldOf(item.id)).toEqual({ stock: 1, held: 0 });
    }
    // a plain (not negotiable) draft answers the same: "does not take offers" would tell it exists
    const plainDraft = await orderableProduct(t.db, { stock: 1 });
    await t.db.updateTable('products').set({ status: 'draft' }).where('id', '=', plainDraft.id).execute();
    expect((await offer(buyer.token, plainDraft.id, 300)).json()).toEqual(missing.json());
  });

  it('leaves items taken back to draft out of the customer’s offers, and holds nothing for them meanwhile', async () => {
    const buyer = await createUser(t.db);
    const item = await negotiable(t.db, { name: 'Reworked bomber' });
    const id = (await offer(buyer.token, item.id, 700)).json().offer.id as number;
    expect((await adminAnswer(id, 'counter', { price: 850 })).statusCode).toBe(200);
    await t.db.updateTable('products').set({ status: 'draft' }).where('id', '=', item.id).execute();
    const mine = await t.app.inject({ method: 'GET', url: '/api/offers/mine', headers: bearer(buyer.token) });
    expect(mine.statusCode).toBe(200);
    expect(mine.body).not.toContain('Reworked bomber');
    expect(mine.json().map((o: { product_id: number }) => o.product_id)).not.toContain(item.id);

    for (const [action, payload] of [
      ['accept', undefined],
      ['counter', { price: 800 }],
    ] as const) {
      const res = await customerAnswer(buyer.token, id, action, payload);
      expect(res.statusCode, action).toBe(404);
      expect(res.json().message).toBe('Offer not found.');
    }
    expect(await heldOf(item.id)).toEqual({ stock: 1, held: 0 });
  });
});

describe('hold limits per customer', () => {
  it('lets one customer’s accepted offers hold at most 3 items: the 4th auto-accept is refused and stays on the shelf', async () => {
    const hoarder = await createUser(t.db);
    const items = [];
    for (let i = 0; i < 4; i++) items.push(await negotiable(t.db));
    for (const item of items.slice(0, 3)) {
      const res = await offer(hoarder.token, item.id, 900);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().offer.status).toBe('accepted');
    }
    const fourth = await offer(hoarder.token, items[3]!.id, 900);
    expect(fourth.statusCode).toBe(422);
    expect(fourth.json().message).toBe(
      'You already hold 3 items at agreed prices, the most at one time. Please order one of them first; until then the shop cannot hold another item for you.',
    );
    expect(await heldOf(items[3]!.id)).toEqual({ stock: 1, held: 0 });
    // someone else still gets it
    const other = await createUser(t.db);
    expect((await offer(other.token, items[3]!.id, 900)).json().offer.status).toBe('accepted');

    // an open offer the shop accepts later is held to the same limit, with words for the shop
    const fifth = await negotiable(t.db);
    const open = await offer(hoarder.token, fifth.id, 700);
    expect(open.json().offer.status).toBe('open');
    const accept = await adminAnswer(open.json().offer.id as number, 'accept');
    expect(accept.statusCode).toBe(422);
    expect(accept.json().message).toBe(
      'This customer already holds 3 items at agreed prices, the most at one time. Counter or decline instead, or accept once they have ordered one.',
    );
    expect(await heldOf(fifth.id)).toEqual({ stock: 1, held: 0 });

    // ordering one frees a place
    expect((await placeOrder(hoarder.token, [{ product_id: items[0]!.id, quantity: 1 }])).statusCode).toBe(201);
    expect((await adminAnswer(open.json().offer.id as number, 'accept')).statusCode).toBe(200);
  });

  it('makes a customer wait before offering again on an item whose hold ran out unused', async () => {
    const buyer = await createUser(t.db);
    const item = await negotiable(t.db, { name: 'Suede loafers' });
    const other = await negotiable(t.db);
    const id = (await offer(buyer.token, item.id, 950)).json().offer.id as number;
    await t.db
      .updateTable('price_offers')
      .set({ hold_until: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', id)
      .execute();
    const service = offersService(t.db, { settings: t.config.offers, shop: shopContext(t.config) });
    expect((await service.expireHolds()).ids).toContain(id);

    const again = await offer(buyer.token, item.id, 950);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(
      /^Your reserved price on this item ended without an order\. You can make a new offer on it from .+ GMT\.$/,
    );
    expect(Date.parse(again.json().retry_at) - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect(await heldOf(item.id)).toEqual({ stock: 1, held: 0 });
    // other items, and other customers, are not held back
    expect((await offer(buyer.token, other.id, 950)).statusCode).toBe(201);

    // once the cool-down has passed, the customer may offer again
    await t.db
      .updateTable('price_offers')
      .set({ updated_at: new Date(Date.now() - 25 * 3600_000).toISOString() })
      .where('id', '=', id)
      .execute();
    expect((await offer(buyer.token, item.id, 950)).json().offer?.status).toBe('accepted');
  });

  it('uses an agreed price once: after ordering the unit, a new offer on the same item is refused', async () => {
    const buyer = await createUser(t.db);
    const item = await negotiable(t.db, { stock: 3, name: 'Twin-set cardigan' });
    expect((await offer(buyer.token, item.id, 900)).json().offer.status).toBe('accepted');
    const first = await placeOrder(buyer.token, [{ product_id: item.id, quantity: 1 }]);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().order.order_items[0].price).toBe('900.00');

    const again = await offer(buyer.token, item.id, 900);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(
      'You have already bought this item at an agreed price; an agreed price is used once. More of it sell at the price shown: add it to your cart.',
    );
    expect(await heldOf(item.id)).toEqual({ stock: 2, held: 0 });
    const second = await placeOrder(buyer.token, [{ product_id: item.id, quantity: 1 }]);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().order.order_items[0].price).toBe('1000.00');
  });
});
