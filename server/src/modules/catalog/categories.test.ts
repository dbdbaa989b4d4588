import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { insertCategory, insertProduct } from '../../../test/catalog.js';

let t: TestApp;
let admin: { token: string };
let customer: { token: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, { admin: true });
  customer = await createUser(t.db);
});

afterAll(async () => {
  await t.close();
});

describe('GET /categories', () => {
  it('lists categories sorted by name, with id and name', async () => {
    await insertCategory(t.db, 'Shoes');
    await insertCategory(t.db, 'accessories');
    await insertCategory(t.db, 'Dresses');
    const res = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(res.statusCode).toBe(200);
    const names = res.json().map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names).toEqual(expect.arrayContaining(['Shoes', 'accessories', 'Dresses']));
    expect(Object.keys(res.json()[0]).sort()).toEqual(['id', 'name']);
    expect(res.headers.etag).toMatch(/^W\/"/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('POST /categories', () => {
  it('creates a category for an admin (201)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: bearer(admin.token),
      payload: { name: '  Jackets  ' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), name: 'Jackets' });
  });

  it('requires a name', async () => {
    for (const payload of [{}, { name: '' }, { name: '   ' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/categories', headers: bearer(admin.token), payload });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.name).toEqual(['The name field is required.']);
    }
  });

  it('refuses a name already taken, whatever its case', async () => {
    await insertCategory(t.db, 'Bags');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: bearer(admin.token),
      payload: { name: 'BAGS' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The name has already been taken.',
      errors: { name: ['The name has already been taken.'] },
    });
  });

  it('refuses a name that is too long', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: bearer(admin.token),
      payload: { name: 'x'.repeat(101) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name).toEqual(['The name may not be greater than 100 characters.']);
  });

  it('is for admins only: 401 without a token, 403 for a customer', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/categories', payload: { name: 'Hats' } });
    expect(anonymous.statusCode).toBe(401);
    const asCustomer = await t.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: bearer(customer.token),
      payload: { name: 'Hats' },
    });
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json()).toEqual({ message: 'Forbidden.' });
    const list = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(list.json().map((c: { name: string }) => c.name)).not.toContain('Hats');
  });
});

describe('PUT /categories/{id}', () => {
  it('renames a category; changing only the case of its own name is fine', async () => {
    const id = await insertCategory(t.db, 'Tops');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/categories/${id}`,
      headers: bearer(admin.token),
      payload: { name: 'TOPS' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, name: 'TOPS' });
  });

  it("refuses another category's name", async () => {
    await insertCategory(t.db, 'Skirts');
    const id = await insertCategory(t.db, 'Shorts');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/categories/${id}`,
      headers: bearer(admin.token),
      payload: { name: 'skirts' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name).toEqual(['The name has already been taken.']);
  });

  it('answers 404 for an unknown category and 422 for a missing name', async () => {
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/categories/999999',
      headers: bearer(admin.token),
      payload: { name: 'Anything' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Category not found.' });
    const id = await insertCategory(t.db, 'Coats');
    const invalid = await t.app.inject({
      method: 'PUT',
      url: `/api/categories/${id}`,
      headers: bearer(admin.token),
      payload: { name: '' },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors.name).toEqual(['The name field is required.']);
  });

  it('is for admins only', async () => {
    const id = await insertCategory(t.db, 'Vests');
    const anonymous = await t.app.inject({ method: 'PUT', url: `/api/categories/${id}`, payload: { name: 'X' } });
    expect(anonymous.statusCode).toBe(401);
    const asCustomer = await t.app.inject({
      method: 'PUT',
      url: `/api/categories/${id}`,
      headers: bearer(customer.token),
      payload: { name: 'X' },
    });
    expect(asCustomer.statusCode).toBe(403);
  });
});

describe('DELETE /categories/{id}', () => {
  it('removes the category from its products; the products stay', async () => {
    const id = await insertCategory(t.db, 'Scarves');
    const other = await insertCategory(t.db, 'Winter');
    const productId = await insertProduct(t.db, { name: 'Wool scarf', categories: [id, other] });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/categories/${id}`, headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Category deleted.' });

    const product = await t.app.inject({ method: 'GET', url: `/api/products/${productId}` });
    expect(product.statusCode).toBe(200);
    expect(product.json().categories).toEqual([{ id: other, name: 'Winter' }]);
    const list = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(list.json().map((c: { id: number }) => c.id)).not.toContain(id);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/categories/${id}`, headers: bearer(admin.token) });
    expect(again.statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    const id = await insertCategory(t.db, 'Belts');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/categories/${id}` })).statusCode).toBe(401);
    const asCustomer = await t.app.inject({
      method: 'DELETE',
      url: `/api/categories/${id}`,
      headers: bearer(customer.token),
    });
    expect(asCustomer.statusCode).toBe(403);
    const list = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(list.json().map((c: { id: number }) => c.id)).toContain(id);
  });
});

describe('GET /categories/{id}/products', () => {
  it("lists the category's live products, newest first, with paging headers", async () => {
    const id = await insertCategory(t.db, 'Denim');
    const older = await insertProduct(t.db, { categories: [id], created_at: '2024-01-01T00:00:00.000Z' });
    const newer = await insertProduct(t.db, { categories: [id], created_at: '2024-02-01T00:00:00.000Z' });
    await insertProduct(t.db, { categories: [id], deleted_at: '2024-03-01T00:00:00.000Z' });
    await insertProduct(t.db, {});
    const res = await t.app.inject({ method: 'GET', url: `/api/categories/${id}/products` });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { id: number }) => p.id)).toEqual([newer, older]);
    expect(res.headers['x-total-count']).toBe('2');
    const paged = await t.app.inject({ method: 'GET', url: `/api/categories/${id}/products?per_page=1&page=2` });
    expect(paged.json().map((p: { id: number }) => p.id)).toEqual([older]);
    expect(paged.headers.link).toContain('rel="prev"');
  });

  it('answers 404 for an unknown category', async () => {
    for (const url of ['/api/categories/999999/products', '/api/categories/abc/products']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Category not found.' });
    }
  });
});
