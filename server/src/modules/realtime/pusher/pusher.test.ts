import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../../test/helpers.js';
import { setOrderState } from '../../../../test/order-fixtures.js';
import { createProduct, placeOrder } from '../../../../test/payment-fixtures.js';
import { dataOf, echoOrders, rawPusher, type EchoClient, type RawPusher } from '../../../../test/pusher-helpers.js';
import { connectClient, type LiveClient } from '../../../../test/realtime-helpers.js';
import { channelAuth, channelSignature } from './protocol.js';

let t: TestApp;
let baseUrl: string;
let key: string;
const closers: Array<{ close(): void }> = [];

beforeEach(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  baseUrl = `http://127.0.0.1:${address.port}`;
  key = t.config.pusher.key;
});

afterEach(async () => {
  for (const c of closers.splice(0)) c.close();
  await t.close();
});

function echo(user: { id: number; token: string }, userId = user.id): EchoClient {
  const client = echoOrders(baseUrl, { key, token: user.token, userId });
  closers.push(client);
  return client;
}

async function raw(appKey = key, query?: string): Promise<RawPusher> {
  const client = await rawPusher(baseUrl, appKey, query);
  closers.push(client);
  return client;
}

async function socketIo(token: string): Promise<LiveClient> {
  const client = await connectClient(baseUrl, token);
  closers.push(client);
  return client;
}

/** A paid order waiting to be shipped. */
async function paidOrder(token: string): Promise<number> {
  const product = await createProduct(t.db, { stock: 2 });
  const order = await placeOrder(t.app, token, [{ product_id: product.id, quantity: 1 }]);
  await setOrderState(t.db, order.id, {
    order_status: 'processing',
    payment_status: 'paid',
    paid_at: new Date().toISOString(),
  });
  return order.id;
}

async function ship(adminToken: string, orderId: number, status = 'shipped'): Promise<void> {
  const res = await fetch(`${baseUrl}/api/admin/orders/${orderId}`, {
    method: 'PUT',
    headers: { ...bearer(adminToken), 'content-type': 'application/json' },
    body: JSON.stringify({ order_status: status }),
  });
  expect(res.status, await res.text()).toBe(200);
}

async function authorise(token: string | undefined, body: Record<string, string>, url = '/broadcasting/auth') {
  return fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: {
      ...(token ? bearer(token) : {}),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(body).toString(),
  });
}

/** Connects a raw client and subscribes it to a private channel with a signature from the auth endpoint. */
async function rawSubscribed(token: string, channel: string): Promise<RawPusher> {
  const client = await raw();
  const socketId = dataOf(await client.next('pusher:connection_established')).socket_id as string;
  const res = await authorise(token, { socket_id: socketId, channel_name: channel });
  expect(res.status).toBe(200);
  const { auth } = (await res.json()) as { auth: string };
  client.send({ event: 'pusher:subscribe', data: { channel, auth } });
  await client.messages.next(
    (m) => m.event === 'pusher_internal:subscription_succeeded' && m.channel === channel,
    `subscribed to ${channel}`,
  );
  return client;
}

describe('Laravel Echo with pusher-js', () => {
  it("receives on the customer's private channel the status change the admin makes, as Socket.IO does", async () => {
    const admin = await createUser(t.db, { admin: true });
    const customer = await createUser(t.db);
    const orderId = await paidOrder(customer.token);
    const client = echo(customer);
    await client.subscribed();
    const sameCustomerOnSocketIo = await socketIo(customer.token);

    await ship(admin.token, orderId);

    const update = await client.updates.next((u) => u.id === orderId, 'order.status.updated over Echo');
    expect(update).toEqual({ id: orderId, status: 'shipped', updated_at: expect.any(String) });
    expect(await sameCustomerOnSocketIo.next('order.status.updated')).toEqual(update);

    await ship(admin.token, orderId, 'delivered');
    await client.updates.next((u) => u.status === 'delivered', 'the delivery');
    expect(client.updates.items.map((u) => u.status)).toEqual(['shipped', 'delivered']);
  });

  it("refuses to authorise another customer's channel, and that customer's updates never arrive", async () => {
    const admin = await createUser(t.db, { admin: true });
    const owner = await createUser(t.db);
    const snoop = await createUser(t.db);
    const orderId = await paidOrder(owner.token);
    const snooping = echo(snoop, owner.id);
    const ownClient = echo(snoop);

    expect(await snooping.subscriptionErrors.next(() => true, 'the refusal')).toMatchObject({ status: 403 });
    await ownClient.subscribed();
    const snoopOrder = await paidOrder(snoop.token);
    await ship(admin.token, orderId);
    await ship(admin.token, snoopOrder);

    // The snoop's own update was made last: once it is here, the owner's would have been too.
    await ownClient.updates.next((u) => u.id === snoopOrder, "the snoop's own update");
    expect(snooping.updates.items).toEqual([]);
    expect(ownClient.updates.items.map((u) => u.id)).toEqual([snoopOrder]);
  });
});

describe('POST /broadcasting/auth', () => {
  it('answers key:signature for your own channel, from a form or JSON, also under /api', async () => {
    const user = await createUser(t.db);
    const channel = `private-orders.${user.id}`;
    const form = await authorise(user.token, { socket_id: '1234.5678', channel_name: channel });
    expect(form.status).toBe(200);
    const expected = channelAuth(key, t.config.pusher.secret, '1234.5678', channel);
    expect(await form.json()).toEqual({ auth: expected });

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/broadcasting/auth',
      headers: bearer(user.token),
      payload: { socket_id: '1234.5678', channel_name: channel },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual({ auth: expected });
  });

  it('is described in the API documentation under both addresses', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths as Record<
      string,
      Record<string, unknown>
    >;
    expect(paths['/broadcasting/auth']?.post).toBeDefined();
    expect(paths['/api/broadcasting/auth']?.post).toBeDefined();
  });

  it('signs as Pusher does (HMAC-SHA256 of socket_id:channel_name, hex)', () => {
    // The worked example of Pusher's authentication-signature reference.
    expect(channelSignature('7ad3773142a6692b25b8', '1234.1234', 'private-foobar')).toBe(
      '58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4',
    );
    expect(channelAuth('278d425bdf160c739803', '7ad3773142a6692b25b8', '1234.1234', 'private-foobar')).toBe(
      '278d425bdf160c739803:58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4',
    );
  });

  it('is 401 without a token, 403 for channels that are not yours, 422 for a malformed request', async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const admin = await createUser(t.db, { admin: true });
    const body = (channel: string) => ({ socket_id: '1.2', channel_name: channel });

    const anonymous = await authorise(undefined, body(`private-orders.${user.id}`));
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'Unauthenticated.' });

    for (const channel of [`private-orders.${other.id}`, 'private-admin', `private-orders.${user.id}0`, 'orders']) {
      const res = await authorise(user.token, body(channel));
      expect(res.status, channel).toBe(403);
      expect(await res.json()).toEqual({ message: 'You may not listen on this channel.' });
    }
    expect((await authorise(admin.token, body('private-admin'))).status).toBe(200);
    // An admin listens on the admin channel, not on customers' ones.
    expect((await authorise(admin.token, body(`private-orders.${user.id}`))).status).toBe(403);

    const badSocket = await authorise(user.token, { socket_id: 'abc', channel_name: `private-orders.${user.id}` });
    expect(badSocket.status).toBe(422);
    expect(((await badSocket.json()) as { message: string }).message).toBe(
      'The socket_id field must be a socket id such as 1234.5678.',
    );
    const missing = await authorise(user.token, { socket_id: '1.2' });
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as { message: string }).message).toBe('The channel name field is required.');
  });
});

describe('the Pusher protocol at /app/{key}', () => {
  it('greets with a socket id and activity timeout, and answers pings with pongs', async () => {
    const client = await raw();
    const established = await client.next('pusher:connection_established');
    expect(typeof established.data).toBe('string');
    expect(dataOf(established)).toEqual({ socket_id: expect.stringMatching(/^\d+\.\d+$/), activity_timeout: 120 });

    client.send({ event: 'pusher:ping', data: {} });
    expect(await client.next('pusher:pong')).toMatchObject({ event: 'pusher:pong' });
  });

  it('subscribes to public channels, and to private ones only with a valid signature', async () => {
    const user = await createUser(t.db);
    const client = await raw();
    const socketId = dataOf(await client.next('pusher:connection_established')).socket_id as string;

    client.send({ event: 'pusher:subscribe', data: { channel: 'announcements' } });
    expect(await client.next('pusher_internal:subscription_succeeded')).toMatchObject({ channel: 'announcements' });

    const channel = `private-orders.${user.id}`;
    const forged = channelAuth(key, 'not-the-secret', socketId, channel);
    client.send({ event: 'pusher:subscribe', data: { channel, auth: forged } });
    const refused = await client.next('pusher:error');
    expect(refused.data).toEqual({ code: 4009, message: expect.stringContaining('Invalid signature') });

    const otherSocket = channelAuth(key, t.config.pusher.secret, '1.1', channel);
    client.send({ event: 'pusher:subscribe', data: { channel, auth: otherSocket } });
    await client.messages.next((m) => m.event === 'pusher:error' && m !== refused, 'the second refusal');

    t.app.events.emit('order.status.updated', { userId: user.id, id: 5, status: 'shipped', updated_at: 'x' });
    client.send({ event: 'pusher:ping' });
    await client.next('pusher:pong');
    expect(client.messages.items.filter((m) => m.channel === channel)).toEqual([]);
  });

  it('refuses client events with a pusher:error and passes them to nobody', async () => {
    const user = await createUser(t.db);
    const channel = `private-orders.${user.id}`;
    const sender = await rawSubscribed(user.token, channel);
    const listener = await rawSubscribed(user.token, channel);

    sender.send({ event: 'client-typing', channel, data: { text: 'hello' } });
    expect((await sender.next('pusher:error')).data).toEqual({
      code: null,
      message: 'Client events are not enabled for this app.',
    });
    listener.send({ event: 'pusher:ping' });
    await listener.next('pusher:pong');
    expect(listener.messages.items.map((m) => m.event)).not.toContain('client-typing');
    expect(sender.ws.readyState).toBe(sender.ws.OPEN);
  });

  it('stops sending a channel once unsubscribed', async () => {
    const admin = await createUser(t.db, { admin: true });
    const client = await rawSubscribed(admin.token, `private-orders.${admin.id}`);
    const socketId = dataOf(await client.next('pusher:connection_established')).socket_id as string;
    const res = await authorise(admin.token, { socket_id: socketId, channel_name: 'private-admin' });
    client.send({
      event: 'pusher:subscribe',
      data: { channel: 'private-admin', auth: ((await res.json()) as { auth: string }).auth },
    });
    await client.messages.next((m) => m.channel === 'private-admin', 'the admin subscription');

    client.send({ event: 'pusher:unsubscribe', data: { channel: `private-orders.${admin.id}` } });
    client.send({ event: 'pusher:ping' });
    await client.next('pusher:pong');
    t.app.events.emit('order.status.updated', { userId: admin.id, id: 6, status: 'shipped', updated_at: 'x' });
    t.app.events.emit('order.created', { userId: 9, id: 7, status: 'pending', total_amount: 1200, created_at: 'y' });

    const created = await client.next('order.created');
    expect(created).toEqual({
      event: 'order.created',
      channel: 'private-admin',
      data: JSON.stringify({ id: 7, status: 'pending', total_amount: 1200, created_at: 'y' }),
    });
    expect(client.messages.items.map((m) => m.event)).not.toContain('order.status.updated');
  });

  it('sends the admin channel an order to be paid on delivery, as Socket.IO does', async () => {
    const admin = await createUser(t.db, { admin: true });
    const client = await rawSubscribed(admin.token, 'private-admin');
    t.app.events.emit('order.pay_on_delivery', {
      userId: 9,
      id: 8,
      status: 'processing',
      total_amount: 1200,
      updated_at: 'z',
    });
    expect(await client.next('order.pay_on_delivery')).toEqual({
      event: 'order.pay_on_delivery',
      channel: 'private-admin',
      data: JSON.stringify({ id: 8, status: 'processing', total_amount: 1200, updated_at: 'z' }),
    });
  });

  it('closes with 4001 for an unknown app key and 4007 for an unsupported protocol version', async () => {
    const wrongKey = await raw('not-our-key');
    expect((await wrongKey.next('pusher:error')).data).toMatchObject({ code: 4001 });
    expect((await wrongKey.closed).code).toBe(4001);

    const oldProtocol = await raw(key, 'protocol=2');
    expect((await oldProtocol.next('pusher:error')).data).toMatchObject({ code: 4007 });
    expect((await oldProtocol.closed).code).toBe(4007);
  });

  it('answers malformed messages with a pusher:error and keeps the connection', async () => {
    const client = await raw();
    await client.next('pusher:connection_established');
    client.ws.send('not json');
    expect((await client.next('pusher:error')).data).toMatchObject({ message: expect.stringContaining('JSON') });
    client.send({ event: 'pusher:subscribe', data: { channel: 'bad channel name!' } });
    await client.messages.next(
      (m) => m.event === 'pusher:error' && dataOf(m).message === 'Invalid channel name.',
      'the refusal',
    );
    client.send({ event: 'pusher:ping' });
    await client.next('pusher:pong');
  });

  it("makes a logged-out token's connection authorise again (close 4200), so it loses the channel", async () => {
    const user = await createUser(t.db);
    const client = await rawSubscribed(user.token, `private-orders.${user.id}`);
    const res = await fetch(`${baseUrl}/api/logout`, { method: 'POST', headers: bearer(user.token) });
    expect(res.ok).toBe(true);
    expect((await client.closed).code).toBe(4200);
    const again = await authorise(user.token, { socket_id: '1.2', channel_name: `private-orders.${user.id}` });
    expect(again.status).toBe(401);
  });

  it('leaves Socket.IO and plain HTTP on the same port alone', async () => {
    const user = await createUser(t.db);
    const client = await raw();
    await client.next('pusher:connection_established');
    const live = await socketIo(user.token);
    expect(live.socket.connected).toBe(true);
    expect((await fetch(`${baseUrl}/app/${key}`)).status).toBe(404);
  });
});

describe('settings', () => {
  it('tells clients the app key in GET /api/config', async () => {
    const res = await fetch(`${baseUrl}/api/config`);
    expect(((await res.json()) as { pusher_key: string }).pusher_key).toBe(key);
  });

  it('PUSHER_ENABLED=0 turns the endpoint and the auth route off', async () => {
    const off = await buildTestApp({ env: { PUSHER_ENABLED: '0' } });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/api/config' })).json().pusher_key).toBeNull();
      const user = await createUser(off.db);
      const res = await off.app.inject({
        method: 'POST',
        url: '/broadcasting/auth',
        headers: bearer(user.token),
        payload: { socket_id: '1.2', channel_name: `private-orders.${user.id}` },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
