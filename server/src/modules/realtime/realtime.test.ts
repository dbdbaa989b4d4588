import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { connectClient, connectionRefusal, type LiveClient, type Received } from '../../../test/realtime-helpers.js';
import { setOrderState } from '../../../test/order-fixtures.js';
import { createProduct, placeOrder } from '../../../test/payment-fixtures.js';
import { tokenRepository } from '../accounts/token-repository.js';
import { expireUnpaidOrders } from '../orders/sweeper.js';

let t: TestApp;
let baseUrl: string;
const clients: LiveClient[] = [];

async function live(token: string, options?: Parameters<typeof connectClient>[2]): Promise<LiveClient> {
  const client = await connectClient(baseUrl, token, options);
  clients.push(client);
  return client;
}

const statusUpdate = (
  userId: number | null,
  id: number,
  status: 'processing' | 'shipped' | 'cancelled' = 'shipped',
) => ({
  userId,
  id,
  status,
  updated_at: new Date().toISOString(),
});

const events = (client: LiveClient): Received[] => client.received;

beforeEach(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  baseUrl = `http://127.0.0.1:${address.port}`;
});

afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await t.close();
});

describe('connecting to live updates', () => {
  it('serves Socket.IO on the API port, over WebSocket and long-polling, beside the JSON API', async () => {
    const user = await createUser(t.db);
    const ws = await live(user.token, { transports: ['websocket'] });
    const polling = await live(user.token, { transports: ['polling'] });
    expect(ws.socket.connected).toBe(true);
    expect(polling.socket.connected).toBe(true);

    const health = await fetch(`${baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });

    t.app.events.emit('order.status.updated', statusUpdate(user.id, 41));
    expect(await polling.next('order.status.updated')).toMatchObject({ id: 41, status: 'shipped' });
    expect(await ws.next('order.status.updated')).toMatchObject({ id: 41, status: 'shipped' });
  });

  it('accepts the token with or without the "Bearer " prefix', async () => {
    const user = await createUser(t.db);
    const client = await live(`Bearer ${user.token}`);
    expect(client.socket.connected).toBe(true);
  });

  it('refuses a connection without a token, with a reason', async () => {
    const refused = await connectionRefusal(baseUrl, undefined);
    expect(refused.message).toBe('Unauthenticated.');
    expect(refused.data).toMatchObject({ status: 401 });
  });

  it('refuses an unknown token and a token that is not text', async () => {
    expect((await connectionRefusal(baseUrl, 'mt_not-a-real-token')).message).toBe('Unauthenticated.');
    expect((await connectionRefusal(baseUrl, undefined, { auth: { token: 12345 } })).message).toBe('Unauthenticated.');
    expect((await connectionRefusal(baseUrl, 'mt_nope', { transports: ['polling'] })).message).toBe('Unauthenticated.');
  });

  it('refuses a revoked token', async () => {
    const user = await createUser(t.db);
    const found = await tokenRepository(t.db).authenticate(user.token);
    await tokenRepository(t.db).revoke(found!.tokenId);
    expect((await connectionRefusal(baseUrl, user.token)).message).toBe('Unauthenticated.');
  });

  it('refuses an expired token (unused for longer than the idle lifetime)', async () => {
    const user = await createUser(t.db);
    const longAgo = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await t.db
      .updateTable('auth_tokens')
      .set({ created_at: longAgo, last_used_at: longAgo })
      .where('user_id', '=', user.id)
      .execute();
    expect((await connectionRefusal(baseUrl, user.token)).message).toBe('Unauthenticated.');
  });

  it('closes sockets with the app, so shutting down does not hang, and clients will reconnect', async () => {
    const user = await createUser(t.db);
    const ws = await live(user.token);
    const polling = await live(user.token, { transports: ['polling'] });
    const reasons = Promise.all([ws.disconnected(), polling.disconnected()]);
    await t.app.close();
    // A transport closing or failing (unlike a server-side disconnect) makes socket.io-client
    // reconnect; a long-poll in flight sees an error rather than a close.
    const [wsReason, pollingReason] = await reasons;
    expect(wsReason).toBe('transport close');
    expect(['transport close', 'transport error']).toContain(pollingReason);
  });
});

describe('order status updates', () => {
  it("reach the order's owner on every connection, and no other customer", async () => {
    const owner = await createUser(t.db);
    const other = await createUser(t.db);
    const ownerPhone = await live(owner.token);
    const ownerLaptop = await live(owner.token, { transports: ['polling'] });
    const otherClient = await live(other.token);

    t.app.events.emit('order.status.updated', statusUpdate(owner.id, 7, 'processing'));
    t.app.events.emit('order.status.updated', statusUpdate(other.id, 8, 'cancelled'));

    const received = await ownerPhone.next('order.status.updated');
    expect(received).toEqual({ id: 7, status: 'processing', updated_at: expect.any(String) });
    expect(received).not.toHaveProperty('userId');
    expect(await ownerLaptop.next('order.status.updated')).toMatchObject({ id: 7, status: 'processing' });

    // The other customer's own event was sent after the owner's: once it is here, anything
    // addressed to this socket before it would have arrived already.
    await otherClient.next('order.status.updated', (p) => p.id === 8);
    expect(events(otherClient)).toEqual([
      { event: 'order.status.updated', payload: { id: 8, status: 'cancelled', updated_at: expect.any(String) } },
    ]);
    await ownerPhone.next('order.status.updated', (p) => p.id === 7);
    expect(events(ownerPhone).map((e) => e.payload)).not.toContainEqual(expect.objectContaining({ id: 8 }));
  });

  it('carry each kind of change in order: admin update, payment, expiry, cancellation', async () => {
    const owner = await createUser(t.db);
    const client = await live(owner.token);
    t.app.events.emit('order.status.updated', statusUpdate(owner.id, 3, 'processing'));
    t.app.events.emit('order.status.updated', statusUpdate(owner.id, 3, 'shipped'));
    t.app.events.emit('order.status.updated', statusUpdate(owner.id, 4, 'cancelled'));
    await client.next('order.status.updated', (p) => p.id === 4);
    expect(events(client).map((e) => e.payload)).toEqual([
      expect.objectContaining({ id: 3, status: 'processing' }),
      expect.objectContaining({ id: 3, status: 'shipped' }),
      expect.objectContaining({ id: 4, status: 'cancelled' }),
    ]);
  });

  it('are not sent for an order whose customer deleted their account', async () => {
    const admin = await createUser(t.db, { admin: true });
    const adminClient = await live(admin.token);
    t.app.events.emit('order.status.updated', statusUpdate(null, 9));
    t.app.events.emit('order.cancel_requested', { userId: null, id: 9, cancel_requested_at: new Date().toISOString() });
    await adminClient.next('order.cancel_requested');
    expect(events(adminClient).map((e) => e.event)).toEqual(['order.cancel_requested']);
  });

  it('cannot be listened to for another user by asking to join their room', async () => {
    const owner = await createUser(t.db);
    const snoop = await createUser(t.db);
    const snoopClient = await live(snoop.token);
    const socket = snoopClient.socket as unknown as { emit(event: string, ...args: unknown[]): void };
    socket.emit('join', `orders.${owner.id}`);
    socket.emit('subscribe', { channel: `orders.${owner.id}` });
    socket.emit('join', 'admin');

    t.app.events.emit('order.status.updated', statusUpdate(owner.id, 11));
    t.app.events.emit('order.created', {
      userId: owner.id,
      id: 11,
      status: 'pending',
      total_amount: 1500,
      created_at: new Date().toISOString(),
    });
    t.app.events.emit('order.status.updated', statusUpdate(snoop.id, 12));
    await snoopClient.next('order.status.updated', (p) => p.id === 12);
    expect(events(snoopClient).map((e) => e.payload)).toEqual([expect.objectContaining({ id: 12 })]);
  });
});

describe('the admin room', () => {
  it('receives new orders, payments and cancellation requests; customers do not', async () => {
    const admin = await createUser(t.db, { admin: true });
    const customer = await createUser(t.db);
    const adminClient = await live(admin.token);
    const customerClient = await live(customer.token);
    const at = new Date().toISOString();

    t.app.events.emit('order.created', {
      userId: customer.id,
      id: 21,
      status: 'pending',
      total_amount: 2450,
      created_at: at,
    });
    t.app.events.emit('order.paid', { userId: customer.id, id: 21, status: 'processing', updated_at: at });
    t.app.events.emit('order.cancel_requested', { userId: customer.id, id: 21, cancel_requested_at: at });
    t.app.events.emit('order.status.updated', statusUpdate(customer.id, 21, 'processing'));

    await adminClient.next('order.cancel_requested');
    expect(events(adminClient)).toEqual([
      { event: 'order.created', payload: { id: 21, status: 'pending', total_amount: 2450, created_at: at } },
      { event: 'order.paid', payload: { id: 21, status: 'processing', updated_at: at } },
      { event: 'order.cancel_requested', payload: { id: 21, cancel_requested_at: at } },
    ]);

    await customerClient.next('order.status.updated');
    expect(events(customerClient).map((e) => e.event)).toEqual(['order.status.updated']);
  });

  it('hears of an order the customer chose to pay on delivery, as of a paid one, and the admins’ phones get it', async () => {
    const admin = await createUser(t.db, { admin: true });
    await t.db
      .insertInto('push_subscriptions')
      .values({
        user_id: admin.id,
        endpoint: `https://push.example.com/admin-${admin.id}`,
        p256dh: 'p256dh-key',
        auth: 'auth-key',
        created_at: new Date().toISOString(),
        last_success_at: null,
      })
      .execute();
    const customer = await createUser(t.db);
    // pay on delivery is open to a customer who has received an order before
    const first = await placeOrder(t.app, customer.token, [
      { product_id: (await createProduct(t.db)).id, quantity: 1 },
    ]);
    await setOrderState(t.db, first.id, { order_status: 'delivered' });
    const adminClient = await live(admin.token);
    const customerClient = await live(customer.token);

    const product = await createProduct(t.db, { priceCents: 1200_00 });
    const order = await placeOrder(t.app, customer.token, [{ product_id: product.id, quantity: 1 }]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/pay-on-delivery`,
      headers: bearer(customer.token),
    });
    expect(res.statusCode, res.body).toBe(200);

    const event = await adminClient.next('order.pay_on_delivery', (p) => p.id === order.id);
    const confirmed = await t.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(event).toEqual({
      id: order.id,
      status: 'processing',
      total_amount: confirmed.total_cents / 100,
      updated_at: confirmed.updated_at,
    });
    await customerClient.next('order.status.updated', (p) => p.id === order.id);
    expect(events(customerClient).map((e) => e.event)).not.toContain('order.pay_on_delivery');

    const pushes = await t.db
      .selectFrom('push_outbox as o')
      .innerJoin('push_subscriptions as s', 's.id', 'o.subscription_id')
      .select(['o.template', 'o.payload'])
      .where('s.user_id', '=', admin.id)
      .execute();
    expect(pushes.map((p) => p.template)).toEqual(['admin_order_pay_on_delivery']);
    expect(JSON.parse(pushes[0]!.payload)).toMatchObject({
      title: `Order #${order.id}: pay on delivery`,
      url: `/admin/orders/${order.id}`,
    });
  });

  it("gets an admin's own orders in their customer room too", async () => {
    const admin = await createUser(t.db, { admin: true });
    const client = await live(admin.token);
    t.app.events.emit('order.status.updated', statusUpdate(admin.id, 31));
    expect(await client.next('order.status.updated')).toMatchObject({ id: 31 });
  });
});

describe('revoked tokens', () => {
  async function tokenId(token: string): Promise<number> {
    const found = await tokenRepository(t.db).authenticate(token);
    return found!.tokenId;
  }

  it("disconnect that token's sockets and keep the user's other sessions", async () => {
    const user = await createUser(t.db);
    const second = await tokenRepository(t.db).issue(user.id);
    const loggedOut = await live(user.token);
    const loggedOutPolling = await live(user.token, { transports: ['polling'] });
    const stays = await live(second.token);

    const id = await tokenId(user.token);
    await tokenRepository(t.db).revoke(id);
    t.app.events.emit('auth.tokens.revoked', { userId: user.id, tokenIds: [id] });

    expect(await loggedOut.disconnected()).toBe('io server disconnect');
    expect(await loggedOutPolling.disconnected()).toBe('io server disconnect');

    t.app.events.emit('order.status.updated', statusUpdate(user.id, 51));
    expect(await stays.next('order.status.updated')).toMatchObject({ id: 51 });
    expect(stays.socket.connected).toBe(true);
    expect((await connectionRefusal(baseUrl, user.token)).message).toBe('Unauthenticated.');
  });

  it('disconnect every other session after a password change, keeping the one that made it', async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const second = await tokenRepository(t.db).issue(user.id);
    const current = await live(user.token);
    const elsewhere = await live(second.token);
    const otherUser = await live(other.token);

    const keep = await tokenId(user.token);
    await tokenRepository(t.db).revokeAllForUser(user.id, keep);
    t.app.events.emit('auth.tokens.revoked', { userId: user.id, tokenIds: { allExcept: keep } });

    expect(await elsewhere.disconnected()).toBe('io server disconnect');
    t.app.events.emit('order.status.updated', statusUpdate(user.id, 61));
    t.app.events.emit('order.status.updated', statusUpdate(other.id, 62));
    expect(await current.next('order.status.updated')).toMatchObject({ id: 61 });
    expect(await otherUser.next('order.status.updated')).toMatchObject({ id: 62 });
    expect(current.socket.connected).toBe(true);
  });

  it("disconnect all of a user's sockets when the account is deleted", async () => {
    const user = await createUser(t.db);
    const bystander = await createUser(t.db);
    const second = await tokenRepository(t.db).issue(user.id);
    const a = await live(user.token);
    const b = await live(second.token);
    const c = await live(bystander.token);

    await tokenRepository(t.db).revokeAllForUser(user.id);
    t.app.events.emit('auth.tokens.revoked', { userId: user.id, tokenIds: 'all' });

    expect(await a.disconnected()).toBe('io server disconnect');
    expect(await b.disconnected()).toBe('io server disconnect');
    t.app.events.emit('order.status.updated', statusUpdate(bystander.id, 71));
    expect(await c.next('order.status.updated')).toMatchObject({ id: 71 });
  });

  it('an empty revocation list disconnects nobody', async () => {
    const user = await createUser(t.db);
    const client = await live(user.token);
    t.app.events.emit('auth.tokens.revoked', { userId: user.id, tokenIds: [] });
    t.app.events.emit('order.status.updated', statusUpdate(user.id, 81));
    expect(await client.next('order.status.updated')).toMatchObject({ id: 81 });
    expect(client.socket.connected).toBe(true);
  });
});

describe('HTTP requests still work next to the sockets', () => {
  it('answers an API call with a bearer token while that token has a socket open', async () => {
    const user = await createUser(t.db);
    await live(user.token);
    const res = await fetch(`${baseUrl}/api/nope`, { headers: bearer(user.token) });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });
});

describe('through the real calls', () => {
  async function put(adminToken: string, orderId: number, status: string) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${orderId}`,
      headers: bearer(adminToken),
      payload: { order_status: status },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function payInSandbox(token: string, orderId: number) {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/payments/initiate',
      headers: bearer(token),
      payload: { order_id: orderId },
    });
    expect(started.statusCode, started.body).toBe(201);
    const { reference } = started.json() as { reference: string };
    const paid = await t.app.inject({
      method: 'POST',
      url: `/pay/sandbox/${reference}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ outcome: 'success', method: 'card' }).toString(),
    });
    expect(paid.statusCode, paid.body).toBeLessThan(400);
  }

  it("tell the owner about every change of an order's life, and the admins about theirs", async () => {
    const admin = await createUser(t.db, { admin: true });
    const owner = await createUser(t.db);
    const other = await createUser(t.db);
    const adminClient = await live(admin.token);
    const ownerClient = await live(owner.token);
    const otherClient = await live(other.token);

    // Placed → admins hear of it; the customer asks to cancel → admins hear of it.
    const product = await createProduct(t.db, { stock: 3 });
    const order = await placeOrder(t.app, owner.token, [{ product_id: product.id, quantity: 1 }]);
    expect(await adminClient.next('order.created', (p) => p.id === order.id)).toMatchObject({
      id: order.id,
      status: 'pending',
    });
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/request-cancel`,
      headers: bearer(owner.token),
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(await adminClient.next('order.cancel_requested', (p) => p.id === order.id)).toMatchObject({
      id: order.id,
    });

    // Paid → processing for the owner, order.paid for the admins; then the admin ships it.
    await payInSandbox(owner.token, order.id);
    expect(await ownerClient.next('order.status.updated', (p) => p.status === 'processing')).toMatchObject({
      id: order.id,
    });
    expect(await adminClient.next('order.paid', (p) => p.id === order.id)).toMatchObject({ status: 'processing' });
    await put(admin.token, order.id, 'shipped');
    await put(admin.token, order.id, 'delivered');

    // Cancelled by the shop, and expired by the sweeper.
    const second = await placeOrder(t.app, owner.token, [{ product_id: product.id, quantity: 1 }]);
    await put(admin.token, second.id, 'cancelled');
    const third = await placeOrder(t.app, owner.token, [{ product_id: product.id, quantity: 1 }]);
    const later = new Date(Date.now() + 24 * 3600 * 1000);
    expect(await expireUnpaidOrders(t.db, later, { events: t.app.events })).toContain(third.id);

    await ownerClient.next('order.status.updated', (p) => p.id === third.id);
    expect(ownerClient.received.filter((r) => r.event === 'order.status.updated').map((r) => r.payload)).toEqual([
      { id: order.id, status: 'processing', updated_at: expect.any(String) },
      { id: order.id, status: 'shipped', updated_at: expect.any(String) },
      { id: order.id, status: 'delivered', updated_at: expect.any(String) },
      { id: second.id, status: 'cancelled', updated_at: expect.any(String) },
      { id: third.id, status: 'cancelled', updated_at: expect.any(String) },
    ]);
    expect(ownerClient.received.map((r) => r.event)).not.toContain('order.created');

    // The other customer heard nothing of it: their own order's change, made last, is all.
    const theirs = await placeOrder(t.app, other.token, [{ product_id: product.id, quantity: 1 }]);
    await put(admin.token, theirs.id, 'cancelled');
    await otherClient.next('order.status.updated', (p) => p.id === theirs.id);
    expect(otherClient.received).toEqual([
      {
        event: 'order.status.updated',
        payload: { id: theirs.id, status: 'cancelled', updated_at: expect.any(String) },
      },
    ]);
  });

  it('logging out disconnects the sockets of that session only', async () => {
    const user = await createUser(t.db);
    const other = await tokenRepository(t.db).issue(user.id);
    const loggedOut = await live(user.token);
    const stays = await live(other.token);
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(user.token) });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await loggedOut.disconnected()).toBe('io server disconnect');
    expect((await connectionRefusal(baseUrl, user.token)).message).toBe('Unauthenticated.');
    expect(stays.socket.connected).toBe(true);
  });
});
