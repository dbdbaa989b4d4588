import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { api } from '@/lib/api-client';
import type { Review } from '@mtumba/contract/review';

export const reviewKeys = {
  all: ['reviews'] as const,
  mine: (userId: number | null, productId: number) => ['reviews', 'mine', userId, productId] as const,
};

/** GET /reviews?product_id=: the signed-in customer's own review of the product, or null. */
export async function getMyReview(productId: number): Promise<Review | null> {
  const data = await api.get<Review[] | null>('/reviews', { product_id: productId });
  return Array.isArray(data) && data.length > 0 ? data[0] : null;
}

export const myReviewQueryOptions = (userId: number | null, productId: number) =>
  queryOptions({ queryKey: reviewKeys.mine(userId, productId), queryFn: () => getMyReview(productId) });

export function useMyReview(productId: number) {
  const { isSignedIn, user } = useAuth();
  return useQuery({ ...myReviewQueryOptions(user?.id ?? null, productId), enabled: isSignedIn && productId > 0 });
}
