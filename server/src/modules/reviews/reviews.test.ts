import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewSchema } from '@mtumba/contract/review';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { insertOrder, insertProduct } from '../../../test/catalog.js';
import { now } from '../../db/database.js';

let t: TestApp;
type Customer = { id: number; name: string; token: string };

const product = (id: number) => t.app.inject({ method: 'GET', url: `/api/products/${id}` });

async function customerWhoReceived(productIds: number[]): Promise<Customer> {
  const user = await createUser(t.db);
  await insertOrder(t.db, user.id, productIds, { status: 'delivered' });
  return user;
}

function postReview(user: Customer, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/reviews', headers: bearer(user.token), payload });
}

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('POST /reviews', () => {
  it('lets a customer review a product from a delivered order, and updates its rating', async () => {
    const id = await insertProduct(t.db, { name: 'Reviewed Dress' });
    const ann = await customerWhoReceived([id]);
    const res = await postReview(ann, { product_id: id, rating: 4, review_text: '  Fits well  ' });
    expect(res.statusCode).toBe(201);
    expect(reviewSchema.strict().safeParse(res.json()).success).toBe(true);
    expect(res.json()).toMatchObject({ product_id: id, rating: 4, review_text: 'Fits well', user: { name: ann.name } });

    const bob = await customerWhoReceived([id]);
    await postReview(bob, { product_id: id, rating: 5 });
    const after = (await product(id)).json();
    expect(after.review_count).toBe(2);
    expect(after.average_rating).toBe(4.5);
  });

  it('refuses a product that is not in a delivered order of the caller (403)', async () => {
    const id = await insertProduct(t.db, {});
    const stranger = await createUser(t.db);
    const pending = await createUser(t.db);
    await insertOrder(t.db, pending.id, [id], { status: 'shipped' });
    // someone else's delivered order does not let others review
    await customerWhoReceived([id]);
    for (const user of [stranger, pending]) {
      const res = await postReview(user, { product_id: id, rating: 5, review_text: 'Great' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'You can review products from your delivered orders only.' });
    }
    expect((await product(id)).json().review_count).toBe(0);
  });

  it('allows one review per product (409)', async () => {
    const id = await insertProduct(t.db, {});
    const user = await customerWhoReceived([id]);
    expect((await postReview(user, { product_id: id, rating: 3 })).statusCode).toBe(201);
    const again = await postReview(user, { product_id: id, rating: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'You have already reviewed this product.' });
    expect((await product(id)).json()).toMatchObject({ review_count: 1, average_rating: 3 });
  });

  it('validates rating, text and product', async () => {
    const id = await insertProduct(t.db, {});
    const user = await customerWhoReceived([id]);
    const missing = await postReview(user, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      product_id: ['The product id field is required.'],
      rating: ['The rating field is required.'],
    });
    for (const rating of [0, 6, 'five']) {
      const res = await postReview(user, { product_id: id, rating });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.rating).toHaveLength(1);
    }
    const long = await postReview(user, { product_id: id, rating: 5, review_text: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({
      review_text: ['The review text may not be greater than 1000 characters.'],
    });
    const unknown = await postReview(user, { product_id: 999999, rating: 5 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Product not found.' });
    const exact = await postReview(user, { product_id: id, rating: '5', review_text: 'y'.repeat(1000) });
    expect(exact.statusCode).toBe(201);
  });

  it('needs a signed-in user (401)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/reviews', payload: { product_id: 1, rating: 5 } });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /reviews?product_id=', () => {
  it("answers the caller's own review as a one-element array, or []", async () => {
    const id = await insertProduct(t.db, {});
    const author = await customerWhoReceived([id]);
    const other = await customerWhoReceived([id]);
    const created = (await postReview(author, { product_id: id, rating: 2, review_text: 'Too small' })).json();

    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/reviews?product_id=${id}`,
      headers: bearer(author.token),
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([created]);
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/reviews?product_id=${id}`,
      headers: bearer(other.token),
    });
    expect(theirs.json()).toEqual([]);
    const invalid = await t.app.inject({
      method: 'GET',
      url: '/api/reviews?product_id=abc',
      headers: bearer(author.token),
    });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors)).toEqual(['product_id']);
    expect((await t.app.inject({ method: 'GET', url: `/api/reviews?product_id=${id}` })).statusCode).toBe(401);
  });
});

describe('PUT /reviews/{id} and DELETE /reviews/{id}', () => {
  it('lets the author change and delete their review, keeping the product rating right', async () => {
    const id = await insertProduct(t.db, {});
    const author = await customerWhoReceived([id]);
    const review = (await postReview(author, { product_id: id, rating: 1, review_text: 'Bad' })).json();

    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/reviews/${review.id}`,
      headers: bearer(author.token),
      payload: { product_id: id, rating: 5, review_text: 'Changed my mind' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: review.id, rating: 5, review_text: 'Changed my mind' });
    expect((await product(id)).json()).toMatchObject({ review_count: 1, average_rating: 5 });

    const invalid = await t.app.inject({
      method: 'PUT',
      url: `/api/reviews/${review.id}`,
      headers: bearer(author.token),
      payload: { rating: 9 },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({ rating: ['The rating must be between 1 and 5.'] });

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/reviews/${review.id}`,
      headers: bearer(author.token),
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Review deleted.' });
    expect((await product(id)).json()).toMatchObject({ review_count: 0, average_rating: 0 });
  });

  it("answers 404 for someone else's review or a missing one, and changes nothing", async () => {
    const id = await insertProduct(t.db, {});
    const author = await customerWhoReceived([id]);
    const intruder = await customerWhoReceived([id]);
    const review = (await postReview(author, { product_id: id, rating: 4 })).json();
    for (const url of [`/api/reviews/${review.id}`, '/api/reviews/999999', '/api/reviews/abc']) {
      const put = await t.app.inject({
        method: 'PUT',
        url,
        headers: bearer(intruder.token),
        payload: { rating: 1, review_text: 'Hacked' },
      });
      expect(put.statusCode).toBe(404);
      expect(put.json()).toEqual({ message: 'Review not found.' });
      const del = await t.app.inject({ method: 'DELETE', url, headers: bearer(intruder.token) });
      expect(del.statusCode).toBe(404);
    }
    expect((await product(id)).json()).toMatchObject({ review_count: 1, average_rating: 4 });
  });

  it('needs a signed-in user (401)', async () => {
    expect((await t.app.inject({ method: 'PUT', url: '/api/reviews/1', payload: { rating: 5 } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/reviews/1' })).statusCode).toBe(401);
  });
});

describe('GET /products/{id}/reviews', () => {
  it('lists reviews newest first with the author name only', async () => {
    const id = await insertProduct(t.db, {});
    const users = [await customerWhoReceived([id]), await customerWhoReceived([id]), await customerWhoReceived([id])];
    const days = ['2024-03-01', '2024-03-03', '2024-03-02'];
    for (const [i, user] of users.entries()) {
      const at = `${days[i]}T12:00:00.000Z`;
      await t.db
        .insertInto('reviews')
        .values({
          product_id: id,
          user_id: user.id,
          rating: 3 + i,
          review_text: `Review ${i}`,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${id}/reviews` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((r: { review_text: string }) => r.review_text)).toEqual(['Review 1', 'Review 2', 'Review 0']);
    expect(body[0]).toEqual({
      id: expect.any(Number),
      product_id: id,
      rating: 4,
      review_text: 'Review 1',
      created_at: '2024-03-03T12:00:00.000Z',
      updated_at: '2024-03-03T12:00:00.000Z',
      user: { name: users[1].name },
    });
    expect(JSON.stringify(body)).not.toContain('@');
    expect(res.headers['x-total-count']).toBe('3');
    const page = await t.app.inject({ method: 'GET', url: `/api/products/${id}/reviews?per_page=1&page=3` });
    expect(page.json().map((r: { review_text: string }) => r.review_text)).toEqual(['Review 0']);
  });

  it('answers [] without reviews and 404 for a missing or deleted product', async () => {
    const id = await insertProduct(t.db, {});
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${id}/reviews` })).json()).toEqual([]);
    const gone = await insertProduct(t.db, { deleted_at: now() });
    for (const url of ['/api/products/999999/reviews', `/api/products/${gone}/reviews`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Product not found.' });
    }
  });
});
