/**
 * API benchmark: `npm run bench:api -- [--products 10000] [--db sqlite|postgres] [--duration 10]
 * [--connections 50] [--customers 200]`. Prints requests/s and latency per endpoint, each
 * against the /api/health baseline measured in the same run, then checkout contention.
 * Figures, not a test: it never fails on timing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase, type Db } from '../server/src/db/database.js';
import { migrateToLatest } from '../server/src/db/migrate.js';
import { createUser } from './fixtures.js';
import { generateCatalogue } from './catalogue.js';
import { arg, ensureWebBuilt, percentile, printTable, startServer, writeResults } from './shared.js';

const productsWanted = Number(arg('products', '10000'));
const dbKind = arg('db', 'sqlite') === 'postgres' ? 'postgres' : 'sqlite';
const duration = Number(arg('duration', '10'));
const connections = Number(arg('connections', '50'));
const customers = Number(arg('customers', '200'));
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Row {
  name: string;
  rps: number;
  p50: number;
  p975: number;
  p99: number;
  ratio: number;
  errors: number;
  non2xx: number;
}

async function openDatabase(dataDir: string): Promise<{ db: Db; env: Record<string, string>; drop(): Promise<void> }> {
  if (dbKind === 'sqlite') {
    const db = createDatabase({ kind: 'sqlite', file: path.join(dataDir, 'mtumba.db') });
    return { db, env: { DATABASE_URL: '' }, drop: async () => {} };
  }
  const schema = `bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const db = createDatabase({ kind: 'postgres', url: pgUrl, schema });
  const url = new URL(pgUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    db,
    env: { DATABASE_URL: url.toString() },
    async drop() {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}

function run(
  url: string,
  name: string,
  paths: string[],
  headers: Record<string, string> = {},
  seconds = duration,
): Promise<autocannon.Result> {
  let i = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        pipelining: 1,
        duration: seconds,
        headers,
        requests: [
          {
            setupRequest: (req) => {
              req.path = paths[i++ % paths.length];
              return req;
            },
          },
        ],
        title: name,
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

async function main(): Promise<void> {
  ensureWebBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mtumba-bench-'));
  const database = await openDatabase(dataDir);
  console.log(`Preparing ${productsWanted} products on ${dbKind}...`);
  await migrateToLatest(database.db);
  const started = Date.now();
  const catalogue = await generateCatalogue(database.db, path.join(dataDir, 'uploads'), productsWanted);
  console.log(`  catalogue generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // A live database is analysed by autovacuum; after a bulk load do it now, as an operator would.
  await sql.raw(dbKind === 'postgres' ? 'vacuum analyze' : 'analyze').execute(database.db);

  const shopper = await createUser(database.db, { verified: true });
  for (const productId of catalogue.productIds.slice(0, 5)) {
    await database.db
      .insertInto('cart_items')
      .values({
        user_id: shopper.id,
        product_id: productId,
        quantity: 1,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
  }

  const server = await startServer({ ...database.env, DATA_DIR: dataDir, SEED_DEMO: '0' });
  const rows: Row[] = [];
  try {
    const ids = catalogue.productIds;
    const pick = (n: number) => Array.from({ length: n }, () => ids[Math.floor(Math.random() * ids.length)]);
    const lastPage = Math.max(1, Math.floor(ids.length / 20) - 1);
    const prefixes = ['de', 'jea', 'kit', 'dress', 'ni', 'leather', 'sh', 'wool', 'sk', 'co', 'ja', 'bl'];
    const scenarios: { name: string; paths: string[]; headers?: Record<string, string> }[] = [
      { name: 'GET /api/health (baseline)', paths: ['/api/health'] },
      { name: 'GET /api/products?page=1&per_page=20', paths: ['/api/products?page=1&per_page=20'] },
      { name: `GET /api/products deep page (${lastPage})`, paths: [`/api/products?page=${lastPage}&per_page=20`] },
      {
        name: 'GET /api/products sort+category+size',
        paths: catalogue.categoryIds.flatMap((c) =>
          ['S', 'M', 'L'].map((s) => `/api/products?sort=price_asc&category=${c}&size=${s}&per_page=20`),
        ),
      },
      {
        name: 'GET /api/products/search?q=…',
        paths: prefixes.map((q) => `/api/products/search?q=${encodeURIComponent(q)}`),
      },
      { name: 'GET /api/products/{id} (random)', paths: pick(2000).map((id) => `/api/products/${id}`) },
      { name: 'GET /api/products/trending', paths: ['/api/products/trending'] },
      {
        name: 'GET /api/cart (signed in)',
        paths: ['/api/cart'],
        headers: { authorization: `Bearer ${shopper.token}` },
      },
    ];

    console.log('Warming up...');
    await run(
      server.url,
      'warm-up',
      scenarios.flatMap((s) => s.paths.slice(0, 20)),
      {},
      3,
    );

    let baseline = 0;
    for (const s of scenarios) {
      const r = await run(server.url, s.name, s.paths, s.headers);
      const rps = r.requests.average;
      if (!baseline) baseline = rps;
      rows.push({
        name: s.name,
        rps: Math.round(rps),
        p50: r.latency.p50,
        p975: r.latency.p97_5,
        p99: r.latency.p99,
        ratio: Math.round((rps / baseline) * 1000) / 1000,
        errors: r.errors,
        non2xx: r.non2xx,
      });
      console.log(`  ${s.name}: ${Math.round(rps)} req/s`);
    }

    console.log(`\nAPI on ${dbKind}, ${ids.length} products, ${connections} connections, ${duration} s each:`);
    printTable(
      ['endpoint', 'req/s', 'p50 ms', 'p97.5 ms', 'p99 ms', 'vs health', 'errors', 'non-2xx'],
      rows.map((r) => [r.name, r.rps, r.p50, r.p975, r.p99, r.ratio.toFixed(3), r.errors, r.non2xx]),
    );

    const contention = await checkoutContention(server.url, database.db);
    console.log(`\nCheckout contention: ${customers} customers, 20 one-of-a-kind items, at once:`);
    printTable(
      ['orders placed', 'refused', 'other', 'orders/s', 'p99 ms', 'lowest stock', 'oversold'],
      [
        [
          contention.succeeded,
          contention.refused,
          contention.other,
          contention.ordersPerSecond,
          contention.p99,
          contention.lowestStock,
          contention.oversold ? 'YES' : 'no',
        ],
      ],
    );
    const file = writeResults(`api-${dbKind}`, {
      date: new Date().toISOString(),
      dbKind,
      products: ids.length,
      connections,
      duration,
      rows,
      contention,
    });
    console.log(`\nResults written to ${file}`);
  } finally {
    await server.stop();
    await database.db.destroy();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function checkoutContention(url: string, db: Db) {
  const at = new Date().toISOString();
  const items: number[] = [];
  for (let i = 0; i < 20; i++) {
    const row = await db
      .insertInto('products')
      .values({
        name: `Contended item ${i}`,
        description: 'one of a kind',
        price_cents: 50000,
        stock_quantity: 1,
        size: 'M',
        brand: null,
        condition: 'good',
        color: 'blue',
        search_text: `contended item ${i}`,
        created_at: at,
        updated_at: at,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    items.push(row.id);
  }
  const buyers = [];
  for (let i = 0; i < customers; i++) buyers.push(await createUser(db, { verified: true }));
  const latencies: number[] = [];
  const started = performance.now();
  const results = await Promise.all(
    buyers.map(async (b, i) => {
      const t0 = performance.now();
      const res = await fetch(`${url}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${b.token}` },
        body: JSON.stringify({
          items: [{ product_id: items[i % items.length], quantity: 1 }],
          shipping_address: 'CBD Delivery',
          shipping_phone: '0712345678',
          discount_code: null,
        }),
      });
      latencies.push(performance.now() - t0);
      return res.status;
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const succeeded = results.filter((s) => s === 201).length;
  const refused = results.filter((s) => s === 422).length;
  const stock = await db.selectFrom('products').select('stock_quantity').where('id', 'in', items).execute();
  const lowestStock = Math.min(...stock.map((s) => s.stock_quantity));
  return {
    succeeded,
    refused,
    other: results.length - succeeded - refused,
    ordersPerSecond: Math.round(results.length / elapsed),
    p99: Math.round(percentile(latencies, 99)),
    lowestStock,
    oversold: succeeded > items.length || lowestStock < 0,
  };
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
