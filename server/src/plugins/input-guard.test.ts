import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldWithNul } from '../lib/input.js';
import { bearer, buildTestApp, createUser, TEST_DB, type TestApp } from '../../test/helpers.js';
import { insertCategory, multipart } from '../../test/catalog.js';

describe('fieldWithNul', () => {
  it('names the first field whose text or key holds a NUL character', () => {
    expect(fieldWithNul({ name: 'Coat', items: [{ note: 'ok' }, { note: 'a\u0000b' }] })).toBe('items.1.note');
    expect(fieldWithNul({ ['k\u0000']: 1 })).toBe('input');
    expect(fieldWithNul({ name: 'Coat', tags: ['a', 'b'], n: 1, none: null })).toBeUndefined();
  });

  it('walks input nested far deeper than the call stack reaches', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(fieldWithNul({ a: deep })).toMatch(/^a(\.0)+$/);
  });
});

// PostgreSQL refuses NUL in text (the whole statement fails); SQLite stores it. Both now refuse it first.
describe(`NUL characters in input on ${TEST_DB}`, () => {
  let t: TestApp;
  let admin: { token: string };

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createUser(t.db, { admin: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('a JSON body field: 422 naming the field, nothing stored', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: bearer(admin.token),
      payload: { name: 'Coats\u0000' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The name field contains a character that is not allowed.',
      errors: { name: ['The name field contains a character that is not allowed.'] },
    });
    const rows = await t.db.selectFrom('categories').select('id').execute();
    expect(rows).toEqual([]);
  });

  it('a list filter in the query string: 422, not a failed search', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products?brand=Levi%00' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ brand: ['The brand field contains a character that is not allowed.'] });
  });

  it('a multipart product form field: 422 naming the field', async () => {
    const category = await insertCategory(t.db, 'Jackets');
    const form = multipart([
      ['name', 'Denim\u0000 jacket'],
      ['price', '1500'],
      ['stock_quantity', '2'],
      ['categories[]', category],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { ...bearer(admin.token), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ name: ['The name field contains a character that is not allowed.'] });
  });
});
