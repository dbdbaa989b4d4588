/**
 * API benchmark: `npm run bench:api -- [--products 10000] [--db sqlite|postgres] [--duration 10]
 * [--connections 50] [--customers 200] [--scenario endpoints,contention,mixed] [--mode production]
 * [--visitors 400] [--think-ms 1000] [--mixed-seconds 20] [--cpu-prof] [--query-profile] [--heap-snapshot]
 * [--node-args "<flags for the server's Node>"]`.
 * Prints requests/s and latency per endpoint, each as a ratio to the bare reference
 * (bench/reference.ts: its 20-row page and its health check) measured in the same run, the
 * server's peak memory under load, then checkout contention, then the mixed sale-day load
 * (bench/mixed.ts). Checkout contention: `--customers` signed-in customers (200) send
 * `POST /api/orders` at once for 20 one-of-a-kind items, each customer with a mobile number of
 * their own, after an unmeasured rush of 40 customers for 4 other such items, and again after
 * five more drops (the order path optimised, as in a shop open all day); it prints each measured
 * rush's p99 and the server's CPU per request, beside as many health checks at once (the app's,
 * and the bare reference's: the floor any Node server has).
 * The server runs as in production (NODE_ENV=production, sandbox payments allowed, mail to
 * files) unless `--mode development`. Figures, not a test: it never fails on timing.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase, type Db } from '../server/src/db/database.js';
import { migrateToLatest } from '../server/src/db/migrate.js';
import { normaliseKenyanPhone } from '../server/src/lib/phone.js';
import { createUser } from './fixtures.js';
import { mixedLoad } from './mixed.js';
import { generateCatalogue } from './catalogue.js';
import { freePort } from '../server/test/server-process.js';
import {
  arg,
  ensureWebBuilt,
  hammer,
  heapSnapshot,
  vapidKeys,
  visit,
  type Answer,
  percentile,
  printTable,
  processCpuMs,
  repoRoot,
  startServer,
  writeResults,
} from './shared.js';

const productsWanted = Number(arg('products', '10000'));
const dbKind = arg('db', 'sqlite') === 'postgres' ? 'postgres' : 'sqlite';
const duration = Number(arg('duration', '10'));
const connections = Number(arg('connections', '50'));
const customers = Number(arg('customers', '200'));
/** only the endpoints whose name contains one of these texts, comma-separated (the reference is always measured) */
const only = arg('only', '')
  .split(',')
  .map((t) => t.trim());
/** which parts run: endpoints, contention, mixed (comma-separated; all by default) */
const scenarios = new Set(arg('scenario', 'endpoints,contention,mixed').split(','));
const contentionWanted = arg('contention', 'yes') !== 'no' && scenarios.has('contention');
const mode = arg('mode', 'production') === 'development' ? 'development' : 'production';

/** seconds of the mixed load */
const mixedSeconds = Number(arg('mixed-seconds', String(Math.max(10, duration * 2))));
/** the mixed load's visitors, and the mean pause between each one's steps (0: back to back) */
const visitors = Number(arg('visitors', '400'));
const thinkMs = Number(arg('think-ms', '1000'));
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Row {
  name: string;
  rps: number;
  p50: number;
  p975: number;
  p99: number;
  vsPage: number;
  vsHealth: number;
  /** the reference's page and health req/s measured just before this row */
  refPage: number;
  refHealth: number;
  errors: number;
  non2xx: number;
  /** CPU time (user + system) the serving process spent per request, in microseconds */
  cpuUs: number;
  /** the reference page's CPU per request over this row's: like vsPage, but blind to the machine's load */
  cpuVsPage: number;
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

/** The bare reference (bench/reference.ts) in its own process, with its own copy of the data shape. */
async function startReference(
  dataDir: string,
): Promise<{ url: string; pid: number | undefined; stop(): Promise<void> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'bench', 'reference.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      REFERENCE_PORT: String(port),
      REFERENCE_PRODUCTS: String(productsWanted),
      REFERENCE_FILE: path.join(dataDir, 'reference.db'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the reference server exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Samples a process's resident memory (Linux /proc) until stopped; gives the peak in MB. */
function watchRss(pid: number | undefined): () => number {
  let peak = 0;
  const sample = () => {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peak = Math.max(peak, kb / 1024);
    } catch {
      // not Linux, or the process is gone
    }
  };
  const timer = setInterval(sample, 250);
  return () => {
    clearInterval(timer);
    sample();
    return Math.round(peak);
  };
}

function run(
  url: string,
  name: string,
  paths: string[],
  headers: Record<string, string> = {},
  seconds = duration,
): Promise<autocannon.Result> {
  return hammer(url, paths, { connections, seconds, headers, title: name });
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
  // The load wrote a few hundred MB of PostgreSQL's write-ahead log: a checkpoint now, rather than
  // one started by the log's size in the middle of a measurement (it flushes every changed page of
  // the server, and on this machine's disk everything waits while it syncs).
  if (dbKind === 'postgres') await sql.raw('checkpoint').execute(database.db);

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

  console.log('Starting the bare reference...');
  const reference = await startReference(dataDir);
  const server = await startServer({
    ...database.env,
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    NODE_ENV: mode,
    // production's checks: the sandbox provider (its payment page pays the mixed load's orders), mail to files
    ALLOW_SANDBOX_PAYMENTS: '1',
    ALLOW_FILE_MAIL: '1',
    PAYMENT_WEBHOOK_SECRET: 'bench-webhook-secret-0123456789abcdef0123456789',
    // production requires the phone notifications' keys: a pair made for this run
    ...vapidKeys(),
    // the jobs (scheduled products' publishing: the mixed load's drop) every second
    SWEEP_INTERVAL_SECONDS: '1',
  });
  const rows: Row[] = [];
  try {
    const ids = catalogue.productIds;
    const pick = (n: number) => Array.from({ length: n }, () => ids[Math.floor(Math.random() * ids.length)]);
    const lastPage = Math.max(1, Math.floor(ids.length / 20) - 1);
    const prefixes = ['de', 'jea', 'kit', 'dress', 'ni', 'leather', 'sh', 'wool', 'sk', 'co', 'ja', 'bl'];
    const referenceLastPage = Math.max(1, Math.floor(productsWanted / 20) - 1);
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    const endpoints: { name: string; paths: string[]; headers?: Record<string, string>; url?: string }[] = [
      { name: 'reference GET /health', paths: ['/health'], url: reference.url },
      { name: 'reference 20-row page', paths: ['/products?page=1'], url: reference.url },
      {
        name: `reference deep page (${referenceLastPage})`,
        paths: [`/products?page=${referenceLastPage}`],
        url: reference.url,
      },
      { name: 'GET /api/health', paths: ['/api/health'] },
      { name: 'GET /api/products?page=1&per_page=20', paths: ['/api/products?page=1&per_page=20'] },
      { name: `GET /api/products deep page (${lastPage})`, paths: [`/api/products?page=${lastPage}&per_page=20`] },
      {
        name: 'GET /api/categories/{id}/products',
        paths: catalogue.categoryIds.map((c) => `/api/categories/${c}/products?page=1&per_page=20`),
      },
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
      // Server-rendered HTML (kept by URL and catalogue version, like the API replies)
      // asked for as browsers ask (compressed when the server offers it)
      { name: 'GET / (home HTML)', paths: ['/'], headers: browser },
      {
        name: 'GET /products/{id} HTML (200 random)',
        paths: pick(200).map((id) => `/products/${id}`),
        headers: browser,
      },
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
      endpoints.filter((s) => !s.url).flatMap((s) => s.paths.slice(0, 20)),
      {},
      3,
    );
    await run(reference.url, 'warm-up', ['/health', '/products?page=1'], {}, 2);

    // The machine is shared: each endpoint is compared with the reference measured just before
    // it (half the duration each for the reference's health and page), not once for the run.
    const seconds = Math.max(1, Math.round(duration / 2));
    const peakRss = watchRss(server.child.pid);
    const wholeRunRss = watchRss(server.child.pid);
    let referencePageCpu = NaN;
    const wanted = scenarios.has('endpoints')
      ? endpoints.filter((s) => s.url || only.some((t) => s.name.includes(t)))
      : [];
    for (const s of wanted) {
      let pairedHealth = 0;
      let pairedPage = 0;
      let pairedCpu = NaN;
      if (!s.url) {
        pairedHealth = (await run(reference.url, 'reference health', ['/health'], {}, seconds)).requests.average;
        const cpuBefore = processCpuMs(reference.pid);
        const page = await run(reference.url, 'reference page', ['/products?page=1'], {}, seconds);
        pairedPage = page.requests.average;
        pairedCpu = ((processCpuMs(reference.pid) - cpuBefore) * 1000) / page.requests.total;
      }
      const pid = s.url ? reference.pid : server.child.pid;
      const cpuBefore = processCpuMs(pid);
      const r = await run(s.url ?? server.url, s.name, s.paths, s.headers);
      const cpuUs = ((processCpuMs(pid) - cpuBefore) * 1000) / r.requests.total;
      if (s.name === 'reference 20-row page') referencePageCpu = cpuUs;
      if (s.url) pairedCpu = referencePageCpu;
      const rps = r.requests.average;
      if (s.url && !pairedHealth) pairedHealth = rows[0]?.rps ?? rps;
      if (s.url && !pairedPage) pairedPage = rows[1]?.rps ?? (rows.length === 1 ? rps : NaN);
      rows.push({
        name: s.name,
        rps: Math.round(rps),
        p50: r.latency.p50,
        p975: r.latency.p97_5,
        p99: r.latency.p99,
        vsPage: Math.round((rps / pairedPage) * 1000) / 1000,
        vsHealth: Math.round((rps / pairedHealth) * 1000) / 1000,
        refPage: Math.round(pairedPage),
        refHealth: Math.round(pairedHealth),
        errors: r.errors,
        non2xx: r.non2xx,
        cpuUs: Math.round(cpuUs),
        cpuVsPage: Math.round((pairedCpu / cpuUs) * 1000) / 1000,
      });
      console.log(
        `  ${s.name}: ${Math.round(rps)} req/s (reference page ${Math.round(pairedPage)}, health ${Math.round(pairedHealth)})`,
      );
    }

    const rssMb = peakRss();
    console.log(
      `\nAPI on ${dbKind} (${mode}), ${ids.length} products, ${connections} connections, ${duration} s each:`,
    );
    printTable(
      [
        'endpoint',
        'req/s',
        'p50 ms',
        'p97.5 ms',
        'p99 ms',
        'vs ref page',
        'vs ref health',
        'ref page/health',
        'CPU µs/req',
        'CPU vs ref page',
        'errors',
        'non-2xx',
      ],
      rows.map((r) => [
        r.name,
        r.rps,
        r.p50,
        r.p975,
        r.p99,
        Number.isFinite(r.vsPage) ? r.vsPage.toFixed(3) : '—',
        r.vsHealth.toFixed(3),
        `${r.refPage}/${r.refHealth}`,
        r.cpuUs,
        Number.isFinite(r.cpuVsPage) ? r.cpuVsPage.toFixed(3) : '—',
        r.errors,
        r.non2xx,
      ]),
    );
    console.log(
      `Server's peak resident memory under load: ${rssMb} MB (load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
    );

    const contention = contentionWanted
      ? await checkoutContention(server.url, database.db, server.child.pid, reference)
      : undefined;
    if (contention) {
      console.log(
        `\nCheckout contention: ${customers} customers, 20 one-of-a-kind items, at once, each their own phone number; first after an unmeasured rush of 40 for 4 items, then again after ${EARLIER_DROPS} more drops (each row after its floor: as many GET /api/health at once, each on a new connection, and the same of the bare reference's GET /health, what any Node server pays for as many new connections):`,
      );
      const drops = [
        ['first drop after the start', contention.first],
        [`after ${EARLIER_DROPS} more drops`, contention.later],
      ] as const;
      printTable(
        [
          'drop',
          'orders placed',
          'refused',
          'other',
          'orders/s',
          'p99 ms',
          'server CPU µs/req',
          'lowest stock',
          'oversold',
          'floor p99 ms',
          'floor CPU µs/req',
          'bare floor p99 ms',
          'bare floor CPU µs/req',
        ],
        drops.map(([name, d]) => [
          name,
          d.succeeded,
          d.refused,
          d.other,
          d.ordersPerSecond,
          d.p99,
          d.cpuUs,
          d.lowestStock,
          d.oversold ? 'YES' : 'no',
          d.floor.p99,
          d.floor.cpuUs,
          d.bareFloor.p99,
          d.bareFloor.cpuUs,
        ]),
      );
      if (process.argv.includes('--cpu-prof')) {
        for (const [name, d] of drops) {
          console.log(
            `The ${name} in the server's CPU profile: npx tsx bench/profile.ts <profile> --from ${d.window.from} --to ${d.window.to}`,
          );
        }
      }
    }
    const mixed = scenarios.has('mixed')
      ? await mixedLoad({
          url: server.url,
          db: database.db,
          productIds: ids,
          seconds: mixedSeconds,
          visitors,
          thinkMs,
          serverPid: server.child.pid,
        })
      : undefined;
    if (mixed) {
      console.log(
        `\nMixed load: ${mixed.visitors} visitors pausing ${mixed.thinkMs} ms on average between steps, for ${mixed.seconds} s (${mixed.actionsPerSecond} steps/s, server CPU ${mixed.serverCpu} of a core, its event loop's delay p99 ${mixed.serverLagP99 ?? '?'} ms; this benchmark ${mixed.clientCpu} of a core, its event loop's delay p99 ${mixed.clientLagP99} ms), a drop of 20 one-of-a-kind items halfway (load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}):`,
      );
      printTable(
        ['action', 'count', 'p50 ms', 'p99 ms', 'refused', 'failed'],
        mixed.actions.map((a) => [a.action, a.count, a.p50, a.p99, a.refused, a.failed]),
      );
      console.log(
        `Orders placed ${mixed.ordersPlaced} (${mixed.ordersPerSecond}/s), paid ${mixed.ordersPaid}; drop: ${mixed.dropOrders} orders, ${mixed.dropSoldOut} of 20 sold out, oversold ${mixed.oversold ? 'YES' : 'no'}; browsing after the drop: p50 ${mixed.browseAfterDrop.p50} ms, p99 ${mixed.browseAfterDrop.p99} ms (${mixed.browseAfterDrop.count} requests)`,
      );
      const { browseDropSecond: inDrop, browseOutsideDropSecond: outside } = mixed;
      console.log(
        `Browsing in the drop's first second: p99 ${inDrop.p99} ms (${inDrop.count} requests); the rest of the run: p99 ${outside.p99} ms (${outside.count} requests)`,
      );
      if (process.argv.includes('--cpu-prof')) {
        console.log(
          `The drop's first second in the server's CPU profile: npx tsx bench/profile.ts <profile> --from ${mixed.dropWindow.from} --to ${mixed.dropWindow.to}`,
        );
      }
      if (Object.keys(mixed.unexpected).length) console.log('Unexpected answers:', mixed.unexpected);
    }
    const wholeRssMb = wholeRunRss();
    console.log(`\nServer's peak resident memory over the whole run (every scenario): ${wholeRssMb} MB`);
    // the server's own warnings and errors (JSON lines; its start-up banner is not one): a run that
    // logged them measured a server that was failing at something
    const logged = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    if (logged.length) {
      console.log(`\nThe server logged ${logged.length} warnings or errors; the first ones:`);
      for (const line of logged.slice(0, 5)) console.log(line.slice(0, 400));
    }
    const snapshot = await heapSnapshot(server.child.pid);
    if (snapshot) console.log(`The server's heap after the run: ${snapshot}`);
    const file = writeResults(`api-${dbKind}`, {
      wholeRssMb,
      date: new Date().toISOString(),
      dbKind,
      mode,
      mixed,
      products: ids.length,
      connections,
      duration,
      rows,
      rssMb,
      loadAverage: os.loadavg(),
      contention,
    });
    console.log(`\nResults written to ${file}`);
  } finally {
    await reference.stop();
    await server.stop();
    await database.db.destroy();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Mobile prefixes the phone check accepts (Safaricom, Airtel, Telkom ranges, 07… and 01…). */
const MOBILE_PREFIXES = [
  '0710',
  '0712',
  '0722',
  '0729',
  '0733',
  '0740',
  '0746',
  '0757',
  '0768',
  '0790',
  '0799',
  '0110',
  '0115',
];

/**
 * The k-th shopper's own mobile number (distinct for every k below a million), written the ways
 * people type one: `0712345678`, `0712 345 678`, `+254712345678`.
 */
function shopperPhone(k: number): string {
  const prefix = MOBILE_PREFIXES[k % MOBILE_PREFIXES.length];
  // 7,919 is prime to 1,000,000: k ↦ rest is one-to-one, so no two shoppers share a number
  const rest = String((k * 7919 + 104729) % 1_000_000).padStart(6, '0');
  const phone =
    k % 3 === 1
      ? `${prefix} ${rest.slice(0, 3)} ${rest.slice(3)}`
      : k % 3 === 2
        ? `+254${prefix.slice(1)}${rest}`
        : `${prefix}${rest}`;
  // a number the server refused would be counted as a refusal of the rush: none may be
  if (!normaliseKenyanPhone(phone)) throw new Error(`the bench made an invalid phone number: ${phone}`);
  return phone;
}

/** One-of-a-kind items for a rush (stock 1 each). */
async function contendedItems(db: Db, count: number, label: string): Promise<number[]> {
  const at = new Date().toISOString();
  const items: number[] = [];
  for (let i = 0; i < count; i++) {
    const row = await db
      .insertInto('products')
      .values({
        name: `${label} ${i}`,
        description: 'one of a kind',
        price_cents: 50000,
        stock_quantity: 1,
        size: 'M',
        brand: null,
        condition: 'good',
        color: 'blue',
        search_text: `${label.toLowerCase()} ${i}`,
        created_at: at,
        updated_at: at,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    items.push(row.id);
  }
  return items;
}

let shoppersSoFar = 0;

/** Unmeasured drops between the two measured ones: a shop that has had a few drops since it started. */
const EARLIER_DROPS = 5;

/**
 * `count` requests at once, each on a new connection (`send(i)` makes the i-th). Gives each
 * answer's status and time, the server's CPU per request over the burst (a figure blind to the
 * machine's load, unlike the latency) and the burst's span on the monotonic clock in µs, the time
 * base of the server's --cpu-prof samples.
 */
async function burst(count: number, serverPid: number | undefined, send: (i: number) => Promise<Answer>) {
  const latencies: number[] = [];
  const cpuBefore = processCpuMs(serverPid);
  const started = performance.now();
  const from = process.hrtime.bigint() / 1000n;
  const results = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const t0 = performance.now();
      const res = await send(i);
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      return res.status;
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpuUs = Math.round(((processCpuMs(serverPid) - cpuBefore) * 1000) / count);
  const window = { from: Number(from), to: Number(process.hrtime.bigint() / 1000n) };
  return { results, latencies, elapsed, cpuUs, window };
}

/**
 * A rush: `count` signed-in customers, each with a mobile number of their own, send
 * `POST /api/orders` at once, customer i for item i mod items.length.
 */
async function rush(url: string, db: Db, serverPid: number | undefined, items: number[], count: number) {
  const buyers: { token: string; phone: string }[] = [];
  for (let i = 0; i < count; i++) {
    const user = await createUser(db, { verified: true });
    buyers.push({ ...user, phone: shopperPhone(shoppersSoFar++) });
  }
  return burst(count, serverPid, (i) =>
    visit(`${url}/api/orders`, {
      fresh: true,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${buyers[i].token}` },
      body: JSON.stringify({
        items: [{ product_id: items[i % items.length], quantity: 1 }],
        shipping_address: 'CBD Delivery',
        shipping_phone: buyers[i].phone,
        discount_code: null,
      }),
    }),
  );
}

/**
 * The floor under a rush: as many `GET /api/health` at once, each on a connection of its own
 * (accepting, HTTP, the app's hooks and closing, without an order's work). Its p99 and CPU per
 * request beside the rush's show what the orders themselves add.
 */
async function healthRush(url: string, serverPid: number | undefined, count: number, healthPath = '/api/health') {
  const { results, latencies, cpuUs } = await burst(count, serverPid, () =>
    visit(`${url}${healthPath}`, { fresh: true }),
  );
  const failed = results.find((s) => s !== 200);
  if (failed !== undefined) throw new Error(`the health check answered ${failed}`);
  return { p99: Math.round(percentile(latencies, 99)), cpuUs };
}

/** The bare reference (bench/reference.ts): its health check on new connections is any Node server's floor. */
interface Bare {
  url: string;
  pid: number | undefined;
}

/**
 * One drop: the floor measured (the app's, then the bare reference's), then `--customers`
 * customers at once for 20 new one-of-a-kind items.
 */
async function drop(url: string, db: Db, serverPid: number | undefined, bare: Bare) {
  const floor = await healthRush(url, serverPid, customers);
  const bareFloor = await healthRush(bare.url, bare.pid, customers, '/health');
  const items = await contendedItems(db, 20, 'Contended item');
  const { results, latencies, elapsed, cpuUs, window } = await rush(url, db, serverPid, items, customers);
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
    cpuUs,
    lowestStock,
    oversold: succeeded > items.length || lowestStock < 0,
    window,
    floor,
    bareFloor,
  };
}

/**
 * Checkout contention, measured twice. First as a shop meets it soon after a start: an
 * unmeasured rush of 40 customers for 4 other one-of-a-kind items, then the measured drop. Then
 * as a shop open all day meets it: after EARLIER_DROPS more drops (unmeasured), by which time
 * V8 has optimised the order path, the measured drop again.
 */
async function checkoutContention(url: string, db: Db, serverPid: number | undefined, bare: Bare) {
  const warm = await rush(url, db, serverPid, await contendedItems(db, 4, 'Warm-up item'), 40);
  if (warm.results.filter((s) => s === 201).length !== 4 || warm.results.some((s) => s !== 201 && s !== 422)) {
    throw new Error(`the warm-up rush did not place 4 orders and refuse the rest: ${warm.results.join(' ')}`);
  }
  const first = await drop(url, db, serverPid, bare);
  for (let d = 0; d < EARLIER_DROPS; d++) {
    const earlier = await drop(url, db, serverPid, bare);
    if (earlier.succeeded !== 20 || earlier.other > 0) {
      throw new Error(`an unmeasured drop placed ${earlier.succeeded} orders and failed ${earlier.other}`);
    }
  }
  const later = await drop(url, db, serverPid, bare);
  return { first, later };
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
