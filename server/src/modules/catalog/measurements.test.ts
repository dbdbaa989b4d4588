import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSchema } from '@mtumba/contract/product';
import { bearer, buildTestApp, createUser, TEST_DB, type TestApp } from '../../../test/helpers.js';
import { insertCategory, multipart } from '../../../test/catalog.js';

let t: TestApp;
let admin: { token: string };
let tops: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, { admin: true });
  tops = await insertCategory(t.db, 'Tops');
});

afterAll(async () => {
  await t.close();
});

describe(`measurements and flaw notes on ${TEST_DB}`, () => {
  it('keeps the measurements in cm and the flaws given with the form, and shows them on the product', async () => {
    const form = multipart([
      ['name', 'Linen Shirt'],
      ['description', 'Breezy'],
      ['price', '900'],
      ['stock_quantity', '1'],
      ['categories[]', tops],
      ['measurements', JSON.stringify({ pit_to_pit: '54', length: 72.5, sleeve: '' })],
      ['flaws', ' Small mark on the left cuff. '],
    ]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { ...bearer(admin.token), ...form.headers },
      payload: form.payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id: number = created.json().id;
    const shown = productSchema.parse((await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json());
    expect(shown.measurements).toEqual({ pit_to_pit: 54, length: 72.5 });
    expect(shown.flaws).toBe('Small mark on the left cuff.');

    // An edit that names neither keeps them; blank values clear them.
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: bearer(admin.token),
      payload: { name: 'Linen Shirt (white)' },
    });
    expect(renamed.json()).toMatchObject({
      measurements: { pit_to_pit: 54, length: 72.5 },
      flaws: 'Small mark on the left cuff.',
    });
    const cleared = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: bearer(admin.token),
      payload: { measurements: { pit_to_pit: 53 }, flaws: '' },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ measurements: { pit_to_pit: 53 }, flaws: null });
  });

  it('a product without them answers {} and null', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(admin.token),
      payload: { name: 'Plain Tee', description: 'Cotton', price: 300, stock_quantity: 1, categories: [tops] },
    });
    expect(created.json()).toMatchObject({ measurements: {}, flaws: null });
  });

  it('refuses a measurement that is not a number of cm, or unknown, with a clear message', async () => {
    for (const [measurements, message] of [
      [{ waist: 'wide' }, 'Waist must be a number of cm between 0 and 300 (one decimal at most).'],
      [{ waist: 1000 }, 'Waist must be a number of cm between 0 and 300 (one decimal at most).'],
      [{ elbow: 20 }, 'Unknown measurement: elbow.'],
      ['not json', 'The measurements must be a list of sizes in cm.'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: bearer(admin.token),
        payload: { name: 'Odd', description: 'x', price: 300, stock_quantity: 1, categories: [tops], measurements },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.measurements).toEqual([message]);
    }
    const long = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(admin.token),
      payload: {
        name: 'Odd',
        description: 'x',
        price: 300,
        stock_quantity: 1,
        categories: [tops],
        flaws: 'x'.repeat(501),
      },
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.flaws).toEqual(['The flaws may not be greater than 500 characters.']);
  });
});
