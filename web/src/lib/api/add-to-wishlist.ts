import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emitAppEvent } from '@/lib/events';
import { wishlistKeys, type WishlistEntry } from './get-wishlist';
import { isGuest } from '@/lib/guest-store';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

/** POST /wishlist, or for a visitor the wishlist in this browser. */
export async function addToWishlist(productId: number): Promise<WishlistEntry | undefined> {
  if (isGuest()) {
    await (await import('@/lib/guest-store-add')).addToGuestWishlist(productId);
    return undefined;
  }
  return api.post<WishlistEntry>('/wishlist', { product_id: productId });
}

/**
 * POST /wishlist; on success the wishlist refetches and 'wishlistUpdated' fires. A 409 (already in it)
 * also refetches so the button turns into 'In Wishlist'. Toasts are the caller's.
 */
export function useAddToWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToWishlist,
    onSuccess: () => emitAppEvent('wishlistUpdated'),
    onSettled: () => refetchAfterWrite(queryClient, wishlistKeys.all),
  });
}
