import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogKeys } from '@/lib/api/catalog-keys';
import { api } from '@/lib/api-client';
import type { Review } from '@mtumba/contract/review';
import { reviewKeys } from './get-my-review';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

export interface DeleteReviewInput {
  reviewId: number;
  productId: number;
}

export function deleteReview({ reviewId }: DeleteReviewInput): Promise<unknown> {
  return api.delete(`/reviews/${reviewId}`);
}

/** DELETE /reviews/{id}: one's own review; the product's public reviews and rating refresh too. */
export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    onSuccess: (_data, input) =>
      queryClient.setQueriesData<Review | null>(
        { queryKey: reviewKeys.all, predicate: (q) => q.queryKey[3] === input.productId },
        () => null,
      ),
    onSettled: (_data, _err, input) =>
      Promise.all([
        refetchAfterWrite(queryClient, reviewKeys.all),
        refetchAfterWrite(queryClient, catalogKeys.product(input.productId)),
      ]),
  });
}
