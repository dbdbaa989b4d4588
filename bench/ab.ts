/**
 * Side by side: `npx tsx bench/ab.ts --base <another checkout> [--rounds 6] [--products 10000]
 * [--seconds 2] [--cases cart,rush]`. Starts this checkout's server and the other's (each as
 * `npm start` runs it, on SQLite, each with a catalogue of its own made the same way; the other
 * checkout needs its packages installed and its web app built), then gives both the same load in
 * alternating slices, round after round, and prints each server's CPU per request (user and
 * system, from /proc) for every case: the median of the rounds and every round.
 *
 * On a machine whose speed drifts by a third within the hour (this one's did), figures taken an
 * hour apart compare the hours more than the code; taken in turns, the drift hits both sides
 * alike. Figures, not a test: it never fails on timing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDatabase } from '../server/src/db/database.js';
import { migrateToLatest } from '../server/src/db/migrate.js';
import { generateCatalogue } from './catalogue.js';
import { createUser } from './fixtures.js';
import * as here from './shared.js';

const base = here.arg('base', '');
if (!base) throw new Error('--base <the other checkout> is required');
const rounds = Number(here.arg('rounds', '6'));
const products = Number(here.arg('products', '10000'));
const seconds = Number(here.arg('seconds', '2'));
const only = here.arg('cases', '').split(',').filter(Boolean);
const other = (await import(pathToFileURL(path.resolve(base, 'bench', 'shared.ts')).href)) as typeof here;

interface Side {
  name: string;
  url: string;
  pid: number | undefined;
  stop(): Promise<void>;
  productIds: number[];
  /** a signed-in shopper with 5 items in their cart */
  token: string;
  /** a product sold out, one-of-a-kind products in stock, and customers to rush for them */
  sold: number;
  inStock: number[];
  buyers: string[];
}

/** A catalogue, a shopper with a cart, rush items and customers, then the server on them. */
async function side(name: string, shared: typeof here): Promise<Side> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mtumba-ab-'));
  const db = createDatabase({ kind: 'sqlite', file: path.join(dir, 'mtumba.db') });
  await migrateToLatest(db);
  const { productIds } = await generateCatalogue(db, path.join(dir, 'uploads'), products);
  const at = new Date().toISOString();
  const shopper = await createUser(db, { verified: true });
  for (const id of productIds.slice(0, 5)) {
    await db
      .insertInto('cart_items')
      .values({ user_id: shopper.id, product_id: id, quantity: 1, created_at: at, updated_at: at })
      .execute();
  }
  const item = async (stock: number) =>
    (
      await db
        .insertInto('products')
        .values({
          name: 'Rush item',
          description: 'one of a kind',
          price_cents: 50000,
          stock_quantity: stock,
          size: 'M',
          brand: null,
          condition: 'good',
          color: 'blue',
          search_text: 'rush item',
          created_at: at,
          updated_at: at,
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const sold = await item(0);
  const inStock: number[] = [];
  for (let i = 0; i < 20 * rounds; i++) inStock.push(await item(1));
  const buyers: string[] = [];
  for (let i = 0; i < 200; i++) buyers.push((await createUser(db, { verified: true })).token);
  await db.destroy();
  const server = await shared.startServer({
    DATABASE_URL: '',
    DATA_DIR: dir,
    SEED_DEMO: '0',
    NODE_ENV: 'production',
    ALLOW_SANDBOX_PAYMENTS: '1',
    ALLOW_FILE_MAIL: '1',
    PAYMENT_WEBHOOK_SECRET: 'bench-webhook-secret-0123456789abcdef0123456789',
    // each rush's customers come back in later rounds: the unpaid-order limits must not refuse them
    ORDER_MAX_UNPAID: '1000',
    ORDER_MAX_RESERVED_ITEMS: '1000',
    ...here.vapidKeys(),
  });
  return {
    name,
    url: server.url,
    pid: server.child.pid,
    stop: async () => {
      await server.stop();
    },
    productIds,
    token: shopper.token,
    sold,
    inStock,
    buyers,
  };
}

const browser = { 'accept-encoding': 'gzip, deflate, br' };

/** `seconds` of requests over `paths` from 20 connections; gives how many were answered. */
async function load(url: string, paths: string[], headers: Record<string, string>): Promise<number> {
  return (await here.hammer(url, paths, { connections: 20, seconds, headers })).requests.total;
}

/** Customers each on a connection of their own send `POST /api/orders` at once; all must get `status`. */
async function rush(s: Side, items: number[], status: number): Promise<number> {
  await Promise.all(
    items.map(async (productId, i) => {
      const res = await here.visit(`${s.url}/api/orders`, {
        fresh: true,
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${s.buyers[i % s.buyers.length]}` },
        body: JSON.stringify({
          items: [{ product_id: productId, quantity: 1 }],
          shipping_address: 'CBD Delivery',
          shipping_phone: '0712345678',
          discount_code: null,
        }),
      });
      await res.arrayBuffer();
      if (res.status !== status) throw new Error(`${s.name}: an order was answered ${res.status}, not ${status}`);
    }),
  );
  return items.length;
}

/** Each case runs one slice on a side in a round, and gives how many requests it made. */
const cases: Record<string, (s: Side, round: number) => Promise<number>> = {
  // 600 pages not drawn yet each round (and the cached ones, once drawn, for the rest of the slice)
  'product pages, new': (s, r) =>
    load(
      s.url,
      s.productIds.slice(r * 600, r * 600 + 600).map((id) => `/products/${id}`),
      browser,
    ),
  'product pages, kept': (s) =>
    load(
      s.url,
      s.productIds.slice(-50).map((id) => `/products/${id}`),
      browser,
    ),
  'home page': (s) => load(s.url, ['/'], browser),
  'GET /api/cart': (s) => load(s.url, ['/api/cart'], { ...browser, authorization: `Bearer ${s.token}` }),
  'GET /api/products': (s) =>
    load(s.url, ['/api/products?page=1&per_page=20', '/api/products?page=2&per_page=20'], browser),
  'rush: 200 for a sold item (422)': (s) => rush(s, Array<number>(200).fill(s.sold), 422),
  'rush: 20 orders placed (201)': (s, r) => rush(s, s.inStock.slice(r * 20, r * 20 + 20), 201),
};

const sides = [await side('base', other), await side('this', here)];
const cpu: Record<string, Record<string, number[]>> = {};
try {
  for (let round = 0; round < rounds; round++) {
    for (const [name, run] of Object.entries(cases)) {
      if (only.length && !only.some((o) => name.includes(o))) continue;
      // who goes first alternates between rounds
      for (const s of round % 2 === 0 ? sides : [...sides].reverse()) {
        const before = here.processCpuMs(s.pid);
        const requests = await run(s, round);
        ((cpu[name] ??= {})[s.name] ??= []).push(((here.processCpuMs(s.pid) - before) * 1000) / requests);
      }
    }
  }
} finally {
  for (const s of sides) await s.stop();
}

const fmt = (v: number) => String(Math.round(v));
console.log(
  `\nServer CPU per request (µs), ${rounds} rounds of ${seconds} s slices, ${products} products; load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}:`,
);
here.printTable(
  ['case', 'base', 'this', 'this/base', 'base, each round', 'this, each round'],
  Object.entries(cpu).map(([name, by]) => {
    const [b, t] = [here.median(by.base), here.median(by.this)];
    return [name, fmt(b), fmt(t), (t / b).toFixed(2), by.base.map(fmt).join(' '), by.this.map(fmt).join(' ')];
  }),
);
