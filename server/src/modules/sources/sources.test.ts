import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { orderableProduct, orderBody, orderRow, setOrderState } from '../../../test/order-fixtures.js';
import { arrivalSource, keptSource, normaliseSource, sourceLabel } from './source.js';

describe('where a shopper came from', () => {
  const own = 'shop.test';
  const q = (query: string) => new URLSearchParams(query);

  it('reads share-link codes and utm_source in the shop’s names', () => {
    expect(arrivalSource(q('src=wa'), undefined, own)).toBe('whatsapp');
    expect(arrivalSource(q('utm_source=Instagram&utm_medium=bio'), undefined, own)).toBe('instagram');
    expect(arrivalSource(q('utm_source=kenyan-blog'), undefined, own)).toBe('kenyan-blog');
    // the short code wins over a utm_source on the same link
    expect(arrivalSource(q('src=tt&utm_source=google'), undefined, own)).toBe('tiktok');
    // the installed app's start address (web/public/manifest.webmanifest)
    expect(arrivalSource(q('src=pwa'), undefined, own)).toBe('pwa');
    expect(sourceLabel('pwa')).toBe('Installed app');
  });

  it('falls back on the referring site, never the shop itself', () => {
    expect(arrivalSource(q(''), 'https://l.facebook.com/l.php?u=x', own)).toBe('facebook');
    expect(arrivalSource(q(''), 'https://www.google.co.ke/', own)).toBe('google');
    expect(arrivalSource(q(''), 'http://shop.test/products', own)).toBeUndefined();
    expect(arrivalSource(q(''), 'https://unknown.example/', own)).toBeUndefined();
    expect(arrivalSource(q(''), 'not a url', own)).toBeUndefined();
  });

  it('refuses values that are not short plain names', () => {
    for (const bad of ['<script>', 'a b', '', 'x'.repeat(41), '../etc', 'wa"']) {
      expect(normaliseSource(bad)).toBeUndefined();
    }
    expect(keptSource('other=1; mtumba_source=%3Cscript%3E')).toBeUndefined();
    expect(keptSource('mtumba_source=%E0%A4%A')).toBeUndefined();
    expect(keptSource('a=b; mtumba_source=whatsapp')).toBe('whatsapp');
  });
});

describe('orders by source', () => {
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = bearer((await createUser(t.db, { admin: true })).token);
  });
  afterAll(async () => {
    await t?.close();
  });

  const sourceRow = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard?range=7d', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().sources as { source: string; label: string; orders: number; visits: number | null }[]).find(
      (s) => s.source === 'whatsapp',
    );
  };

  it('keeps the first source in a cookie, writes it on the order, and counts it on the dashboard and in the CSV', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/products?src=wa' });
    const cookie = String(first.headers['set-cookie'] ?? '');
    expect(cookie).toMatch(/^mtumba_source=whatsapp;/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');

    // a later link from elsewhere does not replace it, and is not counted again
    const later = await t.app.inject({
      method: 'GET',
      url: '/products?utm_source=instagram',
      headers: { cookie: 'mtumba_source=whatsapp' },
    });
    expect(later.headers['set-cookie']).toBeUndefined();

    const shopper = await createUser(t.db);
    const product = await orderableProduct(t.db, { priceCents: 700_00, stock: 1 });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...bearer(shopper.token), cookie: 'theme=dark; mtumba_source=whatsapp' },
      payload: orderBody([{ product_id: product.id, quantity: 1 }]),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order.id as number;
    expect((await orderRow(t.db, orderId)).source).toBe('whatsapp');

    // placed but not paid: not a sale yet
    expect((await sourceRow())?.orders ?? 0).toBe(0);
    await setOrderState(t.db, orderId, { order_status: 'processing' });
    expect(await sourceRow()).toMatchObject({ label: 'WhatsApp', orders: 1, visits: 1, conversion: 1 });

    const csv = await t.app.inject({ method: 'GET', url: '/api/admin/orders.csv?range=7d', headers: admin });
    expect(csv.statusCode).toBe(200);
    const [header, ...lines] = csv.body.trim().split('\n');
    const column = header!.split(',').indexOf('source');
    expect(column).toBeGreaterThan(0);
    expect(lines.find((l) => l.startsWith(`${orderId},`))?.split(',')[column]).toBe('whatsapp');
  });

  it('places an order with a forged source cookie as one from nowhere', async () => {
    const shopper = await createUser(t.db);
    const product = await orderableProduct(t.db, { priceCents: 200_00, stock: 1 });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...bearer(shopper.token), cookie: 'mtumba_source=%3Cimg%20src%3Dx%3E' },
      payload: orderBody([{ product_id: product.id, quantity: 1 }]),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await orderRow(t.db, placed.json().order.id)).source).toBeNull();
  });
});
