import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogKeys } from '@/lib/api/catalog-keys';
import { api } from '@/lib/api-client';
import type { Review, ReviewValues } from '@mtumba/contract/review';
import { reviewKeys } from './get-my-review';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

/** The body, and the review being edited (undefined for a new one). */
export type SaveReviewInput = ReviewValues & { reviewId?: number };

/** POST /reviews for a new review, PUT /reviews/{id} to change one's own. */
export function saveReview({ reviewId, ...body }: SaveReviewInput): Promise<Review> {
  return reviewId === undefined ? api.post<Review>('/reviews', body) : api.put<Review>(`/reviews/${reviewId}`, body);
}

/** Saves a review; the product's public reviews and rating refresh too. */
export function useSaveReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReview,
    onSuccess: (saved, input) => {
      if (saved && typeof saved === 'object' && 'id' in saved) {
        queryClient.setQueriesData<Review | null>(
          { queryKey: reviewKeys.all, predicate: (q) => q.queryKey[3] === input.product_id },
          () => saved,
        );
      }
    },
    onSettled: (_data, _err, input) =>
      Promise.all([
        refetchAfterWrite(queryClient, reviewKeys.all),
        refetchAfterWrite(queryClient, catalogKeys.product(input.product_id)),
      ]),
  });
}
