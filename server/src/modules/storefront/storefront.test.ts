import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { insertCategory, insertProduct, QueryCounter } from '../../../test/catalog.js';
import { bearer, createTestDatabase, createUser, testConfig, type TestDatabase } from '../../../test/helpers.js';
import { orderBody } from '../../../test/order-fixtures.js';
import { jsonLdOf, schemaOrgProblems } from '../../../test/schema-org.js';
import type { FastifyInstance } from 'fastify';
import { softDeleteProduct } from '../../../test/cart-fixtures.js';
import { listingContext } from '../listing/context.js';
import { publishDueProducts } from '../listing/publishing.js';

// The storefront rendered from the web app's sources (the same server entry the build makes), into
// the web app's own index.html: what a browser with JavaScript off, or a search engine, receives.
const webRoot = path.resolve(import.meta.dirname, '../../../../web');

let database: TestDatabase;
let app: FastifyInstance;
/** counts the app's queries (the test's own writes go through the plain handle) */
const counter = new QueryCounter();

beforeAll(async () => {
  database = await createTestDatabase();
  const dist = path.join(database.dataDir, 'web-dist');
  fs.mkdirSync(dist, { recursive: true });
  fs.copyFileSync(path.join(webRoot, 'index.html'), path.join(dist, 'index.html'));
  const config = testConfig(database.dataDir, { WEB_DIST_DIR: dist, SHOP_NAME: 'Mtumba' });
  app = await buildApp({
    config,
    db: database.db.withPlugin(counter),
    logger: false,
    jobs: false,
    ssrEntry: path.join(webRoot, 'src', 'entry-server.tsx'),
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

// Scripts the page itself runs: the CSP allows only files, so nothing inline may be needed to
// show the page (content React streams in later arrives hidden, waiting for such a script).
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>/;

const page = async (url: string) => {
  const res = await app.inject({ method: 'GET', url });
  expect(res.body).not.toMatch(INLINE_SCRIPT);
  expect(res.body).not.toContain('<div hidden id="S:');
  // nothing left for the browser to draw (a part that suspended), the first page a server draws included
  expect(res.body).not.toContain('<!--$!-->');
  return { status: res.statusCode, html: res.body, type: String(res.headers['content-type']) };
};

const productOf = (html: string) =>
  jsonLdOf(html).find((ld) => ld['@type'] === 'Product') as
    | {
        offers: { availability: string; price: string; priceCurrency: string };
        itemCondition: string;
        image?: string[];
      }
    | undefined;

describe('server-rendered product page', () => {
  it('has the name, Ksh price, photo, canonical link and JSON-LD; SoldOut once the item is ordered', async () => {
    const categoryId = await insertCategory(database.db, 'Jackets');
    const id = await insertProduct(database.db, {
      name: 'Denim jacket <vintage> & co',
      description: 'A faded Levi’s trucker jacket.',
      price_cents: 1250_00,
      stock_quantity: 1,
      condition: 'like new',
      brand: 'Levi’s',
      size: 'M',
      categories: [categoryId],
      images: ['denim-photo'],
    });

    const before = await page(`/products/${id}`);
    expect(before.status).toBe(200);
    expect(before.type).toContain('text/html');
    // Drawn in the HTML, escaped, not left to JavaScript
    expect(before.html).toContain('<h1 class="h2">Denim jacket &lt;vintage&gt; &amp; co</h1>');
    expect(before.html).toContain('Ksh 1,250');
    expect(before.html).toMatch(
      /<img[^>]+src="\/uploads\/denim-photo[^"]*"[^>]*fetchPriority="high"|<img[^>]+fetchPriority="high"[^>]+src="\/uploads\/denim-photo/i,
    );
    expect(before.html).toContain(`<link rel="canonical" href="http://shop.test/products/${id}">`);
    expect(before.html).toContain('<title>Denim jacket &lt;vintage&gt; &amp; co — Mtumba</title>');
    expect(before.html).toMatch(/<meta property="og:image" content="http:\/\/shop\.test\/uploads\/denim-photo/);
    expect(before.html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(before.html).toMatch(/<meta name="description" content="Ksh 1,250\. A faded Levi’s trucker jacket\.">/);
    // the data the page was drawn from, for the browser to hydrate with
    expect(before.html).toContain('<script id="app-state" type="application/json">');

    const ld = jsonLdOf(before.html);
    expect(ld.map((x) => x['@type']).sort()).toEqual(['BreadcrumbList', 'Organization', 'Product']);
    for (const item of ld) expect(schemaOrgProblems(item)).toEqual([]);
    const product = productOf(before.html)!;
    expect(product.offers).toMatchObject({
      price: '1250.00',
      priceCurrency: 'KES',
      availability: 'https://schema.org/InStock',
    });
    expect(product.itemCondition).toBe('https://schema.org/UsedCondition');
    expect(product.image?.[0]).toMatch(/^http:\/\/shop\.test\/uploads\/denim-photo/);
    const crumbs = ld.find((x) => x['@type'] === 'BreadcrumbList') as { itemListElement: { name: string }[] };
    expect(crumbs.itemListElement.map((c) => c.name)).toEqual([
      'Home',
      'Products',
      'Jackets',
      'Denim jacket <vintage> & co',
    ]);

    // Asked again: the same page (kept for this catalogue version)
    expect((await page(`/products/${id}`)).html).toBe(before.html);

    const buyer = await createUser(database.db);
    const order = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(buyer.token),
      payload: orderBody([{ product_id: id, quantity: 1 }]),
    });
    expect(order.statusCode, order.body).toBe(201);

    const after = await page(`/products/${id}`);
    expect(productOf(after.html)!.offers.availability).toBe('https://schema.org/SoldOut');
    expect(after.html).toContain('Sold out');
    expect(after.html).not.toContain('Add to Cart');
  });

  it('says NewCondition for an item new with tags', async () => {
    const id = await insertProduct(database.db, { name: 'Tagged kitenge dress', condition: 'new with tags' });
    const { html } = await page(`/products/${id}`);
    expect(productOf(html)!.itemCondition).toBe('https://schema.org/NewCondition');
  });

  it('answers an unknown product with a real 404 and the not-found page', async () => {
    const res = await page('/products/987654');
    expect(res.status).toBe(404);
    expect(res.html).toContain('Product not found.');
    expect(res.html).toContain('<meta name="robots" content="noindex, follow">');
    const unknownPath = await page('/no-such-page');
    expect(unknownPath.status).toBe(404);
    expect(unknownPath.html).toContain('Page not found');
  });
});

describe('sending a kept page', () => {
  it('sends it compressed as the browser asks, with an ETag that a revalidation answers with 304', async () => {
    const id = await insertProduct(database.db, { name: 'Compressed kikoi' });
    const plain = await app.inject({ method: 'GET', url: `/products/${id}` });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toContain('Accept-Encoding');
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^W\/"/);

    const br = await app.inject({
      method: 'GET',
      url: `/products/${id}`,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gz = await app.inject({ method: 'GET', url: `/products/${id}`, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);

    const again = await app.inject({ method: 'GET', url: `/products/${id}`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('draws a product page from eight queries: related ids, then the product with them, and its reviews', async () => {
    const categoryId = await insertCategory(database.db, `Counted shirts ${Date.now()}`);
    for (let i = 0; i < 5; i += 1)
      await insertProduct(database.db, { name: `Counted shirt ${i}`, categories: [categoryId] });
    const id = await insertProduct(database.db, { name: 'Counted linen shirt', categories: [categoryId] });
    const before = counter.count;
    const drawn = await page(`/products/${id}`);
    expect(drawn.status).toBe(200);
    expect(drawn.html).toContain('Counted linen shirt');
    expect(drawn.html).toContain('Counted shirt 4');
    // the versions; the categories (once per version); the product's categories and the related ids
    // in stock; products, photos and categories of the five; the reviews
    expect(counter.count - before).toBe(8);
  });

  it('keeps a page through catalogue writes that do not change it, and draws it again when its product changes', async () => {
    const id = await insertProduct(database.db, { name: 'Steady linen shirt', price_cents: 800_00 });
    const first = await page(`/products/${id}`);
    const etag = async () => String((await app.inject({ method: 'GET', url: `/products/${id}` })).headers.etag);
    const before = await etag();

    // another product is listed: the catalogue's version moves, this page shows the same
    await insertProduct(database.db, { name: 'Unrelated wool scarf' });
    expect(await etag()).toBe(before);
    const revalidated = await app.inject({
      method: 'GET',
      url: `/products/${id}`,
      headers: { 'if-none-match': before },
    });
    expect(revalidated.statusCode).toBe(304);

    // another product is sold: only its stock moved, and this page's products' stock is checked
    // in one query instead of the page's data being read again
    const sold = await insertProduct(database.db, { name: 'Sold denim jacket' });
    await page(`/products/${id}`);
    await database.db.updateTable('products').set({ stock_quantity: 0 }).where('id', '=', sold).execute();
    const before2 = counter.count;
    expect(await etag()).toBe(before);
    // the versions, then the stock check
    expect(counter.count - before2).toBe(2);

    // its own price changes: drawn again
    await database.db.updateTable('products').set({ price_cents: 650_00 }).where('id', '=', id).execute();
    const changed = await page(`/products/${id}`);
    expect(changed.html).not.toBe(first.html);
    expect(changed.html).toContain('Ksh 650');
    expect(await etag()).not.toBe(before);
  });
});

describe('a product page when a drop lands', () => {
  /** A product scheduled to go on sale at `at` (a drop's item). */
  const scheduled = async (name: string, category: number, at: Date) => {
    const id = await insertProduct(database.db, { name, categories: [category] });
    await database.db
      .updateTable('products')
      .set({ status: 'scheduled', publish_at: at.toISOString() })
      .where('id', '=', id)
      .execute();
    return id;
  };

  it('keeps the page through a drop in other categories, and shows a new arrival of its own among the related items', async () => {
    const shirts = await insertCategory(database.db, `Drop shirts ${Date.now()}`);
    const shoes = await insertCategory(database.db, `Drop shoes ${Date.now()}`);
    await insertProduct(database.db, { name: 'Older flannel shirt', categories: [shirts] });
    const id = await insertProduct(database.db, { name: 'Kept oxford shirt', categories: [shirts] });
    const dropAt = new Date(Date.now() + 60_000);
    await scheduled('Dropped suede loafers', shoes, dropAt);
    const laterAt = new Date(Date.now() + 120_000);
    await scheduled('Dropped denim shirt', shirts, laterAt);
    const context = listingContext(testConfig(database.dataDir)).publish;

    const first = await page(`/products/${id}`);
    expect(first.html).toContain('Older flannel shirt');
    expect(first.html).not.toContain('Dropped denim shirt');
    const etag = String((await app.inject({ method: 'GET', url: `/products/${id}` })).headers.etag);

    // the shoes go on sale: every list shows them, this page shows the same as before
    expect(await publishDueProducts(database.db, dropAt, { context })).toHaveLength(1);
    expect((await page(`/products/category/${shoes}`)).html).toContain('Dropped suede loafers');
    const before = counter.count;
    const kept = await app.inject({ method: 'GET', url: `/products/${id}`, headers: { 'if-none-match': etag } });
    expect(kept.statusCode).toBe(304);
    // the versions, then its products' stock: its categories' arrivals were read with the list
    expect(counter.count - before).toBe(2);

    // a shirt goes on sale: it is this page's newest related item
    expect(await publishDueProducts(database.db, laterAt, { context })).toHaveLength(1);
    const redrawn = await page(`/products/${id}`);
    expect(redrawn.html).toContain('Dropped denim shirt');
    expect(String((await app.inject({ method: 'GET', url: `/products/${id}` })).headers.etag)).not.toBe(etag);
  });
});

describe('browsing without JavaScript', () => {
  it('lists products with real page links, a category page and search results', async () => {
    const categoryId = await insertCategory(database.db, 'Kikoi wraps');
    const ids: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      ids.push(await insertProduct(database.db, { name: `Kikoi wrap number ${i}`, categories: [categoryId] }));
    }
    await insertProduct(database.db, { name: 'Leather loafers' });

    const list = await page('/products');
    expect(list.status).toBe(200);
    expect(list.html).toContain('Leather loafers');
    expect(list.html).toMatch(/<a[^>]+href="\/products\?page=2"/);
    // the search box is a real form: GET /products?q=
    expect(list.html).toMatch(/<form[^>]+action="\/products"[^>]+method="get"/);
    expect(list.html).toMatch(/<input[^>]+name="q"/);
    expect(list.html).toContain('<link rel="canonical" href="http://shop.test/products">');

    const category = await page(`/products/category/${categoryId}`);
    expect(category.html).toContain('KIKOI WRAPS');
    expect(category.html).toContain('Kikoi wrap number 20');
    expect(category.html).not.toContain('Leather loafers');
    const second = await page(`/products/category/${categoryId}?page=2`);
    expect(second.html).toContain('Kikoi wrap number 0');
    expect(second.html).toContain(
      `<link rel="canonical" href="http://shop.test/products/category/${categoryId}?page=2">`,
    );

    const search = await page('/products?q=loafers');
    expect(search.html).toContain('Leather loafers');
    expect(search.html).not.toContain('Kikoi wrap number');
    expect(search.html).toContain('Results for “loafers”');
    expect(search.html).toContain('<meta name="robots" content="noindex, follow">');
  });

  it('when the demand moves, sends the kept home page at once and the new trending ranking to the requests after', async () => {
    /** The ids of home's trending row, from the data the page was drawn with. */
    const trendingOf = (html: string): number[] => {
      const state = /<script id="app-state" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}';
      const queries = (JSON.parse(state) as { queries?: { queryKey: unknown[]; state: { data: unknown } }[] }).queries;
      const row = queries?.find((q) => JSON.stringify(q.queryKey) === '["catalog","products","trending"]');
      return (row?.state.data as { id: number }[] | undefined)?.map((p) => p.id) ?? [];
    };
    const old = new Date(Date.now() - 3600_000).toISOString();
    const kikoi = await insertProduct(database.db, { name: 'Wished-for kikoi', created_at: old });
    const drawn = await page('/');
    expect(trendingOf(drawn.html)[0]).not.toBe(kikoi);
    const etag = String((await app.inject({ method: 'GET', url: '/' })).headers.etag);

    // three shoppers wish for the kikoi: only the demand trending ranks by moves
    for (let i = 0; i < 3; i += 1) {
      const shopper = await createUser(database.db);
      await database.db
        .insertInto('wishlist_items')
        .values({ user_id: shopper.id, product_id: kikoi, created_at: new Date().toISOString() })
        .execute();
    }
    // the kept page, at once: the ranking is read again beside the request, not in its way
    const kept = await app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': etag } });
    expect(kept.statusCode).toBe(304);
    // the drawing for the new ranking runs beside the requests: wait for it (vi.waitFor's default
    // second is short for a drawing on a loaded CI machine)
    await vi.waitFor(async () => expect(trendingOf((await page('/')).html)[0]).toBe(kikoi), { timeout: 10_000 });
  });

  it('renders home with the organization and the shop profile, and leaves the cart to the browser', async () => {
    await insertProduct(database.db, { name: 'Featured ankara shirt', is_featured: true, images: ['ankara'] });
    const home = await page('/');
    expect(home.status).toBe(200);
    expect(home.html).toContain('Featured ankara shirt');
    const ld = jsonLdOf(home.html);
    expect(ld.map((x) => x['@type']).sort()).toEqual(['Organization', 'WebSite']);
    for (const item of ld) expect(schemaOrgProblems(item)).toEqual([]);

    const cart = await page('/cart');
    expect(cart.status).toBe(200);
    expect(cart.html).toContain('<div id="root"><!--app-html--></div>');
    expect(cart.html).not.toContain('app-state');
  });
});

describe('the schema.org shape check', () => {
  it('refuses a product whose offer lacks its currency or uses a made-up availability', () => {
    const good = {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Kitenge shirt',
      offers: {
        '@type': 'Offer',
        price: '500.00',
        priceCurrency: 'KES',
        availability: 'https://schema.org/InStock',
      },
    };
    expect(schemaOrgProblems(good)).toEqual([]);
    const noCurrency = { ...good, offers: { ...good.offers, priceCurrency: undefined } };
    expect(schemaOrgProblems(noCurrency).join()).toContain('offers.priceCurrency');
    const madeUp = { ...good, offers: { ...good.offers, availability: 'https://schema.org/Available' } };
    expect(schemaOrgProblems(madeUp).join()).toContain('offers.availability');
    expect(schemaOrgProblems({ ...good, offers: { ...good.offers, price: 'Ksh 500' } }).join()).toContain('price');
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists every live product and category, not deleted ones', async () => {
    const categoryId = await insertCategory(database.db, 'Sitemap shoes');
    const live = await insertProduct(database.db, { name: 'Sitemap sneakers', categories: [categoryId] });
    const sold = await insertProduct(database.db, { name: 'Sitemap sold boots', stock_quantity: 0 });
    const gone = await insertProduct(database.db, { name: 'Sitemap gone sandals' });
    await softDeleteProduct(database.db, gone);

    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const liveIds = (
      await database.db.selectFrom('products').select('id').where('deleted_at', 'is', null).execute()
    ).map((r) => r.id);
    for (const id of liveIds) expect(locs).toContain(`http://shop.test/products/${id}`);
    expect(locs).toContain(`http://shop.test/products/${live}`);
    expect(locs).toContain(`http://shop.test/products/${sold}`);
    expect(locs).not.toContain(`http://shop.test/products/${gone}`);
    expect(locs).toContain(`http://shop.test/products/category/${categoryId}`);
    expect(locs).toContain('http://shop.test/');
    // Both languages, each page naming its other version
    expect(locs).toContain(`http://shop.test/products/${live}?lang=sw`);
    expect(res.body).toContain(
      `<url><loc>http://shop.test/products/${live}?lang=sw</loc><xhtml:link rel="alternate" hreflang="en" href="http://shop.test/products/${live}"/><xhtml:link rel="alternate" hreflang="sw" href="http://shop.test/products/${live}?lang=sw"/></url>`,
    );

    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Sitemap: http://shop.test/sitemap.xml');
    expect(robots.body).toContain('Disallow: /api/');
  });
});

describe('pages in Kiswahili', () => {
  it('draws a page in the language a link names, keeps the choice in a cookie, and names both versions', async () => {
    const id = await insertProduct(database.db, { name: 'Kitenge shirt', price_cents: 900_00 });

    const english = await page(`/products/${id}`);
    expect(english.html).toMatch(/<html lang="en"/);
    expect(english.html).toContain('>Home</a>');
    expect(english.html).toContain(
      `<link rel="alternate" hreflang="sw" href="http://shop.test/products/${id}?lang=sw">`,
    );
    expect(english.html).toContain(
      `<link rel="alternate" hreflang="x-default" href="http://shop.test/products/${id}">`,
    );

    const res = await app.inject({ method: 'GET', url: `/products/${id}?lang=sw` });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toContain('mtumba_lang=sw');
    expect(res.body).toMatch(/<html lang="sw"/);
    expect(res.body).toContain('>Nyumbani</a>');
    expect(res.body).not.toContain('>Home</a>');
    expect(res.body).toContain(`<link rel="canonical" href="http://shop.test/products/${id}?lang=sw">`);
    expect(res.body).toContain('<meta property="og:locale" content="sw_KE">');

    // The cookie alone keeps later pages in Kiswahili; the English page stays English for others.
    const kept = await app.inject({ method: 'GET', url: '/', headers: { cookie: 'mtumba_lang=sw' } });
    expect(kept.body).toMatch(/<html lang="sw"/);
    expect((await page('/')).html).toMatch(/<html lang="en"/);
    // A screen the browser draws says its language too, so the app loads its catalogs.
    const shell = await app.inject({ method: 'GET', url: '/cart', headers: { cookie: 'mtumba_lang=sw' } });
    expect(shell.body).toMatch(/<html lang="sw"/);
    // Anything else is English
    const odd = await app.inject({ method: 'GET', url: '/?lang=fr', headers: { cookie: 'mtumba_lang=xx' } });
    expect(odd.body).toMatch(/<html lang="en"/);
  });
});
