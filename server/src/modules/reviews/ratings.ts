import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

/**
 * Recomputes the denormalised review_count and rating_sum of the given products from their
 * reviews. Call it in the same transaction as any change to reviews.
 */
export async function refreshProductRatings(db: Executor, productIds: number[]): Promise<void> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return;
  await db
    .updateTable('products')
    .set({
      review_count: sql<number>`(select count(*) from reviews r where r.product_id = products.id)`,
      rating_sum: sql<number>`(select coalesce(sum(r.rating), 0) from reviews r where r.product_id = products.id)`,
    })
    .where('id', 'in', ids)
    .execute();
}

/** Average rating with one decimal, 0 when there are no reviews. */
export function averageRating(ratingSum: number, reviewCount: number): number {
  return reviewCount > 0 ? Math.round((ratingSum / reviewCount) * 10) / 10 : 0;
}
