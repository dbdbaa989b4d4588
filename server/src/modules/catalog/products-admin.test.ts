import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSchema } from '@mtumba/contract/product';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import {
  insertCategory,
  insertOrder,
  insertProduct,
  makePng,
  multipart,
  uniquePng,
  type FormFile,
} from '../../../test/catalog.js';
import { now } from '../../db/database.js';

let t: TestApp;
let admin: { token: string };
let customer: { id: number; token: string };
let tops: number;
let sale: number;

const uploads = () => (fs.existsSync(t.config.uploadDir) ? fs.readdirSync(t.config.uploadDir).sort() : []);
const productCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const png = (data: Buffer, name = 'photo.png'): FormFile => ({
  field: 'images[]',
  filename: name,
  contentType: 'image/png',
  data,
});

function baseFields(overrides: Record<string, string> = {}): [string, string][] {
  const fields: Record<string, string> = {
    name: 'Vintage Denim Jacket',
    description: 'Barely worn, from the 90s',
    price: '1500.50',
    stock_quantity: '2',
    size: 'L',
    brand: 'Levis',
    condition: 'like new',
    color: 'Blue',
    is_featured: '1',
    is_trending: 'false',
    ...overrides,
  };
  return [...Object.entries(fields), ['categories[]', String(tops)], ['categories[]', String(sale)]];
}

async function post(url: string, body: { payload: Buffer; headers: Record<string, string> }, token = admin.token) {
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, { admin: true });
  customer = await createUser(t.db);
  tops = await insertCategory(t.db, 'Tops');
  sale = await insertCategory(t.db, 'Sale');
});

afterAll(async () => {
  await t.close();
});

describe('POST /products (multipart)', () => {
  it('creates the product with its images as WebP in three widths and answers 201 with the full product', async () => {
    const first = await makePng(1200, 800, { r: 10, g: 120, b: 200 });
    const second = await makePng(300, 200, { r: 250, g: 200, b: 10 });
    const res = await post('/api/products', multipart(baseFields(), [png(first), png(second, 'second.png')]));
    expect(res.statusCode).toBe(201);
    const product = res.json();
    expect(productSchema.strict().safeParse(product).success).toBe(true);
    expect(product).toMatchObject({
      name: 'Vintage Denim Jacket',
      description: 'Barely worn, from the 90s',
      price: 1500.5,
      stock_quantity: 2,
      size: 'L',
      brand: 'Levis',
      condition: 'like new',
      color: 'Blue',
      is_featured: true,
      is_trending: false,
      average_rating: 0,
      review_count: 0,
    });
    expect(product.categories.map((c: { id: number }) => c.id).sort()).toEqual([tops, sale].sort());
    expect(product.images).toHaveLength(2);
    expect(product.image_url).toBe(product.images[0].image_url);
    expect(product.image_url).toMatch(/^\/uploads\/[0-9a-f]{32}-640\.webp$/);
    expect(product.images[0]).toMatchObject({ width: 640, height: 427 });
    // a small image is not enlarged
    expect(product.images[1]).toMatchObject({ width: 300, height: 200 });
    expect(product.images[0].srcset).toContain('-320.webp 320w');
    expect(product.images[0].srcset).toContain('-1024.webp 1024w');

    const served = await t.app.inject({ method: 'GET', url: product.image_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.subarray(8, 12).toString()).toBe('WEBP');

    const fetched = await t.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(fetched.json()).toEqual(product);
    const found = await t.app.inject({ method: 'GET', url: '/api/products?q=vintage%20levis' });
    expect(found.json().map((p: { id: number }) => p.id)).toContain(product.id);
  });

  it('takes `categories` and `images` without brackets, and JSON without images', async () => {
    const form = multipart(
      [
        ['name', 'Plain Tee'],
        ['price', '300'],
        ['stock_quantity', '0'],
        ['categories', String(tops)],
      ],
      [{ ...png(await uniquePng()), field: 'images' }],
    );
    const res = await post('/api/products', form);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Plain Tee',
      description: '',
      price: 300,
      stock_quantity: 0,
      size: null,
      condition: null,
      is_featured: false,
      categories: [{ id: tops, name: 'Tops' }],
    });
    expect(res.json().images).toHaveLength(1);

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(admin.token),
      payload: { name: 'JSON Skirt', price: 450.25, stock_quantity: 1, categories: [sale], condition: 'good' },
    });
    expect(json.statusCode).toBe(201);
    expect(json.json()).toMatchObject({ name: 'JSON Skirt', price: 450.25, image_url: null, images: [] });
  });

  it('answers 422 with a message for every invalid field, and stores nothing', async () => {
    const before = await productCount();
    const filesBefore = uploads();
    const res = await post(
      '/api/products',
      multipart(
        [
          ['name', '  '],
          ['price', '12.345'],
          ['stock_quantity', '1.5'],
          ['condition', 'worn out'],
          ['is_featured', 'perhaps'],
        ],
        [png(await uniquePng())],
      ),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['The name field is required.'],
      price: ['The price may have at most 2 decimal places.'],
      stock_quantity: ['The stock quantity must be a whole number.'],
      categories: ['Please select at least one category.'],
      condition: ['The condition must be one of: new with tags, like new, good, fair.'],
      is_featured: ['The featured field must be true or false.'],
    });
    expect(res.json().message).toBe('The name field is required. (and 5 more errors)');
    expect(await productCount()).toBe(before);
    expect(uploads()).toEqual(filesBefore);
  });

  it('checks price, stock and categories with clear messages', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ price: '0' }, 'price', 'The price must be greater than 0.'],
      [{ price: '-5' }, 'price', 'The price must be greater than 0.'],
      [{ price: 'ten' }, 'price', 'The price must be a number.'],
      [{ price: '' }, 'price', 'The price field is required.'],
      [{ price: '20000000' }, 'price', 'The price may not be greater than 10,000,000.'],
      [{ stock_quantity: '-1' }, 'stock_quantity', 'The stock quantity must be at least 0.'],
      [{ stock_quantity: 'many' }, 'stock_quantity', 'The stock quantity must be a number.'],
      [{ name: 'x'.repeat(256) }, 'name', 'The name may not be greater than 255 characters.'],
    ];
    for (const [override, field, message] of cases) {
      const res = await post('/api/products', multipart(baseFields(override)));
      expect(res.statusCode, `${field} ${JSON.stringify(override)}`).toBe(422);
      expect(res.json().errors).toEqual({ [field]: [message] });
    }
    const unknownCategory = await post(
      '/api/products',
      multipart([
        ['name', 'Hat'],
        ['price', '100'],
        ['stock_quantity', '1'],
        ['categories[]', String(tops)],
        ['categories[]', '999999'],
      ]),
    );
    expect(unknownCategory.statusCode).toBe(422);
    expect(unknownCategory.json().errors).toEqual({ categories: ['The selected categories are invalid.'] });
    const badCategory = await post(
      '/api/products',
      multipart([
        ['name', 'Hat'],
        ['price', '100'],
        ['stock_quantity', '1'],
        ['categories[]', 'hats'],
      ]),
    );
    expect(badCategory.json().errors).toEqual({ categories: ['The selected categories are invalid.'] });
  });

  it('refuses more than 4 images and stores nothing', async () => {
    const before = await productCount();
    const filesBefore = uploads();
    const images = await Promise.all([1, 2, 3, 4, 5].map(() => uniquePng()));
    const res = await post(
      '/api/products',
      multipart(
        baseFields(),
        images.map((data) => png(data)),
      ),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'You can only upload up to 4 images.',
      errors: { images: ['You can only upload up to 4 images.'] },
    });
    expect(await productCount()).toBe(before);
    expect(uploads()).toEqual(filesBefore);

    const many = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8, 9].map(() => uniquePng()));
    const tooMany = await post(
      '/api/products',
      multipart(
        baseFields(),
        many.map((data) => png(data)),
      ),
    );
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toBe('You can only upload up to 4 images.');
    expect(uploads()).toEqual(filesBefore);
  });

  it('refuses a text file renamed .jpg, even beside a real image, and stores nothing', async () => {
    const before = await productCount();
    const filesBefore = uploads();
    const fake: FormFile = {
      field: 'images[]',
      filename: 'holiday.jpg',
      contentType: 'image/jpeg',
      data: Buffer.from('This is a plain text file pretending to be a photo.\n'),
    };
    const res = await post('/api/products', multipart(baseFields(), [png(await uniquePng()), fake]));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Only image files are allowed.',
      errors: { images: ['Only image files are allowed.'] },
    });
    expect(await productCount()).toBe(before);
    expect(uploads()).toEqual(filesBefore);
  });

  it('refuses an image over 5 MB with 413 and stores nothing', async () => {
    const before = await productCount();
    const filesBefore = uploads();
    const big: FormFile = { field: 'images[]', filename: 'huge.png', data: Buffer.alloc(5 * 1024 * 1024 + 10, 7) };
    const res = await post('/api/products', multipart(baseFields(), [png(await uniquePng()), big]));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      message: 'Each image must be 5 MB or smaller.',
      errors: { images: ['Each image must be 5 MB or smaller.'] },
    });
    expect(await productCount()).toBe(before);
    expect(uploads()).toEqual(filesBefore);
  });

  it('is for admins only: 401 without a token, 403 for a customer', async () => {
    const before = await productCount();
    const form = multipart(baseFields());
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      payload: form.payload,
      headers: form.headers,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Unauthenticated.' });
    const asCustomer = await post('/api/products', multipart(baseFields()), customer.token);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json()).toEqual({ message: 'Forbidden.' });
    expect(await productCount()).toBe(before);
  });
});

describe('updating a product', () => {
  async function createWithImages(count: number): Promise<{ id: number; imageUrls: string[] }> {
    const images = await Promise.all(Array.from({ length: count }, () => uniquePng()));
    const res = await post(
      '/api/products',
      multipart(
        baseFields(),
        images.map((data) => png(data)),
      ),
    );
    expect(res.statusCode).toBe(201);
    return { id: res.json().id, imageUrls: res.json().images.map((i: { image_url: string }) => i.image_url) };
  }
  const filesOf = (imageUrl: string) => {
    const key = path.basename(imageUrl).replace(/-640\.webp$/, '');
    return [320, 640, 1024].map((w) => path.join(t.config.uploadDir, `${key}-${w}.webp`));
  };

  it('POST with _method=PUT replaces the images and removes the old files', async () => {
    const { id, imageUrls } = await createWithImages(2);
    for (const url of imageUrls) for (const file of filesOf(url)) expect(fs.existsSync(file)).toBe(true);
    const replacement = await uniquePng();
    const res = await post(
      `/api/products/${id}`,
      multipart([...baseFields({ name: 'Renamed Jacket', price: '999' }), ['_method', 'PUT']], [png(replacement)]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, name: 'Renamed Jacket', price: 999 });
    expect(res.json().images).toHaveLength(1);
    expect(res.json().image_url).not.toBe(imageUrls[0]);
    for (const url of imageUrls) for (const file of filesOf(url)) expect(fs.existsSync(file)).toBe(false);
    for (const file of filesOf(res.json().image_url)) expect(fs.existsSync(file)).toBe(true);
    const search = await t.app.inject({ method: 'GET', url: '/api/products?q=renamed' });
    expect(search.json().map((p: { id: number }) => p.id)).toEqual([id]);
  });

  it('keeps the images when none are sent', async () => {
    const { id, imageUrls } = await createWithImages(2);
    const res = await post(
      `/api/products/${id}`,
      multipart([...baseFields({ stock_quantity: '7' }), ['_method', 'PUT']]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().stock_quantity).toBe(7);
    expect(res.json().images.map((i: { image_url: string }) => i.image_url)).toEqual(imageUrls);
  });

  it('keeps image files still shown by another product or by an order', async () => {
    const shared = await uniquePng();
    const a = await post('/api/products', multipart(baseFields(), [png(shared)]));
    const b = await post('/api/products', multipart(baseFields(), [png(shared)]));
    expect(a.json().image_url).toBe(b.json().image_url);
    const res = await post(
      `/api/products/${a.json().id}`,
      multipart([...baseFields(), ['_method', 'PUT']], [png(await uniquePng())]),
    );
    expect(res.statusCode).toBe(200);
    for (const file of filesOf(b.json().image_url)) expect(fs.existsSync(file)).toBe(true);

    // an order's snapshot keeps showing its thumbnail after the product's images change
    const c = await createWithImages(1);
    const key = path.basename(c.imageUrls[0]).replace(/-640\.webp$/, '');
    const orderId = await insertOrder(t.db, customer.id, [c.id]);
    await t.db.updateTable('order_items').set({ product_image_key: key }).where('order_id', '=', orderId).execute();
    await post(`/api/products/${c.id}`, multipart([...baseFields(), ['_method', 'PUT']], [png(await uniquePng())]));
    for (const file of filesOf(c.imageUrls[0])) expect(fs.existsSync(file)).toBe(true);
  });

  it('PUT with JSON changes only the fields sent', async () => {
    const { id, imageUrls } = await createWithImages(1);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: bearer(admin.token),
      payload: { stock_quantity: 0, brand: '', is_featured: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      name: 'Vintage Denim Jacket',
      price: 1500.5,
      stock_quantity: 0,
      brand: null,
      is_featured: false,
      image_url: imageUrls[0],
    });
    const search = await t.app.inject({ method: 'GET', url: `/api/products?brand=levis&q=vintage` });
    expect(search.json().map((p: { id: number }) => p.id)).not.toContain(id);
  });

  it('keeps an optional compare-at price: set, shown, left alone, cleared, and checked', async () => {
    const { id } = await createWithImages(0);
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: bearer(admin.token), payload });
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json().compare_at_price).toBeNull();

    expect((await put({ compare_at_price: '2000' })).json()).toMatchObject({ price: 1500.5, compare_at_price: 2000 });
    expect((await put({ name: 'Renamed Jacket' })).json().compare_at_price).toBe(2000);
    const listed = await t.app.inject({ method: 'GET', url: `/api/products?q=renamed` });
    expect(listed.json().find((p: { id: number }) => p.id === id).compare_at_price).toBe(2000);

    expect((await put({ compare_at_price: '' })).json().compare_at_price).toBeNull();
    const bad = await put({ compare_at_price: 'a lot' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.compare_at_price).toEqual(['The compare-at price must be a number.']);
    expect((await put({ compare_at_price: 0 })).json().errors.compare_at_price).toEqual([
      'The compare-at price must be greater than 0.',
    ]);
  });

  it('PUT with multipart replaces images too; invalid fields answer 422', async () => {
    const { id } = await createWithImages(1);
    const form = multipart(baseFields({ price: '-1' }), [png(await uniquePng())]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      payload: form.payload,
      headers: { ...form.headers, ...bearer(admin.token) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ price: ['The price must be greater than 0.'] });

    const ok = multipart(baseFields(), [png(await uniquePng()), png(await uniquePng())]);
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      payload: ok.payload,
      headers: { ...ok.headers, ...bearer(admin.token) },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().images).toHaveLength(2);
    const noCategories = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: bearer(admin.token),
      payload: { categories: [] },
    });
    expect(noCategories.statusCode).toBe(422);
    expect(noCategories.json().errors).toEqual({ categories: ['Please select at least one category.'] });
  });

  it('refuses 5 images on update and keeps the old set', async () => {
    const { id, imageUrls } = await createWithImages(1);
    const images = await Promise.all([1, 2, 3, 4, 5].map(() => uniquePng()));
    const res = await post(
      `/api/products/${id}`,
      multipart(
        [...baseFields(), ['_method', 'PUT']],
        images.map((data) => png(data)),
      ),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ images: ['You can only upload up to 4 images.'] });
    const product = await t.app.inject({ method: 'GET', url: `/api/products/${id}` });
    expect(product.json().images.map((i: { image_url: string }) => i.image_url)).toEqual(imageUrls);
  });

  it('answers 404 for an unknown or deleted product and 403/401 for non-admins', async () => {
    const form = () => multipart([...baseFields(), ['_method', 'PUT']]);
    expect((await post('/api/products/999999', form())).statusCode).toBe(404);
    const gone = await insertProduct(t.db, { deleted_at: now(), categories: [tops] });
    const deleted = await post(`/api/products/${gone}`, form());
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json()).toEqual({ message: 'Product not found.' });
    const { id } = await createWithImages(0);
    expect((await post(`/api/products/${id}`, form(), customer.token)).statusCode).toBe(403);
    const f = form();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/products/${id}`,
      payload: f.payload,
      headers: f.headers,
    });
    expect(anonymous.statusCode).toBe(401);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: bearer(customer.token),
      payload: { stock_quantity: 0 },
    });
    expect(put.statusCode).toBe(403);
    const wrongOverride = await post(`/api/products/${id}`, multipart([...baseFields(), ['_method', 'DELETE']]));
    expect(wrongOverride.statusCode).toBe(422);
    expect(wrongOverride.json().errors).toEqual({ _method: ['The _method field must be PUT.'] });
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).statusCode).toBe(200);
  });
});

describe('DELETE /products/{id}', () => {
  it('soft-deletes: gone from the shop and from carts, while orders keep their line', async () => {
    const id = await insertProduct(t.db, { name: 'Leaving Soon', categories: [tops] });
    const orderId = await insertOrder(t.db, customer.id, [id]);
    const at = now();
    await t.db
      .insertInto('cart_items')
      .values({ user_id: customer.id, product_id: id, quantity: 1, created_at: at, updated_at: at })
      .execute();

    const res = await t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Product deleted.' });

    expect((await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: '/api/products?q=leaving' });
    expect(list.json()).toEqual([]);
    const search = await t.app.inject({ method: 'GET', url: '/api/products/search?q=leaving' });
    expect(search.json()).toEqual([]);
    const cart = await t.db.selectFrom('cart_items').select('id').where('product_id', '=', id).execute();
    expect(cart).toEqual([]);
    const line = await t.db
      .selectFrom('order_items')
      .select(['product_id', 'product_name'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(line.product_id).toBe(id);
    const row = await t.db.selectFrom('products').select('deleted_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();

    const again = await t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: bearer(admin.token) });
    expect(again.statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    const id = await insertProduct(t.db, { categories: [tops] });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/products/${id}` })).statusCode).toBe(401);
    const asCustomer = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${id}`,
      headers: bearer(customer.token),
    });
    expect(asCustomer.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).statusCode).toBe(200);
  });
});
