import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, TEST_DB, type TestApp } from '../../../test/helpers.js';
import { expireReservation, mailsTo, orderableProduct, orderBody } from '../../../test/order-fixtures.js';
import { shopContext } from '../orders/emails.js';
import { expireUnpaidOrders } from '../orders/sweeper.js';
import { alertContext } from './context.js';
import {
  ALERTS_PER_DAY,
  sendBackOnSaleAlerts,
  sendCartReminders,
  sendPriceDropAlerts,
  type AlertContext,
} from './service.js';

let t: TestApp;
let context: AlertContext;
const HOUR = 60 * 60 * 1000;

type Customer = Awaited<ReturnType<typeof createUser>>;

const as = (token: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, ...(token ? { headers: bearer(token) } : {}), ...(payload ? { payload } : {}) });

async function shopper(prefs: { wishlist_alerts?: boolean; cart_reminders?: boolean } = {}): Promise<Customer> {
  const user = await createUser(t.db);
  if (prefs.wishlist_alerts || prefs.cart_reminders) {
    const res = await as(user.token, 'PUT', '/api/user/alert-preferences', {
      wishlist_alerts: prefs.wishlist_alerts ?? false,
      cart_reminders: prefs.cart_reminders ?? false,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return user;
}

async function wish(user: Customer, productId: number) {
  expect((await as(user.token, 'POST', '/api/wishlist', { product_id: productId })).statusCode).toBe(201);
}
async function cart(user: Customer, productId: number) {
  const res = await as(user.token, 'POST', '/api/cart/add', { product_id: productId, quantity: 1 });
  expect([200, 201], res.body).toContain(res.statusCode);
}
async function order(user: Customer, productId: number): Promise<number> {
  const res = await as(user.token, 'POST', '/api/orders', orderBody([{ product_id: productId, quantity: 1 }]));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order.id as number;
}
async function setPrice(productId: number, priceCents: number) {
  await t.db.updateTable('products').set({ price_cents: priceCents }).where('id', '=', productId).execute();
}
const alerts = async (user: Customer, template: string) =>
  (await mailsTo(t.db, user.email)).filter((m) => m.template === template);

/** Follows the one-click unsubscribe link of an alert e-mail the way a mail provider does. */
async function oneClickUnsubscribe(mail: { text: string; headers: string | null }) {
  const headers = JSON.parse(mail.headers ?? '{}') as Record<string, string>;
  expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const url = new URL(/^<(.+)>$/.exec(headers['List-Unsubscribe']!)![1]!);
  expect(url.pathname).toBe('/api/unsubscribe');
  const pageToken = decodeURIComponent(/\/unsubscribe\?token=([^\s"&<)]+)/.exec(mail.text)![1]!);
  expect(pageToken).toBe(url.searchParams.get('token'));

  const page = await as(null, 'GET', `/api/unsubscribe?token=${encodeURIComponent(pageToken)}`);
  expect(page.json()).toMatchObject({ subscribed: true });
  const res = await t.app.inject({
    method: 'POST',
    url: `${url.pathname}${url.search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { email: string; subscribed: boolean; message: string };
}

beforeAll(async () => {
  t = await buildTestApp();
  context = alertContext(t.app.config);
});
afterAll(async () => {
  await t?.close();
});

describe(`alert opt-ins, on ${TEST_DB}`, () => {
  it('are off until the customer turns them on, and need a signed-in customer', async () => {
    const user = await createUser(t.db);
    expect((await as(user.token, 'GET', '/api/user/alert-preferences')).json()).toEqual({
      wishlist_alerts: false,
      cart_reminders: false,
    });
    const put = await as(user.token, 'PUT', '/api/user/alert-preferences', {
      wishlist_alerts: true,
      cart_reminders: false,
    });
    expect(put.json()).toEqual({ wishlist_alerts: true, cart_reminders: false });
    expect((await as(user.token, 'GET', '/api/user/alert-preferences')).json()).toEqual({
      wishlist_alerts: true,
      cart_reminders: false,
    });
    expect((await as(null, 'GET', '/api/user/alert-preferences')).statusCode).toBe(401);
    const bad = await as(user.token, 'PUT', '/api/user/alert-preferences', { wishlist_alerts: 'yes' });
    expect(bad.statusCode).toBe(422);
  });

  it('refuses a made-up unsubscribe link with the usual message', async () => {
    const res = await as(null, 'POST', '/api/unsubscribe', { token: 'a.1.wishlist.forged' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/not valid/);
  });
});

describe(`price-drop alerts, on ${TEST_DB}`, () => {
  it('go once to opted-in wishers of a live item that got cheaper, never for sold items, not after unsubscribing', async () => {
    const optedIn = await shopper({ wishlist_alerts: true });
    const notOptedIn = await shopper();
    const jacket = await orderableProduct(t.db, { name: 'Suede jacket', priceCents: 1000_00 });
    const sold = await orderableProduct(t.db, { name: 'Silk scarf', priceCents: 600_00 });
    await wish(optedIn, jacket.id);
    await wish(optedIn, sold.id);
    await wish(notOptedIn, jacket.id);
    await sendPriceDropAlerts(t.db, new Date(), context);
    expect(await alerts(optedIn, 'price_drop')).toEqual([]);

    await order(await createUser(t.db), sold.id);
    await setPrice(jacket.id, 800_00);
    await setPrice(sold.id, 400_00);
    // two instances running the job at the same moment send it once
    await Promise.all([sendPriceDropAlerts(t.db, new Date(), context), sendPriceDropAlerts(t.db, new Date(), context)]);

    const sent = await alerts(optedIn, 'price_drop');
    expect(sent.map((m) => m.subject)).toEqual(['Price drop: Suede jacket is now Ksh 800']);
    expect(sent[0]!.text).toContain('was Ksh 1,000');
    expect(sent[0]!.text).not.toContain('Silk scarf');
    expect(await alerts(notOptedIn, 'price_drop')).toEqual([]);

    // a second cut within the week is not announced again
    await setPrice(jacket.id, 700_00);
    await sendPriceDropAlerts(t.db, new Date(), context);
    expect(await alerts(optedIn, 'price_drop')).toHaveLength(1);

    const stopped = await oneClickUnsubscribe(sent[0]!);
    expect(stopped).toMatchObject({ subscribed: false, message: 'You will get no more wishlist and cart alerts.' });
    expect((await as(optedIn.token, 'GET', '/api/user/alert-preferences')).json().wishlist_alerts).toBe(false);

    const dress = await orderableProduct(t.db, { name: 'Linen dress', priceCents: 900_00 });
    const other = await shopper({ wishlist_alerts: true });
    await wish(optedIn, dress.id);
    await wish(other, dress.id);
    await sendPriceDropAlerts(t.db, new Date(), context);
    await setPrice(dress.id, 500_00);
    await sendPriceDropAlerts(t.db, new Date(), context);
    expect(await alerts(optedIn, 'price_drop')).toHaveLength(1);
    expect((await alerts(other, 'price_drop')).map((m) => m.subject)).toEqual([
      'Price drop: Linen dress is now Ksh 500',
    ]);
  });
});

describe(`alert limits, on ${TEST_DB}`, () => {
  it(`send at most ${ALERTS_PER_DAY} alert e-mails to one customer in a day`, async () => {
    const user = await shopper({ wishlist_alerts: true });
    const items = [];
    for (let i = 0; i <= ALERTS_PER_DAY; i += 1) {
      const item = await orderableProduct(t.db, { name: `Kitenge ${i}`, priceCents: 900_00 });
      await wish(user, item.id);
      items.push(item);
    }
    await sendPriceDropAlerts(t.db, new Date(), context);
    for (const [i, item] of items.entries()) {
      await setPrice(item.id, 700_00);
      await sendPriceDropAlerts(t.db, new Date(Date.now() + (i + 1) * 60_000), context);
    }
    const sent = await alerts(user, 'price_drop');
    expect(sent.map((m) => m.subject)).toEqual(
      items.slice(0, ALERTS_PER_DAY).map((item) => `Price drop: ${item.name} is now Ksh 700`),
    );
  });
});

describe(`back-on-sale alerts, on ${TEST_DB}`, () => {
  it('go once to wishers and carters when another order lets go, never to that customer, never for items sold again, not after unsubscribing', async () => {
    const wisher = await shopper({ wishlist_alerts: true });
    const carter = await shopper({ wishlist_alerts: true });
    const bystander = await shopper();
    const buyer = await shopper({ wishlist_alerts: true });
    const coat = await orderableProduct(t.db, { name: 'Wool coat' });
    const boots = await orderableProduct(t.db, { name: 'Leather boots' });
    for (const user of [wisher, buyer, bystander]) await wish(user, coat.id);
    await wish(wisher, boots.id);
    await cart(carter, coat.id);

    const expiring = await order(buyer, coat.id);
    const bootsOrder = await order(await createUser(t.db), boots.id);
    await sendBackOnSaleAlerts(t.db, new Date(), context);
    expect(await alerts(wisher, 'back_on_sale')).toEqual([]);

    await expireReservation(t.db, expiring);
    await expireReservation(t.db, bootsOrder);
    await expireUnpaidOrders(t.db, new Date(), { shop: shopContext(t.app.config), events: t.app.events });
    // the boots went back on the shelf too, but were bought again before the alert ran
    await order(await createUser(t.db), boots.id);

    // two instances running the job at the same moment send it once
    await Promise.all([
      sendBackOnSaleAlerts(t.db, new Date(), context),
      sendBackOnSaleAlerts(t.db, new Date(), context),
    ]);

    const toWisher = await alerts(wisher, 'back_on_sale');
    expect(toWisher.map((m) => m.subject)).toEqual(['Back on sale: Wool coat']);
    expect(toWisher[0]!.text).not.toContain('Leather boots');
    expect((await alerts(carter, 'back_on_sale')).map((m) => m.subject)).toEqual(['Back on sale: Wool coat']);
    expect(await alerts(buyer, 'back_on_sale')).toEqual([]);
    expect(await alerts(bystander, 'back_on_sale')).toEqual([]);

    const stopped = await oneClickUnsubscribe(toWisher[0]!);
    expect(stopped.subscribed).toBe(false);

    const hat = await orderableProduct(t.db, { name: 'Straw hat' });
    const other = await shopper({ wishlist_alerts: true });
    await wish(wisher, hat.id);
    await wish(other, hat.id);
    const customer = await createUser(t.db);
    const hatOrder = await order(customer, hat.id);
    expect((await as(customer.token, 'POST', `/api/orders/${hatOrder}/cancel`)).statusCode).toBe(200);
    await sendBackOnSaleAlerts(t.db, new Date(), context);
    expect(await alerts(wisher, 'back_on_sale')).toHaveLength(1);
    expect((await alerts(other, 'back_on_sale')).map((m) => m.subject)).toEqual(['Back on sale: Straw hat']);
  });
});

describe(`cart reminders, on ${TEST_DB}`, () => {
  /** Moves the customer's cart into the past, as if it was left alone for that long. */
  const leaveCart = (user: Customer, hours: number) =>
    t.db
      .updateTable('cart_items')
      .set({ updated_at: new Date(Date.now() - hours * HOUR).toISOString() })
      .where('user_id', '=', user.id)
      .execute();

  it('go once per cart left for a day, list only available items, never when all are sold, not after unsubscribing', async () => {
    const leaver = await shopper({ cart_reminders: true });
    const allSold = await shopper({ cart_reminders: true });
    const notOptedIn = await shopper({ wishlist_alerts: true });
    const fresh = await shopper({ cart_reminders: true });
    const shirt = await orderableProduct(t.db, { name: 'Cotton shirt', stock: 3 });
    const skirt = await orderableProduct(t.db, { name: 'Pleated skirt', stock: 3 });
    const belt = await orderableProduct(t.db, { name: 'Leather belt' });
    for (const user of [leaver, notOptedIn, fresh]) await cart(user, shirt.id);
    await cart(leaver, belt.id);
    await cart(allSold, belt.id);
    await order(await createUser(t.db), belt.id);
    for (const user of [leaver, allSold, notOptedIn]) await leaveCart(user, 25);
    await leaveCart(fresh, 20);

    // two instances running the job at the same moment send it once
    await Promise.all([sendCartReminders(t.db, new Date(), context), sendCartReminders(t.db, new Date(), context)]);

    const sent = await alerts(leaver, 'cart_reminder');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('Cotton shirt');
    expect(sent[0]!.text).not.toContain('Leather belt');
    for (const user of [allSold, notOptedIn, fresh]) expect(await alerts(user, 'cart_reminder')).toEqual([]);

    // a cart that changes and is left again gets a new reminder
    await cart(fresh, skirt.id);
    await leaveCart(fresh, 30);
    await sendCartReminders(t.db, new Date(), context);
    expect(await alerts(fresh, 'cart_reminder')).toHaveLength(1);

    const stopped = await oneClickUnsubscribe(sent[0]!);
    expect(stopped).toMatchObject({ subscribed: false, message: 'You will get no more cart reminders.' });
    await cart(leaver, skirt.id);
    await leaveCart(leaver, 30);
    await sendCartReminders(t.db, new Date(), context);
    expect(await alerts(leaver, 'cart_reminder')).toHaveLength(1);
  });
});
