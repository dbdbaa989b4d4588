import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emitAppEvent } from '@/lib/events';
import { cartKeys, type Cart } from './get-cart';
import { isGuest, writeGuestCart } from '@/lib/guest-store';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

export async function clearCart(): Promise<unknown> {
  if (isGuest()) return writeGuestCart([]);
  return api.delete('/cart/clear');
}

/** DELETE /cart/clear (the Clear Cart button, and after a successful payment). */
export function useClearCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearCart,
    onSuccess: () => {
      queryClient.setQueriesData<Cart>({ queryKey: cartKeys.all }, (cart) => cart && { ...cart, cart_items: [] });
      emitAppEvent('cartUpdated');
    },
    onSettled: () => refetchAfterWrite(queryClient, cartKeys.all),
  });
}
