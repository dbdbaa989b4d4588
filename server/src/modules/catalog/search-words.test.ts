import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productFacetsSchema } from '@mtumba/contract/product';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/helpers.js';
import { insertCategory, insertProduct } from '../../../test/catalog.js';
import { closestWord, editDistance, singular } from './search-terms.js';

let t: TestApp;
const ids: Record<string, number> = {};
let shoes: number;
let knitwear: number;

const idsOf = (body: { id: number }[]) => body.map((p) => p.id).sort((a, b) => a - b);
const sorted = (...list: number[]) => [...list].sort((a, b) => a - b);
const listed = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/products?${query}` });
  expect(res.statusCode).toBe(200);
  return { ids: idsOf(res.json()), total: Number(res.headers['x-total-count']) };
};
const suggestions = async (q: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/products/search?q=${encodeURIComponent(q)}` });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: number; name: string; price: number; image_url: string | null }[];
};
const facets = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/products/facets?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return productFacetsSchema.parse(res.json());
};

beforeAll(async () => {
  t = await buildTestApp();
  shoes = await insertCategory(t.db, 'Shoes');
  knitwear = await insertCategory(t.db, 'Knitwear');
  ids.airmax = await insertProduct(t.db, {
    name: 'Air Max 90',
    brand: 'Nike',
    size: '42',
    color: 'White',
    condition: 'good',
    price_cents: 2500_00,
    categories: [shoes],
    images: ['shoe1'],
  });
  ids.nike40 = await insertProduct(t.db, { name: 'Court Vision', brand: 'Nike', size: '40', categories: [shoes] });
  ids.boots = await insertProduct(t.db, {
    name: 'Chelsea Boots',
    brand: 'Clarks',
    size: '42',
    color: 'Brown',
    condition: 'fair',
    price_cents: 800_00,
    categories: [shoes],
  });
  ids.trainers = await insertProduct(t.db, {
    name: 'Running Trainers',
    brand: 'Adidas',
    size: '41',
    price_cents: 300_00,
  });
  ids.jumper = await insertProduct(t.db, {
    name: 'Wool Jumper',
    brand: 'Marks & Spencer',
    size: 'M',
    color: 'Navy',
    condition: 'like new',
    categories: [knitwear],
  });
  ids.pullover = await insertProduct(t.db, { name: 'Fleece Pullover', size: 'L', color: 'Grey' });
  ids.trousers = await insertProduct(t.db, { name: 'Linen Trousers', size: 'M', color: 'Beige' });
  ids.soldout = await insertProduct(t.db, { name: 'Sold Sweater', size: 'S', stock_quantity: 0 });
});

afterAll(async () => {
  await t.close();
});

describe('reading words', () => {
  it('knows plurals, typing mistakes and the closest known word', () => {
    expect(singular('shoes')).toBe('shoe');
    expect(singular('dresses')).toBe('dress');
    expect(singular('hoodies')).toBe('hoody');
    expect(singular('dress')).toBe('dress');
    expect(editDistance('addidas', 'adidas')).toBe(1);
    expect(editDistance('nkie', 'nike')).toBe(1);
    expect(editDistance('abc', 'xyz')).toBe(3);
    const known = new Set(['nike', 'adidas', 'shoes']);
    expect(closestWord('nikr', known)).toBe('nike');
    expect(closestWord('addidas', known)).toBe('adidas');
    expect(closestWord('nike', known)).toBeUndefined();
    expect(closestWord('42', known)).toBeUndefined();
    expect(closestWord('zzzz', known)).toBeUndefined();
  });
});

describe(`search in the shop's words on ${TEST_DB}`, () => {
  it('"shoes" finds the Shoes category and trainers, in the listing and the suggestions', async () => {
    const expected = sorted(ids.airmax!, ids.nike40!, ids.boots!, ids.trainers!);
    expect(await listed('q=shoes')).toEqual({ ids: expected, total: 4 });
    expect(idsOf(await suggestions('shoes'))).toEqual(expected);
    expect((await listed('q=sneakers')).ids).toEqual(expected);
  });

  it('"sweater" finds jumpers, pullovers and knitwear', async () => {
    expect(await listed('q=sweater')).toEqual({
      ids: sorted(ids.jumper!, ids.pullover!, ids.soldout!),
      total: 3,
    });
    expect((await listed('q=pants')).ids).toEqual([ids.trousers]);
  });

  it('"nike 42" reads a brand and a size', async () => {
    expect(await listed('q=nike%2042')).toEqual({ ids: [ids.airmax], total: 1 });
    expect((await listed('q=42')).ids).toEqual(sorted(ids.airmax!, ids.boots!));
  });

  it('reads colours and conditions', async () => {
    expect((await listed('q=brown%20shoes')).ids).toEqual([ids.boots]);
    expect((await listed('q=navy%20jumper')).ids).toEqual([ids.jumper]);
    expect((await listed('q=gray')).ids).toEqual([ids.pullover]);
    expect((await listed('q=fair')).ids).toEqual([ids.boots]);
  });

  it('forgives a misspelt brand and says what it read', async () => {
    expect((await listed('q=addidas')).ids).toEqual([ids.trainers]);
    expect((await listed('q=nikr')).ids).toEqual(sorted(ids.airmax!, ids.nike40!));
    expect((await facets('q=addidas')).did_you_mean).toBe('adidas');
    expect((await facets('q=nikr%2042')).did_you_mean).toBe('nike 42');
    expect((await facets('q=nike')).did_you_mean).toBeNull();
    expect((await listed('q=qwxz')).ids).toEqual([]);
    expect((await facets('q=qwxz')).did_you_mean).toBeNull();
  });

  it('gives suggestions with a thumbnail and a price', async () => {
    const [first] = await suggestions('nike 42');
    expect(first).toMatchObject({ id: ids.airmax, name: 'Air Max 90', price: 2500 });
    expect(first!.image_url).toMatch(/shoe1/);
  });
});

describe(`filter chips on ${TEST_DB}`, () => {
  it('counts the sizes, conditions, colours and price bands in stock', async () => {
    const all = await facets('');
    expect(all.sizes).toEqual(
      expect.arrayContaining([
        { value: '42', count: 2 },
        { value: 'M', count: 2 },
      ]),
    );
    expect(all.sizes.find((s) => s.value === 'S')).toBeUndefined();
    expect(all.conditions).toEqual(
      expect.arrayContaining([
        { value: 'good', count: 1 },
        { value: 'fair', count: 1 },
        { value: 'like new', count: 1 },
      ]),
    );
    expect(all.colors).toHaveLength(5);
    expect(all.prices).toEqual([
      { min: 0, max: 499.99, count: 1 },
      { min: 500, max: 999.99, count: 1 },
      { min: 1000, max: 1999.99, count: 4 },
      { min: 2000, max: null, count: 1 },
    ]);
  });

  it('narrows to a category or a search', async () => {
    const inShoes = await facets(`category=${shoes}`);
    expect(inShoes.sizes).toEqual([
      { value: '42', count: 2 },
      { value: '40', count: 1 },
    ]);
    const searched = await facets('q=sweater');
    expect(searched.sizes.map((s) => s.value).sort()).toEqual(['L', 'M']);
  });

  it('refuses a bad category with a clear reply', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/products/facets?category=abc' })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/api/products/facets?category=999999' })).statusCode).toBe(404);
  });
});
