import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emitAppEvent } from '@/lib/events';
import type { AddToCartValues } from '@mtumba/contract/cart';
import { cartKeys } from './get-cart';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

export function addToCart(input: AddToCartValues): Promise<unknown> {
  return api.post('/cart/add', input);
}

/** POST /cart/add; on success the cart refetches and 'cartUpdated' fires. Toasts are the caller's. */
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
