import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emitAppEvent } from '@/lib/events';
import { wishlistKeys, type WishlistEntry } from './get-wishlist';
import { isGuest } from '@/lib/guest-store';
import { isQueued, sendOrQueue, type Queued } from '@/lib/offline/send-or-queue';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

/** POST /wishlist, or for a visitor the wishlist in this browser. */
export async function sendAddToWishlist(productId: number): Promise<WishlistEntry | undefined> {
  if (isGuest()) {
    await (await import('@/lib/guest-store-add')).addToGuestWishlist(productId);
    return undefined;
  }
  return api.post<WishlistEntry>('/wishlist', { product_id: productId });
}

/** Adds now, or without a signal keeps the add and sends it when the signal returns (lib/offline). */
export function addToWishlist(productId: number, name?: string): Promise<WishlistEntry | undefined | Queued> {
  return sendOrQueue({ kind: 'wishlist', productId, name: name ?? `#${productId}` }, () =>
    sendAddToWishlist(productId),
  );
}

/**
 * POST /wishlist; on success the wishlist refetches and 'wishlistUpdated' fires. A 409 (already in it)
 * also refetches so the button turns into 'In Wishlist'. Offline the add is kept and the reply is
 * `Queued` (isQueued). Toasts are the caller's.
 */
export function useAddToWishlist() {
  const queryClient = useQueryClient();
  return useMutation<WishlistEntry | undefined | Queued, Error, { productId: number; name?: string }>({
    mutationFn: ({ productId, name }) => addToWishlist(productId, name),
    onSuccess: (result) => {
      if (!isQueued(result)) emitAppEvent('wishlistUpdated');
    },
    onSettled: (result) => {
      if (!isQueued(result)) return refetchAfterWrite(queryClient, wishlistKeys.all);
    },
  });
}
