import type { Review } from '@mtumba/contract/review';
import { isUniqueViolation, now, type Db } from '../../db/database.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { isLiveProduct, PRODUCT_NOT_FOUND, refreshProductRatings } from '../catalog/service.js';
import { reviewRepository, type ReviewRow } from './repository.js';

export const REVIEW_NOT_FOUND = 'Review not found.';
export const DELIVERED_ONLY = 'You can review products from your delivered orders only.';
export const ALREADY_REVIEWED = 'You have already reviewed this product.';
export const DEFAULT_REVIEWS_PER_PAGE = 100;

export function reviewJson(row: ReviewRow): Review {
  return {
    id: row.id,
    product_id: row.product_id,
    rating: row.rating,
    review_text: row.review_text,
    created_at: row.created_at,
    updated_at: row.updated_at,
    user: { name: row.user_name },
  };
}

/**
 * Reviews: only for products from the customer's delivered orders, one per product, changed
 * only by their author. Every change refreshes the product's rating in the same transaction.
 */
export function reviewService(db: Db) {
  const reviews = reviewRepository(db);

  async function load(id: number): Promise<Review> {
    const row = await reviews.find(id);
    if (!row) throw notFound(REVIEW_NOT_FOUND);
    return reviewJson(row);
  }

  /** The user's own review, or a 404 that says nothing about other people's reviews. */
  async function ownReview(userId: number, id: number): Promise<ReviewRow> {
    const review = await reviews.find(id);
    if (!review || review.user_id !== userId) throw notFound(REVIEW_NOT_FOUND);
    return review;
  }

  return {
    async mine(userId: number, productId?: number): Promise<Review[]> {
      return (await reviews.ofUser(userId, productId)).map(reviewJson);
    },

    async ofProduct(
      productId: number,
      page: number,
      perPage: number,
    ): Promise<{ reviews: Review[]; page: number; perPage: number; total: number }> {
      if (!(await isLiveProduct(db, productId))) throw notFound(PRODUCT_NOT_FOUND);
      const [rows, total] = await Promise.all([
        reviews.ofProduct(productId, perPage, (page - 1) * perPage),
        reviews.countOfProduct(productId),
      ]);
      return { reviews: rows.map(reviewJson), page, perPage, total };
    },

    /** The first `limit` reviews of a product the caller already knows shoppers can see (its page). */
    async ofShownProduct(productId: number, limit: number): Promise<Review[]> {
      return (await reviews.ofProduct(productId, limit, 0)).map(reviewJson);
    },

    async create(userId: number, input: { product_id: number; rating: number; review_text: string }): Promise<Review> {
      if (!(await isLiveProduct(db, input.product_id))) throw notFound(PRODUCT_NOT_FOUND);
      if (!(await reviews.hasDelivered(userId, input.product_id))) throw forbidden(DELIVERED_ONLY);
      if (await reviews.existsFor(userId, input.product_id)) throw conflict(ALREADY_REVIEWED);
      try {
        const id = await db.transaction().execute(async (trx) => {
          const at = now();
          const reviewId = await reviewRepository(trx).insert({
            product_id: input.product_id,
            user_id: userId,
            rating: input.rating,
            review_text: input.review_text,
            created_at: at,
            updated_at: at,
          });
          await refreshProductRatings(trx, [input.product_id]);
          return reviewId;
        });
        return load(id);
      } catch (err) {
        // Two submissions at once: the unique (user, product) index lets one through.
        if (isUniqueViolation(err)) throw conflict(ALREADY_REVIEWED);
        throw err;
      }
    },

    async update(userId: number, id: number, input: { rating: number; review_text: string }): Promise<Review> {
      const review = await ownReview(userId, id);
      await db.transaction().execute(async (trx) => {
        await reviewRepository(trx).update(id, {
          rating: input.rating,
          review_text: input.review_text,
          updated_at: now(),
        });
        await refreshProductRatings(trx, [review.product_id]);
      });
      return load(id);
    },

    async delete(userId: number, id: number): Promise<void> {
      const review = await ownReview(userId, id);
      await db.transaction().execute(async (trx) => {
        await reviewRepository(trx).delete(id);
        await refreshProductRatings(trx, [review.product_id]);
      });
    },
  };
}
