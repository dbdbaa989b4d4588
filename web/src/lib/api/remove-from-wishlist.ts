import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emitAppEvent } from '@/lib/events';
import { wishlistKeys, type WishlistEntry } from '@/lib/api/get-wishlist';
import { refetchAfterWrite } from '@/lib/refetch-after-write';
import { isGuest, removeFromGuestWishlist } from '@/lib/guest-store';

export async function removeFromWishlist(entryId: number): Promise<unknown> {
  // a visitor's entry id is its product's id (the wishlist in this browser)
  if (isGuest()) return removeFromGuestWishlist(entryId);
  return api.delete(`/wishlist/${entryId}`);
}

/** DELETE /wishlist/{entryId}: the entry disappears at once and comes back if the server refuses. */
export function useRemoveFromWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromWishlist,
    onMutate: async (entryId) => {
      await queryClient.cancelQueries({ queryKey: wishlistKeys.all });
      const previous = queryClient.getQueriesData<WishlistEntry[]>({ queryKey: wishlistKeys.all });
      queryClient.setQueriesData<WishlistEntry[]>({ queryKey: wishlistKeys.all }, (list) =>
        list?.filter((entry) => entry.id !== entryId),
      );
      return { previous };
    },
    onError: (_err, _entryId, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: () => emitAppEvent('wishlistUpdated'),
    onSettled: () => refetchAfterWrite(queryClient, wishlistKeys.all),
  });
}
