import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PRODUCT_CONDITIONS } from '@mtumba/contract';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB, testConfig, type TestDatabase } from '../../test/helpers.js';
import type { Config } from '../config.js';
import { verifyPassword } from '../lib/passwords.js';
import { imageFiles } from '../modules/catalog/images.js';
import { demoImageJobs, generateProducts, insertProducts, storeGarmentImages } from './catalogue.js';
import { PHOTO_CACHE_VERSION, PhotoCache } from './photo-cache.js';
import { GARMENT_IMAGE_HEIGHT, GARMENT_IMAGE_WIDTH, GARMENT_KINDS, garmentSvg, renderGarment } from './garments.js';
import { seedDemo, seedIfEmpty, type SeedResult } from './index.js';

/** A logger that keeps what it was told, and the notices the seed printed. */
function capture() {
  const logs: { msg: string; [key: string]: unknown }[] = [];
  const printed: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => logs.push(JSON.parse(line)) });
  return { log, logs, printed, print: (text: string) => printed.push(text) };
}

/** The credentials a notice shows: "Sign in as admin: email / password". */
function credentials(notice: string, role: 'admin' | 'customer'): { email: string; password: string } | undefined {
  const match = new RegExp(`Sign in as ${role}: (\\S+) / (\\S+)`).exec(notice);
  return match ? { email: match[1], password: match[2] } : undefined;
}

describe(`demo shop seed on ${TEST_DB}`, () => {
  let database: TestDatabase;
  let config: Config;
  let result: SeedResult;
  const out = capture();

  beforeAll(async () => {
    database = await createTestDatabase();
    config = testConfig(database.dataDir);
    result = await seedIfEmpty(database.db, config, out.log, { print: out.print });
  }, 180_000);
  afterAll(async () => {
    await database?.drop();
  });

  it('fills an empty database and says how long it took', () => {
    expect(result.seeded).toBe(true);
    expect(result.demo).toMatchObject({ orders: 4 });
    const done = out.logs.find((l) => l.msg.startsWith('demo shop seeded in'));
    expect(done).toMatchObject({ products: result.demo!.products, categories: result.demo!.categories });
  });

  it('creates at least 8 categories, each with products', async () => {
    const rows = await database.db
      .selectFrom('categories')
      .leftJoin('product_categories', 'product_categories.category_id', 'categories.id')
      .select(['categories.name', (eb) => eb.fn.count<number>('product_categories.product_id').as('products')])
      .groupBy('categories.name')
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['Dresses', 'Shoes', 'Kitenge & Traditional']));
    for (const row of rows) expect(Number(row.products)).toBeGreaterThan(0);
  });

  it('creates 80+ second-hand products priced Ksh 150 to 4,500, mostly one of a kind', async () => {
    const products = await database.db.selectFrom('products').selectAll().execute();
    expect(products.length).toBeGreaterThanOrEqual(80);
    for (const p of products) {
      expect(p.price_cents).toBeGreaterThanOrEqual(150_00);
      expect(p.price_cents).toBeLessThanOrEqual(4500_00);
      expect(PRODUCT_CONDITIONS).toContain(p.condition);
      expect(p.name.length).toBeGreaterThan(5);
      expect(p.description.length).toBeGreaterThan(30);
      expect(p.color).toBeTruthy();
      expect(p.search_text).toBe([p.name, p.brand ?? '', p.description].join(' ').toLowerCase());
    }
    const stock = products.map((p) => p.stock_quantity);
    expect(stock.filter((s) => s === 0).length).toBeGreaterThan(0);
    expect(stock.filter((s) => s > 1).length).toBeGreaterThan(0);
    expect(stock.filter((s) => s === 1).length).toBeGreaterThan(products.length / 2);
    expect(new Set(products.map((p) => p.brand)).size).toBeGreaterThan(10);
    expect(products.filter((p) => p.is_featured && p.stock_quantity > 0).length).toBeGreaterThanOrEqual(8);
    expect(products.filter((p) => p.is_trending).length).toBeGreaterThan(0);
    // spread over recent weeks, so "newest" means something
    const days = products.map((p) => new Date(p.created_at).getTime() / 86_400_000);
    expect(Math.max(...days) - Math.min(...days)).toBeGreaterThan(14);
    expect(new Set(products.map((p) => p.created_at)).size).toBe(products.length);
  });

  it('puts every product in one or two categories', async () => {
    const rows = await database.db
      .selectFrom('products')
      .leftJoin('product_categories', 'product_categories.product_id', 'products.id')
      .select(['products.id', (eb) => eb.fn.count<number>('product_categories.category_id').as('n')])
      .groupBy('products.id')
      .execute();
    for (const row of rows) expect([1, 2]).toContain(Number(row.n));
    expect(rows.some((r) => Number(r.n) === 2)).toBe(true);
  });

  it('gives every product 1-4 images in order, whose files are in the upload directory', async () => {
    const images = await database.db
      .selectFrom('product_images')
      .select(['product_id', 'position', 'file_key', 'width', 'height'])
      .orderBy('product_id')
      .orderBy('position')
      .execute();
    const byProduct = new Map<number, typeof images>();
    for (const image of images) byProduct.set(image.product_id, [...(byProduct.get(image.product_id) ?? []), image]);
    expect(byProduct.size).toBe(result.demo!.products);
    for (const list of byProduct.values()) {
      expect(list.length).toBeGreaterThanOrEqual(1);
      expect(list.length).toBeLessThanOrEqual(4);
      expect(list.map((i) => i.position)).toEqual(list.map((_i, k) => k));
    }
    expect([...byProduct.values()].some((list) => list.length >= 3)).toBe(true);
    const keys = new Set(images.map((i) => i.file_key));
    expect(keys.size).toBe(result.demo!.images);
    for (const key of keys) {
      for (const file of imageFiles(key)) expect(fs.existsSync(path.join(config.uploadDir, file))).toBe(true);
    }
    const sample = images[0];
    const meta = await sharp(path.join(config.uploadDir, `${sample.file_key}-640.webp`)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: sample.width, height: sample.height });
  });

  it('creates the admin and a verified demo customer whose printed passwords work', async () => {
    expect(out.printed).toHaveLength(1);
    const notice = out.printed[0];
    expect(notice).toContain(config.appUrl);
    const admin = credentials(notice, 'admin');
    const customer = credentials(notice, 'customer');
    expect(admin?.email).toBe('admin@mtumba.local');
    expect(customer?.email).toBe('customer@mtumba.local');

    const users = await database.db.selectFrom('users').selectAll().execute();
    const adminRow = users.find((u) => u.email === admin!.email)!;
    const customerRow = users.find((u) => u.email === customer!.email)!;
    expect(adminRow.is_admin).toBe(1);
    expect(customerRow.is_admin).toBe(0);
    expect(customerRow.email_verified_at).not.toBeNull();
    expect(await verifyPassword(adminRow.password_hash!, admin!.password)).toBe(true);
    expect(await verifyPassword(customerRow.password_hash!, customer!.password)).toBe(true);
    expect(await verifyPassword(adminRow.password_hash!, customer!.password)).toBe(false);
    expect(users.filter((u) => u.is_admin)).toHaveLength(1);
  });

  it('has reviews only from customers who received the product, with consistent ratings', async () => {
    const reviews = await database.db.selectFrom('reviews').selectAll().execute();
    expect(reviews.length).toBe(result.demo!.reviews);
    expect(reviews.length).toBeGreaterThanOrEqual(8);
    expect(new Set(reviews.map((r) => r.rating)).size).toBeGreaterThan(2);
    const delivered = await database.db
      .selectFrom('orders')
      .innerJoin('order_items', 'order_items.order_id', 'orders.id')
      .select(['orders.user_id', 'order_items.product_id', 'orders.created_at'])
      .where('orders.order_status', '=', 'delivered')
      .where('orders.payment_status', '=', 'paid')
      .execute();
    for (const review of reviews) {
      const bought = delivered.find((d) => d.user_id === review.user_id && d.product_id === review.product_id);
      expect(bought).toBeDefined();
      expect(review.created_at > bought!.created_at).toBe(true);
    }
    const products = await database.db
      .selectFrom('products')
      .select(['id', 'review_count', 'rating_sum', 'created_at'])
      .execute();
    for (const p of products) {
      const own = reviews.filter((r) => r.product_id === p.id);
      expect(p.review_count).toBe(own.length);
      expect(p.rating_sum).toBe(own.reduce((s, r) => s + r.rating, 0));
    }
    // listed before anyone could buy it
    for (const d of delivered)
      expect(products.find((p) => p.id === d.product_id)!.created_at < d.created_at).toBe(true);
  });

  it('prices the reviewers’ orders by the shop’s rules and records their history', async () => {
    const orders = await database.db.selectFrom('orders').selectAll().execute();
    expect(orders.length).toBe(4);
    for (const order of orders) {
      const items = await database.db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).execute();
      const subtotal = items.reduce((s, i) => s + i.unit_price_cents * i.quantity, 0);
      expect(order.subtotal_cents).toBe(subtotal);
      expect(order.total_cents).toBe(subtotal - order.discount_cents + order.delivery_fee_cents);
      expect(JSON.parse(order.applied_discounts)).toContain('WELCOME10 - 10% Off First Order');
      expect(order).toMatchObject({
        shipping_address: 'CBD Delivery',
        order_status: 'delivered',
        payment_status: 'paid',
      });
      expect(order.shipping_phone).toMatch(/^\+2547\d{8}$/);
      const history = await database.db
        .selectFrom('order_history')
        .select(['from_status', 'to_status'])
        .where('order_id', '=', order.id)
        .orderBy('created_at')
        .execute();
      expect(history.map((h) => h.to_status)).toEqual(['pending', 'processing', 'shipped', 'delivered']);
    }
  });

  it('does nothing the second time', async () => {
    const again = capture();
    const count = async () =>
      (
        await database.db
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = Number(await count());
    const second = await seedIfEmpty(database.db, config, again.log, { print: again.print });
    expect(second.seeded).toBe(false);
    expect(Number(await count())).toBe(before);
    expect(again.printed).toEqual([]);
  });

  it('adds the demo catalogue on top of what is there, plus extra generated products', async () => {
    const out = capture();
    const before = (await database.db.selectFrom('products').select('id').execute()).length;
    const counts = await seedDemo(database.db, config, out.log, { extraProducts: 50 });
    const after = (await database.db.selectFrom('products').select('id').execute()).length;
    expect(after - before).toBe(counts.products);
    expect(counts.products).toBeGreaterThanOrEqual(130);
    // categories are reused by name, not duplicated
    const names = (await database.db.selectFrom('categories').select('name').execute()).map((c) => c.name);
    expect(names.filter((n) => n === 'Dresses')).toHaveLength(1);
    expect(out.logs.some((l) => l.msg.startsWith('demo catalogue added in'))).toBe(true);
  }, 180_000);
});

describe(`seeding an empty database on ${TEST_DB}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('with SEED_DEMO=0 creates only the admin, once, even when two instances start together', async () => {
    const config = testConfig(database.dataDir, { SEED_DEMO: '0' });
    const out = capture();
    const results = await Promise.all([
      seedIfEmpty(database.db, config, out.log, { print: out.print }),
      seedIfEmpty(database.db, config, out.log, { print: out.print }),
    ]);
    expect(results.filter((r) => r.seeded)).toHaveLength(1);
    expect(out.printed).toHaveLength(1);
    expect(credentials(out.printed[0], 'admin')?.email).toBe('admin@mtumba.local');
    expect(credentials(out.printed[0], 'customer')).toBeUndefined();
    const users = await database.db.selectFrom('users').select(['email', 'is_admin']).execute();
    expect(users).toEqual([{ email: 'admin@mtumba.local', is_admin: 1 }]);
    expect(await database.db.selectFrom('products').select('id').execute()).toEqual([]);
    expect(await database.db.selectFrom('categories').select('id').execute()).toEqual([]);
  });
});

describe(`seed accounts from the configuration on ${TEST_DB}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('uses ADMIN_EMAIL/ADMIN_PASSWORD and never prints a configured password', async () => {
    const config = testConfig(database.dataDir, {
      SEED_DEMO: 'false',
      ADMIN_EMAIL: 'Owner@Shop.example',
      ADMIN_PASSWORD: 'a very secret phrase',
    });
    const out = capture();
    await seedIfEmpty(database.db, config, out.log, { print: out.print });
    const admin = await database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'owner@shop.example')
      .executeTakeFirstOrThrow();
    expect(admin.is_admin).toBe(1);
    expect(await verifyPassword(admin.password_hash!, 'a very secret phrase')).toBe(true);
    expect(out.printed[0]).toContain('owner@shop.example');
    expect(out.printed[0]).not.toContain('a very secret phrase');
  });

  it('in production never prints a made-up password, only how to choose one through a one-time link', async () => {
    const other = await createTestDatabase();
    try {
      const config = testConfig(other.dataDir, {
        NODE_ENV: 'production',
        SEED_DEMO: '0',
        ALLOW_SANDBOX_PAYMENTS: '1',
        PAYMENT_WEBHOOK_SECRET: 'h8Gq2LwZ5xTn0RvK7cBm4YpJ9sDf3NaE6uQk1VtW',
        MAIL_URL: 'smtp://mail.example.com:587',
        VAPID_PUBLIC_KEY: 'BB8kvN01f38Sa77jn4ks4WeWj3I5DpwZSvcAU9czGz-HInSWuDxljykjI-pLwz7VA72rWt9he4uIUkI3Y7jTm0w',
        VAPID_PRIVATE_KEY: 'ddP9YcsF9Hm3cb62_oSzUjx3_xZHJ2GoeiBSCt2BZS0',
        VAPID_SUBJECT: 'mailto:shop@example.com',
      });
      const out = capture();
      await seedIfEmpty(other.db, config, out.log, { print: out.print });
      expect(out.printed).toHaveLength(1);
      expect(credentials(out.printed[0], 'admin')).toBeUndefined();
      expect(out.printed[0]).toContain('npm run admin -- reset-password admin@mtumba.local');
      const admin = await other.db
        .selectFrom('users')
        .select(['is_admin', 'password_hash'])
        .where('email', '=', 'admin@mtumba.local')
        .executeTakeFirstOrThrow();
      expect(admin.is_admin).toBe(1);
      // Nothing printed or logged opens the account.
      const words = [...out.printed, ...out.logs.map((l) => JSON.stringify(l))].join(' ').split(/[\s"',()/:]+/);
      for (const word of words.filter((w) => w.length >= 8)) {
        expect(await verifyPassword(admin.password_hash!, word), word).toBe(false);
      }
    } finally {
      await other.drop();
    }
  });

  it('leaves a database that already has an account alone', async () => {
    const other = await createTestDatabase();
    try {
      const at = new Date().toISOString();
      await other.db
        .insertInto('users')
        .values({
          name: 'Existing',
          email: 'someone@example.com',
          password_hash: null,
          is_admin: 0,
          email_verified_at: null,
          google_sub: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
      const out = capture();
      const result = await seedIfEmpty(other.db, testConfig(other.dataDir), out.log, { print: out.print });
      expect(result.seeded).toBe(false);
      expect(await other.db.selectFrom('products').select('id').execute()).toEqual([]);
      expect(out.printed).toEqual([]);
    } finally {
      await other.drop();
    }
  });
});

describe(`bulk products for load tests on ${TEST_DB}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('generates plausible products and inserts them with their categories and images', async () => {
    const at = new Date().toISOString();
    const categories = await database.db
      .insertInto('categories')
      .values(
        ['Dresses', 'Shoes'].map((name) => ({ name, name_key: name.toLowerCase(), created_at: at, updated_at: at })),
      )
      .returning(['id', 'name'])
      .execute();
    const images = [
      { file_key: 'a'.repeat(32), width: 640, height: 800 },
      { file_key: 'b'.repeat(32), width: 640, height: 800 },
    ];
    const seeds = generateProducts(600, { categories, images, seed: 3 });
    expect(seeds).toHaveLength(600);
    for (const s of seeds) {
      expect(s.row.price_cents).toBeGreaterThanOrEqual(150_00);
      expect(s.row.price_cents).toBeLessThanOrEqual(4500_00);
      expect(s.images.length).toBeGreaterThanOrEqual(1);
      expect(s.images.length).toBeLessThanOrEqual(2);
    }
    expect(generateProducts(5, { categories, images, seed: 3 }).map((s) => s.row.name)).toEqual(
      seeds.slice(0, 5).map((s) => s.row.name),
    );

    const ids = await insertProducts(database.db, seeds, 250);
    expect(ids).toHaveLength(600);
    const rows = await database.db.selectFrom('products').select(['id', 'name', 'price_cents']).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    ids.forEach((id, i) =>
      expect(byId.get(id)).toMatchObject({ name: seeds[i].row.name, price_cents: seeds[i].row.price_cents }),
    );
    const links = await database.db.selectFrom('product_categories').selectAll().execute();
    expect(links).toHaveLength(600);
    const shoe = seeds.findIndex((s) => s.row.name.endsWith('Sneakers'));
    expect(links.find((l) => l.product_id === ids[shoe])?.category_id).toBe(
      categories.find((c) => c.name === 'Shoes')!.id,
    );
    const imageRows = await database.db.selectFrom('product_images').select('id').execute();
    expect(imageRows).toHaveLength(seeds.reduce((n, s) => n + s.images.length, 0));
  });
});

describe('garment drawings', () => {
  it('draws every kind of garment from every side as an SVG that renders', async () => {
    for (const kind of GARMENT_KINDS) {
      const look = { kind, color: '#3f5f8a', pattern: 'kitenge' as const };
      for (const view of ['front', 'back', 'detail', 'fabric'] as const) {
        const svg = garmentSvg(look, view);
        expect(svg).toMatch(/^<svg [^>]*viewBox="[\d. ]+">.*<\/svg>$/s);
        expect(garmentSvg(look, view)).toBe(svg);
      }
      const png = await renderGarment({ ...look, kids: kind === 'tshirt' }, 'front');
      const meta = await sharp(png).metadata();
      expect(meta).toMatchObject({ format: 'png', width: GARMENT_IMAGE_WIDTH, height: GARMENT_IMAGE_HEIGHT });
    }
  });

  it('gives different garments, colours and sides different pictures', () => {
    const a = garmentSvg({ kind: 'dress', color: '#b8322f' }, 'front');
    expect(garmentSvg({ kind: 'dress', color: '#1f2f4f' }, 'front')).not.toBe(a);
    expect(garmentSvg({ kind: 'skirt', color: '#b8322f' }, 'front')).not.toBe(a);
    expect(garmentSvg({ kind: 'dress', color: '#b8322f' }, 'back')).not.toBe(a);
    // the same cloth gives the same swatch whatever it was made into
    expect(garmentSvg({ kind: 'dress', color: '#b8322f' }, 'fabric')).toBe(
      garmentSvg({ kind: 'skirt', color: '#b8322f' }, 'fabric'),
    );
  });
});

describe('demo photos made once', () => {
  it('are kept in the photo cache by one shop and copied from it, not drawn again, into the next', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mtumba-photo-cache-'));
    try {
      const cache = new PhotoCache(path.join(root, 'cache'));
      const jobs = demoImageJobs()
        .flat()
        .filter(
          (job, i, all) => all.findIndex((j) => garmentSvg(j.look, j.view) === garmentSvg(job.look, job.view)) === i,
        )
        .slice(0, 3);
      const first = await storeGarmentImages(jobs, path.join(root, 'shop-1'), 2, cache);
      const kept = fs.readdirSync(path.join(root, 'cache', PHOTO_CACHE_VERSION));
      for (const image of first) expect(kept).toEqual(expect.arrayContaining(imageFiles(image.file_key)));
      expect(kept.filter((f) => f.endsWith('.json'))).toHaveLength(3);

      // Mark one kept file: the next shop's copy must be the cache's, byte for byte.
      const marked = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff00ff' } })
        .webp()
        .toBuffer();
      const file = imageFiles(first[0]!.file_key)[0]!;
      fs.writeFileSync(path.join(root, 'cache', PHOTO_CACHE_VERSION, file), marked);
      const second = await storeGarmentImages(jobs, path.join(root, 'shop-2'), 2, cache);
      expect(second).toEqual(first);
      expect(fs.readFileSync(path.join(root, 'shop-2', file))).toEqual(marked);
      for (const image of second) {
        for (const f of imageFiles(image.file_key)) expect(fs.existsSync(path.join(root, 'shop-2', f))).toBe(true);
      }
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
