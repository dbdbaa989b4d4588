import fs from 'node:fs';
import path from 'node:path';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, RootOperationNode } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { orderBody, orderableProduct, setOrderState } from '../../../test/order-fixtures.js';
import { startFakePushService, type FakePushService } from '../../../test/push-service-fake.js';
import { MAX_ATTEMPTS } from '../../lib/outbox-delivery.js';
import { alertContext } from '../alerts/context.js';
import { sendPriceDropAlerts } from '../alerts/service.js';
import { queuePush } from './outbox.js';

let t: TestApp;
let service: FakePushService;

beforeAll(async () => {
  t = await buildTestApp();
  service = await startFakePushService();
});
afterAll(async () => {
  await service.close();
  await t.close();
});
afterEach(async () => {
  // each case starts with an empty outbox
  await t.db.deleteFrom('push_outbox').execute();
});

function subscribe(token: string, payload: object) {
  return t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: bearer(token), payload });
}

async function outbox() {
  return t.db.selectFrom('push_outbox').selectAll().orderBy('id').execute();
}

async function subscriptionRows(endpoint: string) {
  return t.db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', endpoint).execute();
}

const later = (ms: number) => new Date(Date.now() + ms);

/** Counts the SELECT statements that read the push subscriptions. */
class SubscriptionReads implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (args.node.kind === 'SelectQueryNode' && JSON.stringify(args.node.from).includes('"push_subscriptions"')) {
      this.count += 1;
    }
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs) {
    return args.result;
  }
}

describe('push subscriptions API', () => {
  it('gives the VAPID public key, made once in development and kept in DATA_DIR', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/push/public-key' });
    expect(res.statusCode).toBe(200);
    const key = Buffer.from(res.json().public_key as string, 'base64url');
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    const kept = JSON.parse(fs.readFileSync(path.join(t.config.dataDir, 'vapid-keys.json'), 'utf8'));
    expect(kept.publicKey).toBe(res.json().public_key);
    expect(fs.statSync(path.join(t.config.dataDir, 'vapid-keys.json')).mode & 0o077).toBe(0);
  });

  it('saves a signed-in customer’s subscription once per endpoint, and refuses bad ones with a 4xx', async () => {
    const customer = await createUser(t.db);
    const browser = service.subscription('api-1');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/push/subscriptions', payload: browser.json })).statusCode,
    ).toBe(401);
    const first = await subscribe(customer.token, browser.json);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ subscribed: true, message: 'Notifications are on for this phone.' });
    expect((await subscribe(customer.token, browser.json)).statusCode).toBe(201);
    const rows = await subscriptionRows(browser.json.endpoint);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      user_id: customer.id,
      p256dh: browser.json.keys.p256dh,
      auth: browser.json.keys.auth,
    });

    const bad = [
      {},
      { endpoint: 'not a url', keys: browser.json.keys },
      { endpoint: 'ftp://push.example.com/x', keys: browser.json.keys },
      { endpoint: browser.json.endpoint },
      { endpoint: browser.json.endpoint, keys: { p256dh: 'short', auth: browser.json.keys.auth } },
      { endpoint: browser.json.endpoint, keys: { p256dh: 'A'.repeat(87), auth: browser.json.keys.auth } },
      { endpoint: browser.json.endpoint, keys: { p256dh: browser.json.keys.p256dh, auth: 'A'.repeat(24) } },
    ];
    for (const payload of bad) {
      const res = await subscribe(customer.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('removes only the caller’s own subscription', async () => {
    const owner = await createUser(t.db);
    const other = await createUser(t.db);
    const browser = service.subscription('api-2');
    expect((await subscribe(owner.token, browser.json)).statusCode).toBe(201);
    const del = (token: string) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/push/subscriptions',
        headers: bearer(token),
        payload: { endpoint: browser.json.endpoint },
      });
    const status = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/push/subscriptions/status?endpoint=${encodeURIComponent(browser.json.endpoint)}`,
        headers: bearer(token),
      });
    expect((await status(owner.token)).json()).toEqual({ subscribed: true });
    expect((await status(other.token)).json()).toEqual({ subscribed: false });
    expect((await del(other.token)).json()).toMatchObject({ removed: false });
    expect(await subscriptionRows(browser.json.endpoint)).toHaveLength(1);
    expect((await del(owner.token)).json()).toMatchObject({ removed: true });
    expect(await subscriptionRows(browser.json.endpoint)).toHaveLength(0);
  });
});

describe('push delivery through a push-service stand-in', () => {
  it('sends an encrypted, VAPID-signed push the service accepts, and the browser can read', async () => {
    const customer = await createUser(t.db);
    const browser = service.subscription('phone-ok');
    expect((await subscribe(customer.token, browser.json)).statusCode).toBe(201);
    const message = {
      title: 'Order #12 is shipped',
      body: 'Your order is on its way.',
      url: '/orders/12',
      tag: 'order-12',
    };
    await queuePush(t.db, customer.id, 'order_shipped', message);

    const before = service.requests.length;
    expect(await t.app.push.deliverDue()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const request = service.requests.slice(before).find((r) => r.path === '/push/phone-ok')!;
    expect(request.problems).toEqual([]);
    expect(request.status).toBe(201);
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    expect(request.claims).toMatchObject({ aud: service.origin, sub: 'mailto:shop@mtumba.local' });
    expect(request.key).toBe((await t.app.inject({ method: 'GET', url: '/api/push/public-key' })).json().public_key);
    expect(request.body.length).toBeLessThanOrEqual(4096);
    expect(request.body.toString('latin1')).not.toContain('shipped');
    expect(JSON.parse(service.decrypt(browser, request.body))).toEqual(message);

    const [row] = await outbox();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect((await subscriptionRows(browser.json.endpoint))[0]!.last_success_at).not.toBeNull();
  });

  it('removes the subscription when the push service answers 410 (the browser unsubscribed)', async () => {
    const customer = await createUser(t.db);
    const browser = service.subscription('phone-gone');
    expect((await subscribe(customer.token, browser.json)).statusCode).toBe(201);
    service.answer('/push/phone-gone', 410);
    await queuePush(t.db, customer.id, 'order_shipped', { title: 'T', body: 'B', url: '/', tag: 'x' });

    expect(await t.app.push.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(await subscriptionRows(browser.json.endpoint)).toHaveLength(0);
    const [row] = await outbox();
    expect(row).toMatchObject({ status: 'failed' });
    expect(row!.last_error).toMatch(/410/);

    // later news for that customer queues nothing: the phone is gone
    await queuePush(t.db, customer.id, 'order_delivered', { title: 'T', body: 'B', url: '/', tag: 'x' });
    expect(await outbox()).toHaveLength(1);
  });

  it('retries a push the service failed with a 500, with a growing delay, until it is taken', async () => {
    const customer = await createUser(t.db);
    const browser = service.subscription('phone-flaky');
    expect((await subscribe(customer.token, browser.json)).statusCode).toBe(201);
    service.answer('/push/phone-flaky', 500, 2);
    await queuePush(t.db, customer.id, 'order_shipped', { title: 'Hello', body: 'Again', url: '/', tag: 'x' });

    expect(await t.app.push.deliverDue()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    let [row] = await outbox();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.last_error).toMatch(/500/);
    // not due again at once
    expect(await t.app.push.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await t.app.push.deliverDue({ now: later(60_000) })).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(await t.app.push.deliverDue({ now: later(5 * 60_000) })).toEqual({ sent: 1, retrying: 0, failed: 0 });
    [row] = await outbox();
    expect(row).toMatchObject({ status: 'sent', attempts: 3 });
    expect(await subscriptionRows(browser.json.endpoint)).toHaveLength(1);
    expect(MAX_ATTEMPTS).toBeGreaterThan(3);
  });
});

describe('what sends a push', () => {
  it('tells the customer their order shipped and the admins of a cancellation request, in the move’s transaction', async () => {
    const customer = await createUser(t.db);
    const admin = await createUser(t.db, { admin: true });
    const phone = service.subscription('customer-orders');
    const adminPhone = service.subscription('admin-orders');
    expect((await subscribe(customer.token, phone.json)).statusCode).toBe(201);
    expect((await subscribe(admin.token, adminPhone.json)).statusCode).toBe(201);

    const place = async () => {
      const product = await orderableProduct(t.db);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: bearer(customer.token),
        payload: orderBody([{ product_id: product.id, quantity: 1 }]),
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = (res.json().order?.id ?? res.json().id) as number;
      await setOrderState(t.db, id, { order_status: 'processing' });
      return id;
    };
    const shipped = await place();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${shipped}`,
      headers: bearer(admin.token),
      payload: { order_status: 'shipped' },
    });
    expect(res.statusCode, res.body).toBe(200);

    const cancelled = await place();
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${cancelled}/request-cancel`,
      headers: bearer(customer.token),
    });
    expect(asked.statusCode, asked.body).toBe(200);

    const rows = await outbox();
    expect(rows.map((r) => r.template)).toEqual(['order_shipped', 'admin_cancel_request']);
    const before = service.requests.length;
    expect(await t.app.push.deliverDue()).toMatchObject({ sent: 2 });
    const sent = service.requests.slice(before);
    const toCustomer = sent.find((r) => r.path === '/push/customer-orders')!;
    const toAdmin = sent.find((r) => r.path === '/push/admin-orders')!;
    expect(JSON.parse(service.decrypt(phone, toCustomer.body))).toEqual({
      title: `Order #${shipped} is shipped`,
      body: 'Your order is on its way.',
      url: `/orders/${shipped}`,
      tag: `order-${shipped}`,
    });
    expect(JSON.parse(service.decrypt(adminPhone, toAdmin.body))).toMatchObject({
      title: `Order #${cancelled}: cancellation requested`,
      url: `/admin/orders/${cancelled}`,
    });
  });

  it('tells the admins of a new price offer and the customer of the shop’s counter', async () => {
    const customer = await createUser(t.db);
    const admin = await createUser(t.db, { admin: true });
    const phone = service.subscription('customer-offers');
    const adminPhone = service.subscription('admin-offers');
    expect((await subscribe(customer.token, phone.json)).statusCode).toBe(201);
    expect((await subscribe(admin.token, adminPhone.json)).statusCode).toBe(201);
    const item = await orderableProduct(t.db, { name: 'Kitenge dress', priceCents: 1000_00 });
    await t.db.updateTable('products').set({ negotiable: 1 }).where('id', '=', item.id).execute();

    const offered = await t.app.inject({
      method: 'POST',
      url: `/api/products/${item.id}/offers`,
      headers: bearer(customer.token),
      payload: { price: 700 },
    });
    expect(offered.statusCode, offered.body).toBe(201);
    const id = offered.json().offer.id as number;
    const countered = await t.app.inject({
      method: 'POST',
      url: `/api/admin/offers/${id}/counter`,
      headers: bearer(admin.token),
      payload: { price: 850 },
    });
    expect(countered.statusCode, countered.body).toBe(200);

    const rows = await outbox();
    // every admin's phone hears of the offer (other tests' admins too); the customer of the counter
    expect(rows.filter((r) => r.template === 'admin_price_offer').length).toBeGreaterThanOrEqual(1);
    expect(rows.filter((r) => r.template === 'offer_countered')).toHaveLength(1);
    const before = service.requests.length;
    await t.app.push.deliverDue();
    const sent = service.requests.slice(before);
    const toAdmin = sent.find((r) => r.path === '/push/admin-offers')!;
    expect(JSON.parse(service.decrypt(adminPhone, toAdmin.body))).toMatchObject({
      title: 'A price offer waits for your answer',
      body: 'Ksh 700 offered for Kitenge dress.',
      url: '/admin/offers',
    });
    const toCustomer = sent.find((r) => r.path === '/push/customer-offers')!;
    expect(JSON.parse(service.decrypt(phone, toCustomer.body))).toMatchObject({
      url: '/my-offers',
      tag: `offer-${id}`,
    });
  });

  it('sends the shopper alerts a customer opted into, and none to one who did not', async () => {
    const optedIn = await createUser(t.db);
    const notOptedIn = await createUser(t.db);
    const prefs = await t.app.inject({
      method: 'PUT',
      url: '/api/user/alert-preferences',
      headers: bearer(optedIn.token),
      payload: { wishlist_alerts: true, cart_reminders: false },
    });
    expect(prefs.statusCode, prefs.body).toBe(200);
    const phone = service.subscription('alerts-yes');
    const otherPhone = service.subscription('alerts-no');
    expect((await subscribe(optedIn.token, phone.json)).statusCode).toBe(201);
    expect((await subscribe(notOptedIn.token, otherPhone.json)).statusCode).toBe(201);
    const jacket = await orderableProduct(t.db, { name: 'Suede jacket', priceCents: 1000_00 });
    for (const user of [optedIn, notOptedIn]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/wishlist',
        headers: bearer(user.token),
        payload: { product_id: jacket.id },
      });
      expect(res.statusCode).toBe(201);
    }
    const context = alertContext(t.app.config);
    await sendPriceDropAlerts(t.db, new Date(), context);
    await t.db.updateTable('products').set({ price_cents: 800_00 }).where('id', '=', jacket.id).execute();
    await sendPriceDropAlerts(t.db, new Date(), context);

    const rows = await outbox();
    expect(rows.map((r) => r.template)).toEqual(['price_drop']);
    const before = service.requests.length;
    expect(await t.app.push.deliverDue()).toMatchObject({ sent: 1 });
    const [request] = service.requests.slice(before);
    expect(request!.path).toBe('/push/alerts-yes');
    expect(JSON.parse(service.decrypt(phone, request!.body))).toEqual({
      title: 'Price drop: Suede jacket is now Ksh 800',
      body: 'Suede jacket',
      url: '/wishlist',
      tag: 'price_drop',
    });
  });

  it('reads every alerted customer’s phones in one query, and each phone gets its own customer’s alert', async () => {
    const context = alertContext(t.app.config);
    const shoppers = await Promise.all([1, 2, 3, 4].map(() => createUser(t.db)));
    const phones = [
      [service.subscription('batch-a1'), service.subscription('batch-a2')],
      [service.subscription('batch-b')],
      [service.subscription('batch-c')],
      [],
    ];
    const items = [];
    for (const [i, user] of shoppers.entries()) {
      const prefs = await t.app.inject({
        method: 'PUT',
        url: '/api/user/alert-preferences',
        headers: bearer(user.token),
        payload: { wishlist_alerts: true, cart_reminders: false },
      });
      expect(prefs.statusCode, prefs.body).toBe(200);
      for (const phone of phones[i]!) expect((await subscribe(user.token, phone.json)).statusCode).toBe(201);
      const item = await orderableProduct(t.db, { name: `Batch coat ${i + 1}`, priceCents: 1000_00 });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/wishlist',
        headers: bearer(user.token),
        payload: { product_id: item.id },
      });
      expect(res.statusCode).toBe(201);
      items.push(item);
    }
    await sendPriceDropAlerts(t.db, new Date(), context);
    for (const item of items) {
      await t.db.updateTable('products').set({ price_cents: 700_00 }).where('id', '=', item.id).execute();
    }

    const reads = new SubscriptionReads();
    await sendPriceDropAlerts(t.db.withPlugin(reads), new Date(), context);
    expect(reads.count).toBe(1);

    const before = service.requests.length;
    expect(await t.app.push.deliverDue()).toMatchObject({ sent: 4 });
    const sent = service.requests.slice(before);
    const received = (name: string) => {
      const phone = phones.flat().find((p) => p.json.endpoint.endsWith(`/push/${name}`))!;
      const request = sent.find((r) => r.path === `/push/${name}`)!;
      return JSON.parse(service.decrypt(phone, request.body)).body as string;
    };
    expect(sent.map((r) => r.path).sort()).toEqual([
      '/push/batch-a1',
      '/push/batch-a2',
      '/push/batch-b',
      '/push/batch-c',
    ]);
    expect([received('batch-a1'), received('batch-a2'), received('batch-b'), received('batch-c')]).toEqual([
      'Batch coat 1',
      'Batch coat 1',
      'Batch coat 2',
      'Batch coat 3',
    ]);
  });
});
