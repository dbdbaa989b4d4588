import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../db/database.js';
import { buildCountingApp } from '../../../test/catalog.js';
import { insertProduct } from '../../../test/cart-fixtures.js';
import { bearer, createUser, TEST_DB } from '../../../test/helpers.js';

let t: Awaited<ReturnType<typeof buildCountingApp>>;

beforeAll(async () => {
  t = await buildCountingApp();
});
afterAll(async () => {
  await t?.close();
});

/** A signed-in customer whose token's first use is already recorded (a later use writes nothing). */
async function customer() {
  const user = await createUser(t.db, { verified: true });
  const headers = bearer(user.token);
  expect((await t.app.inject({ method: 'GET', url: '/api/cart', headers })).statusCode).toBe(200);
  await expect
    .poll(
      async () =>
        (
          await t.db
            .selectFrom('auth_tokens')
            .select('last_used_at')
            .where('user_id', '=', user.id)
            .executeTakeFirstOrThrow()
        ).last_used_at,
    )
    .not.toBeNull();
  return { ...user, headers };
}

async function fillCart(userId: number, lines: number) {
  const ids: number[] = [];
  for (let i = 0; i < lines; i++) {
    const p = await insertProduct(t.db, { stock: 2, images: [`cart-count-${i}-a`, `cart-count-${i}-b`] });
    ids.push(p.id);
    await t.db
      .insertInto('cart_items')
      .values({ user_id: userId, product_id: p.id, quantity: 1, created_at: now(), updated_at: now() })
      .execute();
  }
  return ids;
}

async function cartQueries(headers: Record<string, string>) {
  const before = t.queries.count;
  const res = await t.app.inject({ method: 'GET', url: '/api/cart', headers });
  expect(res.statusCode).toBe(200);
  return { queries: t.queries.count - before, body: res.json() };
}

// PostgreSQL reads the lines in the token check's statement (each statement is a round trip).
const tokenAndLines = TEST_DB === 'postgres' ? 1 : 2;

describe(`GET /api/cart query count, on ${TEST_DB}`, () => {
  it('costs the token check and one read of lines with photos, for 1 line or 12', async () => {
    const small = await customer();
    await fillCart(small.id, 1);
    const one = await cartQueries(small.headers);
    expect(one.body.cart_items).toHaveLength(1);
    expect(one.queries).toBe(tokenAndLines);

    const large = await customer();
    await fillCart(large.id, 12);
    const twelve = await cartQueries(large.headers);
    expect(twelve.body.cart_items).toHaveLength(12);
    expect(twelve.body.cart_items[0].product.image_url).toMatch(/cart-count-0-a/);
    expect(twelve.body.cart_items.map((i: { id: number }) => i.id)).toEqual(
      [...twelve.body.cart_items.map((i: { id: number }) => i.id)].sort((a: number, b: number) => a - b),
    );
    expect(twelve.queries).toBe(tokenAndLines);
  });

  it('reads the customer’s offer holds only when a line’s item has units held for offers', async () => {
    const me = await customer();
    const [first] = await fillCart(me.id, 3);
    await t.db.updateTable('products').set({ held_quantity: 1 }).where('id', '=', first!).execute();
    expect((await cartQueries(me.headers)).queries).toBe(tokenAndLines + 1);
  });

  it('adds an item in five statements after the token check: the item, the line, then the line, photo and count shown', async () => {
    const me = await customer();
    const product = await insertProduct(t.db, { stock: 3, images: ['cart-add-a'] });
    const before = t.queries.count;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: me.headers,
      payload: { product_id: product.id, quantity: 1 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().cart_count).toBe(1);
    // the offer holds are read only for an item with units held; nothing is read twice
    expect(t.queries.count - before).toBe(1 + 5);
  });
});
