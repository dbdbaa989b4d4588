import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emitAppEvent } from '@/lib/events';
import { cartKeys } from './get-cart';

export interface AddToCartInput {
  product_id: number;
  quantity: number;
}

export function addToCart(input: AddToCartInput): Promise<unknown> {
  return api.post('/cart/add', input);
}

/** POST /cart/add; on success the cart refetches and 'cartUpdated' fires. Toasts are the caller's. */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: cartKeys.all });
      emitAppEvent('cartUpdated');
    },
  });
}
