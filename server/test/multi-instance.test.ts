import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { now, type Db } from '../src/db/database.js';
import { tokenRepository } from '../src/modules/accounts/token-repository.js';
import { pusherRelayChannel } from '../src/modules/realtime/pusher/plugin.js';
import { realtimeRepository } from '../src/modules/realtime/repository.js';
import { everywhere, oneOfAKind, stockShown, type Fetch } from './catalogue-views.js';
import { bearer, createTestDatabase, createUser, testConfig, type TestDatabase } from './helpers.js';
import { echoOrders, type EchoClient } from './pusher-helpers.js';
import { orderBody } from './order-fixtures.js';
import { connectClient, connectionRefusal, waitUntil, type LiveClient } from './realtime-helpers.js';
import { startServerProcess } from './server-process.js';

/*
 * Several instances of the shop sharing one PostgreSQL and one Redis (docs/architecture.md section 1).
 * Runs in the PostgreSQL suite (`npm run test:server:postgres`, part of `.ci/run`), which needs
 * Redis at REDIS_URL (default redis://127.0.0.1:6379) as well.
 */
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const SWEEP_INTERVAL_SECONDS = 1;
const MAIL_POLL_INTERVAL_MS = 200;
/** how many more runs of a job every instance must finish before "nothing more happens" is judged */
const SETTLE_RUNS = 3;

/** Finished runs of a background job on one instance, from its Prometheus metrics. */
async function jobRunsOf(url: string, job: string): Promise<number> {
  const text = await (await fetch(`${url}/api/metrics`)).text();
  let runs = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith(`mtumba_job_runs_total{job="${job}",`)) runs += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return runs;
}

/**
 * Waits until every instance has finished `SETTLE_RUNS` more runs of `job` than it had when called:
 * whatever a later run could still do wrong (send twice, restock twice) has had its chance, on a slow
 * machine as on a fast one.
 */
async function eachRunsAgain(servers: Array<{ url: string }>, job: string): Promise<void> {
  const before = await Promise.all(servers.map((server) => jobRunsOf(server.url, job)));
  await waitUntil(`every instance runs ${job} ${SETTLE_RUNS} more times`, async () => {
    const now = await Promise.all(servers.map((server) => jobRunsOf(server.url, job)));
    return now.every((runs, i) => runs >= before[i]! + SETTLE_RUNS);
  });
}

const baseUrlOf = (app: FastifyInstance) => {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
};

/** Resolves once `count` instances have subscribed to the shop's Socket.IO and Pusher channels in Redis. */
async function waitForInstances(db: Db, count: number): Promise<void> {
  const identity = await realtimeRepository(db).identity();
  const redis = new Redis(REDIS_URL, { lazyConnect: true });
  await redis.connect();
  try {
    for (const channel of [`mtumba:${identity}:socket.io-request#/#`, pusherRelayChannel(identity)]) {
      await waitUntil(`${count} instances subscribed to ${channel}`, async () => {
        const reply = (await redis.pubsub('NUMSUB', channel)) as [string, number];
        return Number(reply[1]) >= count;
      });
    }
  } finally {
    redis.disconnect();
  }
}

const statusUpdate = (userId: number, id: number, status: 'shipped' | 'cancelled' = 'shipped') => ({
  userId,
  id,
  status,
  updated_at: new Date().toISOString(),
});

describe('several instances on one PostgreSQL and one Redis', () => {
  beforeAll(async () => {
    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    try {
      await redis.connect();
      await redis.ping();
    } catch (err) {
      throw new Error(`Redis is not reachable at ${REDIS_URL}: these tests need it (set REDIS_URL to another one)`, {
        cause: err,
      });
    } finally {
      redis.disconnect();
    }
  });

  describe('two apps in one process, joined by the Redis adapter', () => {
    let database: TestDatabase;
    let a: FastifyInstance;
    let b: FastifyInstance;
    const clients: LiveClient[] = [];
    const echoClients: EchoClient[] = [];

    beforeAll(async () => {
      database = await createTestDatabase();
      const config = testConfig(database.dataDir, { REDIS_URL });
      a = await buildApp({ config, db: database.db, logger: false, jobs: false });
      b = await buildApp({ config, db: database.db, logger: false, jobs: false });
      await a.listen({ port: 0, host: '127.0.0.1' });
      await b.listen({ port: 0, host: '127.0.0.1' });
      await waitForInstances(database.db, 2);
    });

    afterAll(async () => {
      for (const c of [...clients, ...echoClients]) c.close();
      await a?.close();
      await b?.close();
      await database?.drop();
    });

    async function liveOnB(token: string): Promise<LiveClient> {
      const client = await connectClient(baseUrlOf(b), token);
      clients.push(client);
      return client;
    }

    it("delivers an event emitted on A to the owner's socket on B, and to nobody else", async () => {
      const owner = await createUser(database.db);
      const other = await createUser(database.db);
      const ownerClient = await liveOnB(owner.token);
      const otherClient = await liveOnB(other.token);

      a.events.emit('order.status.updated', statusUpdate(owner.id, 101));
      a.events.emit('order.status.updated', statusUpdate(other.id, 102));

      expect(await ownerClient.next('order.status.updated')).toEqual({
        id: 101,
        status: 'shipped',
        updated_at: expect.any(String),
      });
      await otherClient.next('order.status.updated', (p) => p.id === 102);
      expect(otherClient.received.map((r) => r.payload)).toEqual([expect.objectContaining({ id: 102 })]);
    });

    it('delivers admin events emitted on A to admins connected to B', async () => {
      const admin = await createUser(database.db, { admin: true });
      const adminClient = await liveOnB(admin.token);
      a.events.emit('order.created', {
        userId: 1,
        id: 103,
        status: 'pending',
        total_amount: 99900,
        created_at: now(),
      });
      expect(await adminClient.next('order.created')).toMatchObject({ id: 103, total_amount: 99900 });
    });

    it('delivers an event emitted on A once to each Echo (Pusher) client, on A and on B', async () => {
      const owner = await createUser(database.db);
      const key = a.config.pusher.key;
      const onA = echoOrders(baseUrlOf(a), { key, token: owner.token, userId: owner.id });
      const onB = echoOrders(baseUrlOf(b), { key, token: owner.token, userId: owner.id });
      echoClients.push(onA, onB);
      await Promise.all([onA.subscribed(), onB.subscribed()]);

      a.events.emit('order.status.updated', statusUpdate(owner.id, 105));
      a.events.emit('order.status.updated', statusUpdate(owner.id, 106, 'cancelled'));
      for (const client of [onA, onB]) {
        await client.updates.next((u) => u.id === 106, 'the second update');
        expect(client.updates.items).toEqual([
          { id: 105, status: 'shipped', updated_at: expect.any(String) },
          { id: 106, status: 'cancelled', updated_at: expect.any(String) },
        ]);
      }
    });

    it('disconnects sockets on B when their token is revoked on A, in every form of revocation', async () => {
      const user = await createUser(database.db);
      const tokens = tokenRepository(database.db);
      const second = await tokens.issue(user.id);
      const third = await tokens.issue(user.id);
      const first = (await tokens.authenticate(user.token))!.tokenId;
      const [one, two, three] = [await liveOnB(user.token), await liveOnB(second.token), await liveOnB(third.token)];

      await tokens.revoke(first);
      a.events.emit('auth.tokens.revoked', { userId: user.id, tokenIds: [first] });
      expect(await one.disconnected()).toBe('io server disconnect');

      await tokens.revokeAllForUser(user.id, third.id);
      a.events.emit('auth.tokens.revoked', { userId: user.id, tokenIds: { allExcept: third.id } });
      expect(await two.disconnected()).toBe('io server disconnect');
      a.events.emit('order.status.updated', statusUpdate(user.id, 104));
      expect(await three.next('order.status.updated')).toMatchObject({ id: 104 });

      await tokens.revokeAllForUser(user.id);
      a.events.emit('auth.tokens.revoked', { userId: user.id, tokenIds: 'all' });
      expect(await three.disconnected()).toBe('io server disconnect');
    });
  });

  describe('two server processes (node server/src/main.ts)', () => {
    let database: TestDatabase;
    let smtp: MailCollector;
    let serverA: InstanceProcess;
    let serverB: InstanceProcess;
    let admin: Awaited<ReturnType<typeof createUser>>;
    let customer: Awaited<ReturnType<typeof createUser>>;
    const clients: LiveClient[] = [];
    const echoClients: EchoClient[] = [];

    beforeAll(async () => {
      database = await createTestDatabase();
      smtp = await startMailCollector();
      admin = await createUser(database.db, { admin: true });
      customer = await createUser(database.db);
      const env = {
        DATABASE_URL: database.url!,
        REDIS_URL,
        MAIL_URL: smtp.url,
        SEED_DEMO: '0',
        ADMIN_EMAIL: 'owner@example.com',
        ADMIN_PASSWORD: 'owner-password-123',
        PASSWORD_HASH_COST: 'low',
        SWEEP_INTERVAL_SECONDS: String(SWEEP_INTERVAL_SECONDS),
        MAIL_POLL_INTERVAL_MS: String(MAIL_POLL_INTERVAL_MS),
      };
      // One after the other, so start-up work (migrations, seeding) never races.
      serverA = await startServer('A', env);
      serverB = await startServer('B', env);
      await waitForInstances(database.db, 2);
    }, 120_000);

    afterAll(async () => {
      for (const c of [...clients, ...echoClients]) c.close();
      await Promise.all([serverA?.stop(), serverB?.stop()]);
      await smtp?.close();
      await database?.drop();
    }, 60_000);

    async function liveOn(server: InstanceProcess, token: string): Promise<LiveClient> {
      const client = await connectClient(server.url, token);
      clients.push(client);
      return client;
    }

    it('both instances accept sockets and refuse bad tokens', async () => {
      expect((await connectionRefusal(serverA.url, 'mt_forged')).message).toBe('Unauthenticated.');
      expect((await connectionRefusal(serverB.url, 'mt_forged')).message).toBe('Unauthenticated.');
      const token = (await tokenRepository(database.db).issue(customer.id)).token;
      expect((await liveOn(serverA, token)).socket.connected).toBe(true);
      expect((await liveOn(serverB, token)).socket.connected).toBe(true);
    });

    // Needs PUT /api/admin/orders/{id} (orders module).
    it("an admin's status change through A reaches the customer's socket on B", async () => {
      const { orderId } = await insertOrder(database.db, customer.id, {
        status: 'processing',
        paid: true,
        reservedUntil: null,
      });
      const token = (await tokenRepository(database.db).issue(customer.id)).token;
      const onB = await liveOn(serverB, token);

      const res = await fetch(`${serverA.url}/api/admin/orders/${orderId}`, {
        method: 'PUT',
        headers: { ...bearer(admin.token), 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ order_status: 'shipped' }),
      });
      expect(res.status).toBe(200);
      expect(await onB.next('order.status.updated', (p) => p.id === orderId)).toEqual({
        id: orderId,
        status: 'shipped',
        updated_at: expect.any(String),
      });
    });

    it("an admin's status change through A reaches the customer's Echo client on B once; another customer is refused", async () => {
      const { orderId } = await insertOrder(database.db, customer.id, {
        status: 'processing',
        paid: true,
        reservedUntil: null,
      });
      const snoop = await createUser(database.db);
      const config = (await (await fetch(`${serverB.url}/api/config`)).json()) as { pusher_key: string };
      const key = config.pusher_key;
      const token = (await tokenRepository(database.db).issue(customer.id)).token;
      const onB = echoOrders(serverB.url, { key, token, userId: customer.id });
      const snooping = echoOrders(serverB.url, { key, token: snoop.token, userId: customer.id });
      echoClients.push(onB, snooping);
      await onB.subscribed();
      expect(await snooping.subscriptionErrors.next(() => true, 'the refusal')).toMatchObject({ status: 403 });

      for (const status of ['shipped', 'delivered']) {
        const res = await fetch(`${serverA.url}/api/admin/orders/${orderId}`, {
          method: 'PUT',
          headers: { ...bearer(admin.token), 'content-type': 'application/json' },
          body: JSON.stringify({ order_status: status }),
        });
        expect(res.status).toBe(200);
        await onB.updates.next((u) => u.id === orderId && u.status === status, `${status} on B`);
      }
      expect(onB.updates.items.filter((u) => u.id === orderId).map((u) => u.status)).toEqual(['shipped', 'delivered']);
      expect(snooping.updates.items).toEqual([]);
    });

    // Needs POST /api/logout (accounts module).
    it('logging out through A disconnects that session’s socket on B', async () => {
      const session = await tokenRepository(database.db).issue(customer.id);
      const onB = await liveOn(serverB, session.token);
      const res = await fetch(`${serverA.url}/api/logout`, { method: 'POST', headers: bearer(session.token) });
      expect(res.ok).toBe(true);
      expect(await onB.disconnected()).toBe('io server disconnect');
      expect((await connectionRefusal(serverB.url, session.token)).message).toBe('Unauthenticated.');
    });

    // Needs the reservation sweeper (orders module) running as a background job.
    it('a one-of-a-kind item bought through A shows sold at once in every catalogue view on A and B', async () => {
      const item = await oneOfAKind(database.db);
      const on =
        (server: InstanceProcess): Fetch =>
        async (url) => {
          const res = await fetch(`${server.url}${url}`);
          return { status: res.status, body: await res.json() };
        };
      // Each view asked twice on each instance, so both have it cached.
      for (const server of [serverA, serverB]) {
        await stockShown(on(server), item);
        expect(await stockShown(on(server), item)).toEqual(everywhere(1));
      }
      const buyer = await createUser(database.db);
      const res = await fetch(`${serverA.url}/api/orders`, {
        method: 'POST',
        headers: { ...bearer(buyer.token), 'content-type': 'application/json' },
        body: JSON.stringify(orderBody([{ product_id: item.id, quantity: 1 }])),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      expect(await stockShown(on(serverB), item)).toEqual(everywhere(0));
      expect(await stockShown(on(serverA), item)).toEqual(everywhere(0));
    });

    it('the sweepers on both instances cancel each expired order once and restock it once', async () => {
      const token = (await tokenRepository(database.db).issue(customer.id)).token;
      const onB = await liveOn(serverB, token);
      const expired = new Date(Date.now() - 60_000).toISOString();
      const orders: Array<{ orderId: number; productId: number }> = [];
      for (let i = 0; i < 6; i++) {
        orders.push(
          await insertOrder(database.db, customer.id, { status: 'pending', paid: false, reservedUntil: expired }),
        );
      }
      const ids = orders.map((o) => o.orderId);

      await waitUntil('every expired order is cancelled', async () => {
        const rows = await database.db.selectFrom('orders').select('order_status').where('id', 'in', ids).execute();
        return rows.every((r) => r.order_status === 'cancelled');
      });
      await eachRunsAgain([serverA, serverB], 'expire-unpaid-orders');

      for (const { orderId, productId } of orders) {
        const product = await database.db
          .selectFrom('products')
          .select('stock_quantity')
          .where('id', '=', productId)
          .executeTakeFirstOrThrow();
        expect(product.stock_quantity, `stock of the product of order ${orderId}`).toBe(STOCK_BEFORE_ORDER);
        const history = await database.db
          .selectFrom('order_history')
          .select(['from_status', 'to_status'])
          .where('order_id', '=', orderId)
          .execute();
        expect(history, `history of order ${orderId}`).toEqual([{ from_status: 'pending', to_status: 'cancelled' }]);
        const order = await database.db
          .selectFrom('orders')
          .select('stock_released_at')
          .where('id', '=', orderId)
          .executeTakeFirstOrThrow();
        expect(order.stock_released_at).not.toBeNull();
      }
      // The customer hears about each cancellation once, whichever instance cancelled it.
      const cancellations = onB.received
        .filter((r) => r.event === 'order.status.updated')
        .map((r) => r.payload as { id: number; status: string })
        .filter((p) => ids.includes(p.id))
        .sort((x, y) => x.id - y.id);
      expect(cancellations).toEqual(ids.map((id) => ({ id, status: 'cancelled', updated_at: expect.any(String) })));
    });

    // Needs the mail outbox worker (mail module) running as a background job.
    it('the outbox workers on both instances deliver each e-mail exactly once', async () => {
      const marker = `multi-${Date.now()}`;
      const count = 12;
      const at = now();
      await database.db
        .insertInto('mail_outbox')
        .values(
          Array.from({ length: count }, (_, i) => ({
            to_address: `reader${i}@example.com`,
            subject: `${marker} message ${i}`,
            html: `<p>Message ${i}</p>`,
            text: `Message ${i}`,
            template: 'multi_instance_test',
            status: 'pending' as const,
            attempts: 0,
            next_attempt_at: at,
            locked_until: null,
            last_error: null,
            sent_at: null,
            created_at: at,
          })),
        )
        .execute();

      await waitUntil('every queued message is sent', async () => {
        const rows = await database.db
          .selectFrom('mail_outbox')
          .select('status')
          .where('template', '=', 'multi_instance_test')
          .execute();
        return rows.length === count && rows.every((r) => r.status === 'sent');
      });
      await eachRunsAgain([serverA, serverB], 'mail-outbox');

      const ours = smtp.messages.filter((m) => m.subject.startsWith(marker));
      expect(ours).toHaveLength(count);
      expect(new Set(ours.map((m) => m.subject)).size).toBe(count);
      for (let i = 0; i < count; i++) {
        expect(ours.find((m) => m.subject === `${marker} message ${i}`)?.to).toEqual([`reader${i}@example.com`]);
      }
    });

    it('both stop gracefully while sockets are still open', async () => {
      const token = (await tokenRepository(database.db).issue(customer.id)).token;
      const onA = await liveOn(serverA, token);
      const onB = await liveOn(serverB, token);
      const [codeA, codeB] = await Promise.all([serverA.stop(), serverB.stop()]);
      expect(codeA, serverA.log()).toBe(0);
      expect(codeB, serverB.log()).toBe(0);
      expect(await onA.disconnected()).toBeTruthy();
      expect(await onB.disconnected()).toBeTruthy();
    }, 60_000);
  });
});

const STOCK_BEFORE_ORDER = 5;

/** An order placed the way the orders module places one: its items' stock is already reserved. */
async function insertOrder(
  db: Db,
  userId: number,
  options: { status: 'pending' | 'processing'; paid: boolean; reservedUntil: string | null },
): Promise<{ orderId: number; productId: number }> {
  const at = now();
  const quantity = 2;
  const product = await db
    .insertInto('products')
    .values({
      name: 'Denim jacket',
      description: 'Second-hand denim jacket',
      price_cents: 150000,
      stock_quantity: STOCK_BEFORE_ORDER - quantity,
      size: 'M',
      brand: 'Levi',
      condition: 'good',
      color: 'blue',
      is_featured: 0,
      is_trending: 0,
      search_text: 'denim jacket levi second-hand denim jacket',
      created_at: at,
      updated_at: at,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const order = await db
    .insertInto('orders')
    .values({
      user_id: userId,
      order_status: options.status,
      payment_status: options.paid ? 'paid' : 'unpaid',
      subtotal_cents: 300000,
      discount_cents: 0,
      delivery_fee_cents: 5000,
      total_cents: 305000,
      applied_discounts: '[]',
      shipping_address: 'Moi Avenue 12, Nairobi',
      shipping_phone: '+254712345678',
      discount_code: null,
      reserved_until: options.reservedUntil,
      stock_released_at: null,
      cancel_requested_at: null,
      paid_at: options.paid ? at : null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_items')
    .values({
      order_id: order.id,
      product_id: product.id,
      product_name: 'Denim jacket',
      product_image_key: null,
      unit_price_cents: 150000,
      quantity,
    })
    .execute();
  return { orderId: order.id, productId: product.id };
}

interface InstanceProcess {
  name: string;
  url: string;
  log(): string;
  /** SIGTERM, then the exit code */
  stop(): Promise<number | null>;
}

/** One instance of the shop as its own process, with a DATA_DIR of its own. */
async function startServer(name: string, env: Record<string, string>): Promise<InstanceProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `mtumba-${name.toLowerCase()}-`));
  const server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'info',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
      ...env,
    },
    { name: `server ${name}` },
  );
  return {
    name,
    url: server.url,
    log: server.output,
    async stop() {
      const code = await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

interface MailCollector {
  url: string;
  messages: Array<{ to: string[]; subject: string }>;
  close(): Promise<void>;
}

/** A real SMTP server that records the envelope and subject of every message it accepts. */
async function startMailCollector(): Promise<MailCollector> {
  const messages: MailCollector['messages'] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const head = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
        const subject = /^subject:\s*(.*)$/im.exec(head)?.[1]?.trim() ?? '';
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), subject });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
