import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Review } from '@mtumba/contract/review';
import { catalogKeys } from '@/lib/api/catalog-keys';

export async function getProductReviews(productId: number): Promise<Review[]> {
  const data = await api.get<Review[]>(`/products/${productId}/reviews`);
  return Array.isArray(data) ? data : [];
}

/** The key to invalidate after a review is saved or deleted: `catalogKeys.reviews(productId)`. */
export const productReviewsQueryOptions = (productId: number) =>
  queryOptions({ queryKey: catalogKeys.reviews(productId), queryFn: () => getProductReviews(productId) });

export function useProductReviews(productId: number) {
  return useQuery({ ...productReviewsQueryOptions(productId), enabled: productId > 0 });
}
