import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emitAppEvent } from '@/lib/events';
import type { AddToCartValues } from '@mtumba/contract/cart';
import { cartKeys } from './get-cart';
import { isGuest } from '@/lib/guest-store';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

/** POST /cart/add, or for a visitor the cart in this browser. */
export function addToCart(input: AddToCartValues): Promise<unknown> {
  if (isGuest()) return import('@/lib/guest-store-add').then((m) => m.addToGuestCart(input.product_id, input.quantity));
  return api.post('/cart/add', input);
}

/** POST /cart/add (a visitor's: the browser's cart); on success the cart refetches and 'cartUpdated' fires. Toasts are the caller's. */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    onSuccess: async () => {
      await refetchAfterWrite(queryClient, cartKeys.all);
      emitAppEvent('cartUpdated');
    },
  });
}
