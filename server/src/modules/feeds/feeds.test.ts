import { gunzipSync } from 'node:zlib';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCategory, insertProduct } from '../../../test/catalog.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { feedItem, googleCategory, xmlText } from './product-feed.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { SHOP_NAME: 'Mtumba & Sons' } });
});
afterAll(async () => {
  await t?.close();
});

interface FeedItem {
  fields: Map<string, string[]>;
}

/**
 * Reads the feed as a strict XML parser does (saxes stops at the first well-formedness error),
 * and checks the RSS 2.0 shape: one <rss version="2.0"> holding one <channel> with its title,
 * link and description, and items that each have a title or a description.
 */
function readFeed(xml: string): { channel: Map<string, string>; items: FeedItem[]; gNamespace: string | undefined } {
  const parser = new SaxesParser({ xmlns: true });
  const path: string[] = [];
  const channel = new Map<string, string>();
  const items: FeedItem[] = [];
  let text = '';
  let gNamespace: string | undefined;
  let rssVersion: string | undefined;
  parser.on('opentag', (tag) => {
    if (path.length === 0) {
      rssVersion = tag.attributes.version?.value;
      gNamespace = tag.attributes['xmlns:g']?.value;
    }
    path.push(tag.name);
    text = '';
    if (tag.name === 'item') items.push({ fields: new Map() });
  });
  parser.on('text', (chunk) => (text += chunk));
  parser.on('closetag', (tag) => {
    const where = path.join('/');
    if (where === `rss/channel/${tag.name}`) channel.set(tag.name, text);
    if (path[path.length - 2] === 'item') {
      const fields = items[items.length - 1]!.fields;
      fields.set(tag.name, [...(fields.get(tag.name) ?? []), text]);
    }
    path.pop();
    text = '';
  });
  parser.write(xml).close();
  expect(rssVersion).toBe('2.0');
  for (const required of ['title', 'link', 'description']) expect(channel.has(required)).toBe(true);
  for (const item of items) expect(item.fields.has('title') || item.fields.has('description')).toBe(true);
  return { channel, items, gNamespace };
}

const one = (item: FeedItem, name: string) => item.fields.get(name)?.[0];

async function fetchFeed(acceptEncoding?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/feeds/products.xml',
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('application/xml');
  const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString('utf8') : res.body;
  return { res, xml: body };
}

describe('GET /feeds/products.xml', () => {
  it('lists the items on sale now with Google’s fields, escaped, and no drafts, sold or deleted items', async () => {
    const shoes = await insertCategory(t.db, 'Feed shoes');
    const live = await insertProduct(t.db, {
      name: 'Nike <Air> "Max" & more',
      description: 'Worn twice & clean',
      price_cents: 1250_00,
      brand: 'Nike',
      size: '42',
      color: 'White',
      categories: [shoes],
      images: ['feed-a.webp', 'feed-b.webp', 'feed-c.webp'],
    });
    const plain = await insertProduct(t.db, { name: 'Feed plain tee', price_cents: 300_00 });
    const sold = await insertProduct(t.db, { name: 'Feed sold jacket', stock_quantity: 0 });
    const draft = await insertProduct(t.db, { name: 'Feed draft dress' });
    await t.db.updateTable('products').set({ status: 'draft' }).where('id', '=', draft).execute();
    const gone = await insertProduct(t.db, { name: 'Feed gone skirt', deleted_at: new Date().toISOString() });

    const { res, xml } = await fetchFeed('gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    const feed = readFeed(xml);
    expect(feed.gNamespace).toBe('http://base.google.com/ns/1.0');
    expect(feed.channel.get('title')).toBe('Mtumba & Sons');

    const byId = new Map(feed.items.map((item) => [Number(one(item, 'g:id')), item]));
    expect(byId.has(live)).toBe(true);
    expect(byId.has(plain)).toBe(true);
    for (const absent of [sold, draft, gone]) expect(byId.has(absent)).toBe(false);

    const item = byId.get(live)!;
    expect(one(item, 'title')).toBe('Nike <Air> "Max" & more');
    expect(xml).toContain('Nike &lt;Air&gt; &quot;Max&quot; &amp; more');
    expect(one(item, 'description')).toBe('Worn twice & clean');
    expect(one(item, 'link')).toBe(`http://shop.test/products/${live}?src=feed`);
    expect(one(item, 'g:image_link')).toMatch(/^http:\/\/shop\.test\/.+/);
    expect(item.fields.get('g:additional_image_link')).toHaveLength(2);
    expect(one(item, 'g:condition')).toBe('used');
    expect(one(item, 'g:availability')).toBe('in_stock');
    expect(one(item, 'g:price')).toBe('1250.00 KES');
    expect(one(item, 'g:brand')).toBe('Nike');
    expect(one(item, 'g:size')).toBe('42');
    expect(one(item, 'g:color')).toBe('White');
    expect(one(item, 'g:google_product_category')).toBe('Apparel & Accessories > Shoes');

    const bare = byId.get(plain)!;
    expect(one(bare, 'g:image_link')).toBeUndefined();
    expect(one(bare, 'g:brand')).toBeUndefined();
    expect(one(bare, 'g:identifier_exists')).toBe('no');
    expect(one(bare, 'g:google_product_category')).toBe('Apparel & Accessories > Clothing');
  });

  it('follows the catalogue: an item sold or put back on sale leaves or joins the next fetch', async () => {
    const id = await insertProduct(t.db, { name: 'Feed follow shirt' });
    const ids = async () => readFeed((await fetchFeed('gzip')).xml).items.map((item) => Number(one(item, 'g:id')));
    expect(await ids()).toContain(id);
    await t.db.updateTable('products').set({ stock_quantity: 0 }).where('id', '=', id).execute();
    expect(await ids()).not.toContain(id);
    await t.db.updateTable('products').set({ stock_quantity: 1 }).where('id', '=', id).execute();
    expect(await ids()).toContain(id);
  });

  it('is sent unpacked to a client that does not take gzip', async () => {
    await insertProduct(t.db, { name: 'Feed unpacked scarf' });
    const { res, xml } = await fetchFeed('identity');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(readFeed(xml).items.some((item) => one(item, 'title') === 'Feed unpacked scarf')).toBe(true);
  });
});

describe('the feed item', () => {
  const product = {
    id: 7,
    name: 'Levi’s jacket',
    description: '',
    price: 800,
    compare_at_price: 1200,
    stock_quantity: 1,
    image_url: null,
    images: [],
    categories: [{ id: 1, name: 'Jackets' }],
    average_rating: 0,
    review_count: 0,
    size: null,
    brand: null,
    condition: null,
    color: null,
  } as unknown as Parameters<typeof feedItem>[1];

  it('gives a reduced item its earlier price and the sale price', () => {
    const xml = feedItem({ name: 'Mtumba', url: 'https://mtumba.example' }, product);
    expect(xml).toContain('<g:price>1200.00 KES</g:price>');
    expect(xml).toContain('<g:sale_price>800.00 KES</g:sale_price>');
    // an item without a description is described by its name
    expect(xml).toContain('<description>Levi’s jacket</description>');
  });

  it('files bags and accessories under their own Google categories', () => {
    expect(googleCategory({ name: 'Tote', categories: [{ id: 1, name: 'Bags' }] })).toBe(
      'Apparel & Accessories > Handbags, Wallets & Cases',
    );
    expect(googleCategory({ name: 'Leather belt', categories: [] })).toBe(
      'Apparel & Accessories > Clothing Accessories',
    );
  });

  it('drops characters XML cannot carry', () => {
    expect(xmlText('a\u0001b\u0008c & d')).toBe('abc &amp; d');
  });
});
