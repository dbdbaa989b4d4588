/**
 * The mixed load of `npm run bench:api -- --scenario mixed`: a sale day in miniature. Virtual
 * visitors loop for the whole run, each step one action drawn by weight: most browse (product
 * pages, the list, the home page) and search, some put things in their cart and look at it, a few
 * check out and pay through the sandbox payment provider (its simulated payment page, the same
 * path the shop's demo uses). Halfway through, a drop puts 20 one-of-a-kind items on sale at one
 * moment (the server's own listing job publishes them), and from then on visitors crowd those pages and
 * the checkouts go for them. Reports p50/p99 per action and orders per second, measured once the
 * crowd has arrived (`ARRIVAL_MS`).
 *
 * Between two steps a visitor reads the page: a pause drawn at random around `thinkMs` (an
 * exponential draw, as people's pauses are). A crowd is many visitors each asking now and then,
 * not a few asking back to back; `thinkMs` 0 gives that stress test instead, where every request
 * waits for all the others and the latencies measure the queue more than the shop.
 */
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Db } from '../server/src/db/database.js';
import { createUser } from './fixtures.js';
import { percentile, processCpuMs, visit, type Answer } from './shared.js';

export interface MixedOptions {
  url: string;
  db: Db;
  productIds: number[];
  seconds: number;
  visitors: number;
  /** mean pause between a visitor's steps, in ms (0: none) */
  thinkMs: number;
  /** the server's process id: its CPU use over the run is reported */
  serverPid?: number;
}

type Action = 'product page' | 'home page' | 'list' | 'search' | 'cart add' | 'cart view' | 'checkout' | 'pay';

/** Share of steps per kind (out of 100): browse 60, search 20, cart 15, checkout and pay 5. */
const WEIGHTS: [kind: 'browse' | 'list' | 'home' | 'search' | 'cart' | 'buy', weight: number][] = [
  ['browse', 45],
  ['list', 10],
  ['home', 5],
  ['search', 20],
  ['cart', 15],
  ['buy', 5],
];
const PREFIXES = ['de', 'jea', 'kit', 'dress', 'ni', 'leather', 'sh', 'wool', 'sk', 'co', 'ja', 'bl'];
const DROP_SIZE = 20;
/**
 * The crowd arrives over these first milliseconds, unmeasured: 400 shoppers do not appear in the
 * same second, and a server that has served none of their carts, checkouts and payments yet is
 * still compiling that code (the window's first second cost twice the CPU of the rest).
 */
const ARRIVAL_MS = 3_000;

export interface MixedResult {
  seconds: number;
  visitors: number;
  thinkMs: number;
  /** steps per second over the run, all visitors together */
  actionsPerSecond: number;
  /** the server's CPU time over the run's time (1 = one core busy throughout) */
  serverCpu: number;
  /**
   * This benchmark's own CPU over the run (1 = one core) and its event loop's delay at p99 in ms:
   * a visitor's latency includes the time its answer waited in this process, so a busy client
   * shows here before it shows as a slow shop.
   */
  clientCpu: number;
  clientLagP99: number;
  /** the server's event-loop delay at p99 over the run, in ms (from its metrics), when it says */
  serverLagP99: number | null;
  actions: { action: Action; count: number; p50: number; p99: number; refused: number; failed: number }[];
  ordersPlaced: number;
  ordersPaid: number;
  ordersPerSecond: number;
  /** orders placed for the drop's items, and how many of those items were sold */
  dropOrders: number;
  dropSoldOut: number;
  /** browse actions (product page, home, list, search) after the drop, while checkouts ran */
  browseAfterDrop: Summary;
  /**
   * browse actions sent in the drop's first second (when every kept page and reply is checked
   * again, the new items are drawn and the crowd checks out), and all the others of the window
   */
  browseDropSecond: Summary;
  browseOutsideDropSecond: Summary;
  /** the drop's first second on the monotonic clock in µs, the time base of the server's --cpu-prof samples */
  dropWindow: { from: number; to: number };
  oversold: boolean;
  unexpected: Record<string, number>;
}

/** How many steps, and their p50 and p99 in ms. */
interface Summary {
  count: number;
  p50: number;
  p99: number;
}

const summary = (ms: number[]): Summary => ({
  count: ms.length,
  p50: Math.round(percentile(ms, 50)),
  p99: Math.round(percentile(ms, 99)),
});

/**
 * The server's event-loop delay at p99 in ms since its metrics were last read (`/api/metrics`,
 * open to this machine), or null without it.
 */
async function serverLagP99(url: string): Promise<number | null> {
  const text = await visit(`${url}/api/metrics`)
    .then((r) => (r.status === 200 ? r.text() : ''))
    .catch(() => '');
  const m = /^nodejs_eventloop_lag_p99_seconds (\S+)$/m.exec(text);
  return m ? Math.round(Number(m[1]) * 1000) : null;
}

export async function mixedLoad(options: MixedOptions): Promise<MixedResult> {
  const { url, db, productIds } = options;
  const at = new Date().toISOString();
  // The drop: one-of-a-kind items scheduled for later, published by the listing job's call.
  const drop: number[] = [];
  for (let i = 0; i < DROP_SIZE; i++) {
    const row = await db
      .insertInto('products')
      .values({
        name: `Drop item ${i}`,
        description: 'one of a kind, in the drop',
        price_cents: 120000,
        stock_quantity: 1,
        size: 'M',
        brand: null,
        condition: 'good',
        color: 'green',
        search_text: `drop item ${i}`,
        created_at: at,
        updated_at: at,
        deleted_at: null,
        status: 'scheduled',
        publish_at: new Date(Date.now() + 3_600_000).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    drop.push(row.id);
  }
  const shoppers = [];
  for (let i = 0; i < options.visitors; i++) shoppers.push(await createUser(db, { verified: true }));

  const latencies = new Map<Action, number[]>();
  const refused = new Map<Action, number>();
  const failed = new Map<Action, number>();
  const afterDrop: number[] = [];
  const dropSecond: number[] = [];
  const outsideDropSecond: number[] = [];
  /** unexpected answers by action and status, to look into */
  const unexpected: Record<string, number> = {};
  const trace: [number, number, string][] = [];
  let dropped = false;
  let droppedAt = Infinity;
  let droppedAtUs = 0;
  let ordersPlaced = 0;
  let ordersPaid = 0;
  let dropOrders = 0;
  /** when the measured window opens: the crowd has arrived (performance.now() time) */
  let started = Infinity;
  const measuring = (at: number) => at >= started;

  const timed = async (action: Action, fn: () => Promise<Answer>, ok: number[], refusals: number[] = []) => {
    const t0 = performance.now();
    let res: Answer;
    try {
      res = await fn();
    } catch {
      failed.set(action, (failed.get(action) ?? 0) + 1);
      unexpected[`${action} network error`] = (unexpected[`${action} network error`] ?? 0) + 1;
      return undefined;
    }
    const body = await res.text();
    const ms = performance.now() - t0;
    if (!measuring(t0)) return { status: res.status, body };
    if (process.env.MIXED_TRACE) trace.push([Math.round(t0 - started), Math.round(ms), action]);
    (latencies.get(action) ?? latencies.set(action, []).get(action)!).push(ms);
    if (['product page', 'home page', 'list', 'search'].includes(action)) {
      if (dropped) afterDrop.push(ms);
      (t0 >= droppedAt && t0 < droppedAt + 1000 ? dropSecond : outsideDropSecond).push(ms);
    }
    if (refusals.includes(res.status)) refused.set(action, (refused.get(action) ?? 0) + 1);
    else if (!ok.includes(res.status)) {
      failed.set(action, (failed.get(action) ?? 0) + 1);
      const key = `${action} ${res.status}`;
      unexpected[key] = (unexpected[key] ?? 0) + 1;
    }
    return { status: res.status, body };
  };
  const random = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
  const pages = Array.from({ length: 200 }, () => random(productIds));
  const pick = () => {
    const roll = Math.random() * 100;
    let sum = 0;
    for (const [kind, weight] of WEIGHTS) if (roll < (sum += weight)) return kind;
    return 'browse';
  };
  const json = (token: string) => ({ 'content-type': 'application/json', authorization: `Bearer ${token}` });

  // A pause never outlasts the run: the run's time (steps and orders per second, the server's CPU)
  // is the time the visitors were there.
  const pause = (until: number) =>
    options.thinkMs > 0
      ? new Promise((resolve) =>
          setTimeout(resolve, Math.min(-Math.log(1 - Math.random()) * options.thinkMs, until - performance.now())),
        )
      : undefined;
  const visitor = async (shopper: { id: number; token: string }, until: number) => {
    // Visitors arrive spread over the arrival time, not all in the same millisecond.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * ARRIVAL_MS));
    for (let first = true; performance.now() < until; first = false) {
      if (!first) await pause(until);
      if (performance.now() >= until) break;
      const kind = pick();
      if (kind === 'browse') {
        const id = dropped && Math.random() < 0.5 ? random(drop) : random(pages);
        await timed('product page', () => visit(`${url}/products/${id}`), [200, 404]);
      } else if (kind === 'list') {
        const page = 1 + Math.floor(Math.random() * 5);
        await timed('list', () => visit(`${url}/api/products?page=${page}&per_page=20&sort=newest`), [200]);
      } else if (kind === 'home') {
        await timed('home page', () => visit(`${url}/`), [200]);
      } else if (kind === 'search') {
        await timed('search', () => visit(`${url}/api/products/search?q=${random(PREFIXES)}`), [200]);
      } else if (kind === 'cart') {
        const productId = dropped && Math.random() < 0.5 ? random(drop) : random(productIds);
        await timed(
          'cart add',
          () =>
            visit(`${url}/api/cart/add`, {
              method: 'POST',
              headers: json(shopper.token),
              body: JSON.stringify({ product_id: productId, quantity: 1 }),
            }),
          [200, 201],
          // a drop item asked for before the listing job published it is not found yet
          [404, 409, 422],
        );
        await timed('cart view', () => visit(`${url}/api/cart`, { headers: json(shopper.token) }), [200]);
      } else {
        const productId = dropped ? random(drop) : random(productIds);
        const placed = await timed(
          'checkout',
          () =>
            visit(`${url}/api/orders`, {
              method: 'POST',
              headers: json(shopper.token),
              body: JSON.stringify({
                items: [{ product_id: productId, quantity: 1 }],
                shipping_address: 'CBD Delivery',
                shipping_phone: '0712345678',
                discount_code: null,
              }),
            }),
          [201],
          [409, 422],
        );
        if (placed?.status !== 201) continue;
        const t0 = performance.now();
        const counted = measuring(t0);
        if (counted) ordersPlaced += 1;
        if (drop.includes(productId)) dropOrders += 1;
        const orderId = (JSON.parse(placed.body) as { order: { id: number } }).order.id;
        const started = await visit(`${url}/api/payments/initiate`, {
          method: 'POST',
          headers: json(shopper.token),
          body: JSON.stringify({ order_id: orderId }),
        }).catch(() => undefined);
        const payment = started?.status === 201 ? ((await started.json()) as { reference: string }) : undefined;
        if (!payment) {
          await started?.text();
          if (counted) failed.set('pay', (failed.get('pay') ?? 0) + 1);
          continue;
        }
        const paid = await visit(`${url}/pay/sandbox/${encodeURIComponent(payment.reference)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ outcome: 'success', method: 'mpesa', phone: '0712345678' }).toString(),
        }).catch(() => undefined);
        await paid?.text();
        if (!counted) continue;
        (latencies.get('pay') ?? latencies.set('pay', []).get('pay')!).push(performance.now() - t0);
        if (paid?.status === 303) ordersPaid += 1;
        else failed.set('pay', (failed.get('pay') ?? 0) + 1);
      }
    }
  };

  // A shop that has been open for a while: its pages, lists and searches have each been asked for
  // once, as the visitors before this crowd did (a cold start is the endpoints' warm-up, not this).
  const warm = [
    ...new Set(pages.map((id) => `/products/${id}`)),
    '/',
    ...[1, 2, 3, 4, 5].map((page) => `/api/products?page=${page}&per_page=20&sort=newest`),
    ...PREFIXES.map((q) => `/api/products/search?q=${q}`),
  ];
  const warmUp = async () => {
    for (let i = 0; i < warm.length; i += 8) {
      await Promise.all(warm.slice(i, i + 8).map((path) => visit(`${url}${path}`).then((r) => r.arrayBuffer())));
    }
  };

  // The drop is scheduled for halfway through the run; the server's own listing job publishes it
  // when it is due (the benchmark runs that job every second), as in the shop. Scheduling it is a
  // write of the catalogue, so it comes before the shop is warmed, and the run starts once the
  // time to its halfway point has come.
  const lead = 8_000 + ARRIVAL_MS;
  const publishAt = Date.now() + lead + (options.seconds * 1000) / 2;
  await db
    .updateTable('products')
    .set({ publish_at: new Date(publishAt).toISOString() })
    .where('id', 'in', drop)
    .execute();
  await warmUp();
  await new Promise((resolve) =>
    setTimeout(resolve, Math.max(0, publishAt - (options.seconds * 1000) / 2 - ARRIVAL_MS - Date.now())),
  );
  // Each visitor's browser has its connection open, as a shopper arriving from the home page
  // would: the benchmark's one process opening hundreds of connections in the first second
  // measures its own HTTP client, not the shop.
  await Promise.all(shoppers.map(() => visit(`${url}/api/health`).then((r) => r.arrayBuffer())));
  const arriving = performance.now();
  const until = arriving + ARRIVAL_MS + options.seconds * 1000;
  const dropAt = arriving + Math.max(0, publishAt - Date.now());
  const releaseDrop = (async () => {
    await new Promise((r) => setTimeout(r, dropAt - performance.now()));
    dropped = true;
    droppedAt = performance.now();
    droppedAtUs = Number(process.hrtime.bigint() / 1000n);
  })();
  // Once the crowd is in, the window opens: the server's CPU, both event loops' delays (reading
  // the server's metrics starts a new window of its own) and every step from then on.
  let cpuBefore = 0;
  let clientBefore = process.cpuUsage();
  const lag = monitorEventLoopDelay({ resolution: 10 });
  const windowOpens = (async () => {
    await new Promise((r) => setTimeout(r, arriving + ARRIVAL_MS - performance.now()));
    await serverLagP99(url);
    started = performance.now();
    cpuBefore = processCpuMs(options.serverPid);
    clientBefore = process.cpuUsage();
    lag.enable();
  })();
  await Promise.all([...shoppers.map((s) => visitor(s, until)), releaseDrop, windowOpens]);
  const elapsed = (performance.now() - started) / 1000;
  if (process.env.MIXED_TRACE) fs.writeFileSync(process.env.MIXED_TRACE, JSON.stringify(trace));
  const serverCpu = (processCpuMs(options.serverPid) - cpuBefore) / 1000 / elapsed;
  lag.disable();
  const serverLag = await serverLagP99(url);
  const clientUsage = process.cpuUsage(clientBefore);
  const clientCpu = (clientUsage.user + clientUsage.system) / 1e6 / elapsed;

  const stock = await db.selectFrom('products').select('stock_quantity').where('id', 'in', drop).execute();
  const sold = await db
    .selectFrom('order_items as oi')
    .innerJoin('orders as o', 'o.id', 'oi.order_id')
    .select(['oi.product_id', sql<number>`count(*)`.as('n')])
    .where('oi.product_id', 'in', drop)
    .where('o.order_status', '!=', 'cancelled')
    .groupBy('oi.product_id')
    .execute();
  const order: Action[] = ['product page', 'home page', 'list', 'search', 'cart add', 'cart view', 'checkout', 'pay'];
  return {
    seconds: Math.round(elapsed * 10) / 10,
    visitors: options.visitors,
    thinkMs: options.thinkMs,
    actionsPerSecond: Math.round([...latencies.values()].reduce((n, l) => n + l.length, 0) / elapsed),
    serverCpu: Math.round(serverCpu * 100) / 100,
    clientCpu: Math.round(clientCpu * 100) / 100,
    clientLagP99: Math.round(lag.percentile(99) / 1e6),
    serverLagP99: serverLag,
    actions: order.map((action) => {
      return {
        action,
        ...summary(latencies.get(action) ?? []),
        refused: refused.get(action) ?? 0,
        failed: failed.get(action) ?? 0,
      };
    }),
    ordersPlaced,
    ordersPaid,
    ordersPerSecond: Math.round((ordersPlaced / elapsed) * 10) / 10,
    dropOrders,
    dropSoldOut: stock.filter((s) => s.stock_quantity === 0).length,
    browseAfterDrop: summary(afterDrop),
    browseDropSecond: summary(dropSecond),
    browseOutsideDropSecond: summary(outsideDropSecond),
    dropWindow: { from: droppedAtUs, to: droppedAtUs + 1_000_000 },
    oversold: stock.some((s) => s.stock_quantity < 0) || sold.some((s) => Number(s.n) > 1),
    unexpected,
  };
}
