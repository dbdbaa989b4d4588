import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { insertCategory, multipart } from '../../../test/catalog.js';
import { orderBody, stockOf } from '../../../test/order-fixtures.js';

/**
 * An admin's product save that does not say what stock it loaded (the original admin app, any
 * script: no `expected_stock`, no `If-Match`) must not put back a unit that an order or an
 * accepted offer took meanwhile: the shop sells each unit once (docs/security.md, Stock holds and offers).
 */

let t: TestApp;
let admin: { token: string };
let category: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, { admin: true });
  category = await insertCategory(t.db, 'Jackets');
});
afterAll(async () => {
  await t?.close();
});

/** The original admin app's product form, field for field. */
function originalForm(fields: { name: string; price: string; stock_quantity: string }): [string, string][] {
  return [
    ['name', fields.name],
    ['description', 'One of a kind'],
    ['price', fields.price],
    ['stock_quantity', fields.stock_quantity],
    ['categories[]', String(category)],
  ];
}

/** The admin creates a one-off item with the original app's form (multipart), as the shop does. */
async function createOneOff(name: string, options: { negotiable?: boolean } = {}) {
  const body = multipart([
    ...originalForm({ name, price: '1000', stock_quantity: '1' }),
    ...(options.negotiable ? ([['negotiable', '1']] as [string, string][]) : []),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(admin.token), accept: 'application/json' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; name: string; stock_quantity: number };
}

/** What the original app shows in its product table: the public product list and item. */
async function adminLoads(id: number) {
  const res = await t.app.inject({ method: 'GET', url: `/api/products/${id}`, headers: bearer(admin.token) });
  expect(res.statusCode).toBe(200);
  return res.json() as { name: string; price: number; stock_quantity: number };
}

/** The original app's save: multipart POST with the method-override field, no expected_stock. */
function saveMultipart(id: number, fields: { name: string; price: string; stock_quantity: string }) {
  const body = multipart([['_method', 'PUT'], ...originalForm(fields)]);
  return t.app.inject({
    method: 'POST',
    url: `/api/products/${id}`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(admin.token), accept: 'application/json' },
  });
}

/** A script's save: JSON PUT with the spec's fields, no expected_stock. */
function saveJson(id: number, fields: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/products/${id}`,
    headers: { ...bearer(admin.token), ...headers },
    payload: { description: 'One of a kind', categories: [category], ...fields },
  });
}

async function shopper() {
  return createUser(t.db);
}

function order(token: string, productId: number) {
  return t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(token),
    payload: orderBody([{ product_id: productId, quantity: 1 }]),
  });
}

async function ordersOf(productId: number) {
  return t.db.selectFrom('order_items').select('order_id').where('product_id', '=', productId).execute();
}

describe('a stale save without expected_stock never sells a unit twice', () => {
  it('multipart (the original admin app): an unpaid order holds the one unit, the save is refused, one order', async () => {
    const item = await createOneOff('Vintage Levi 501');
    const loaded = await adminLoads(item.id);
    expect(loaded.stock_quantity).toBe(1);

    const first = await shopper();
    expect((await order(first.token, item.id)).statusCode).toBe(201);
    expect(await stockOf(t.db, item.id)).toBe(0);

    // the admin fixes a typo in the form loaded before the order and saves it as the app does
    const save = await saveMultipart(item.id, {
      name: 'Vintage Levi’s 501',
      price: String(loaded.price),
      stock_quantity: String(loaded.stock_quantity),
    });
    expect(save.statusCode, save.body).toBe(409);
    expect(save.json()).toMatchObject({ message: 'Stock changed while you were editing: now 0', current_stock: 0 });
    expect(await stockOf(t.db, item.id)).toBe(0);
    expect((await adminLoads(item.id)).name).toBe('Vintage Levi 501');

    const second = await shopper();
    const refused = await order(second.token, item.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Not enough stock for Vintage Levi 501');
    expect(await ordersOf(item.id)).toHaveLength(1);

    // saving again as it was loaded is still refused; saving what the shop now shows goes through
    expect(
      (await saveMultipart(item.id, { name: 'Vintage Levi’s 501', price: '1000', stock_quantity: '1' })).statusCode,
    ).toBe(409);
    const fresh = await saveMultipart(item.id, { name: 'Vintage Levi’s 501', price: '1000', stock_quantity: '0' });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({ name: 'Vintage Levi’s 501', stock_quantity: 0 });
  });

  it('JSON (a script): an accepted offer holds the one unit, the save is refused, nobody else buys it', async () => {
    const item = await createOneOff('Kitenge wrap dress', { negotiable: true });
    const loaded = await adminLoads(item.id);

    const haggler = await shopper();
    const offer = await t.app.inject({
      method: 'POST',
      url: `/api/products/${item.id}/offers`,
      headers: bearer(haggler.token),
      payload: { price: 950 },
    });
    expect(offer.statusCode, offer.body).toBe(201);
    expect(offer.json().offer.status).toBe('accepted');
    expect(await stockOf(t.db, item.id)).toBe(0);

    const save = await saveJson(item.id, {
      name: 'Kitenge wrap dress (M)',
      price: loaded.price,
      stock_quantity: loaded.stock_quantity,
    });
    expect(save.statusCode, save.body).toBe(409);
    expect(save.json().message).toBe('Stock changed while you were editing: now 0');
    expect(await stockOf(t.db, item.id)).toBe(0);

    const other = await shopper();
    const refused = await order(other.token, item.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Kitenge wrap dress: This item is reserved for another customer for now.');
    // the one who holds it buys it, at the agreed price: one order, one sale
    const bought = await order(haggler.token, item.id);
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json().order.order_items[0].price).toBe('950.00');
    expect(await ordersOf(item.id)).toHaveLength(1);
  });

  it('still saves the original app’s typo fix and restock on an item nobody ordered', async () => {
    const item = await createOneOff('Wool scarf');
    const loaded = await adminLoads(item.id);
    const typo = await saveMultipart(item.id, { name: 'Wool scarf (red)', price: '1000', stock_quantity: '1' });
    expect(typo.statusCode, typo.body).toBe(200);
    expect(typo.json()).toMatchObject({ name: 'Wool scarf (red)', stock_quantity: loaded.stock_quantity });
    const restock = await saveJson(item.id, { name: 'Wool scarf (red)', price: 1000, stock_quantity: 3 });
    expect(restock.statusCode, restock.body).toBe(200);
    expect(await stockOf(t.db, item.id)).toBe(3);
  });
});

describe('the stock version (ETag) and If-Match', () => {
  it('moves the stock only from the version the admin loaded; a stale version is a 409 that saves nothing', async () => {
    const item = await createOneOff('Leather belt');
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/admin/products/${item.id}`,
      headers: bearer(admin.token),
    });
    expect(shown.statusCode).toBe(200);
    const etag = shown.headers.etag as string;
    expect(etag).toBe(`"${shown.json().stock_version}"`);

    // not for shoppers
    const buyer = await shopper();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/products/${item.id}`, headers: bearer(buyer.token) }))
        .statusCode,
    ).toBe(403);

    expect((await order(buyer.token, item.id)).statusCode).toBe(201);
    const stale = await saveJson(item.id, { name: 'Leather belt', stock_quantity: 2 }, { 'if-match': etag });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: 'Stock changed while you were editing: now 0', current_stock: 0 });
    expect(await stockOf(t.db, item.id)).toBe(0);

    // reloaded: the new version lets the restock through, and the reply names the next version
    const reloaded = await t.app.inject({
      method: 'GET',
      url: `/api/admin/products/${item.id}`,
      headers: bearer(admin.token),
    });
    expect(reloaded.headers.etag).not.toBe(etag);
    const restock = await saveJson(
      item.id,
      { name: 'Leather belt', stock_quantity: 2 },
      { 'if-match': reloaded.headers.etag as string },
    );
    expect(restock.statusCode, restock.body).toBe(200);
    expect(restock.json().stock_quantity).toBe(2);
    expect(restock.headers.etag).toBe(`"${restock.json().stock_version}"`);
    expect(restock.headers.etag).not.toBe(reloaded.headers.etag);
    expect(await stockOf(t.db, item.id)).toBe(2);
  });
});
