import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emitAppEvent } from '@/lib/events';
import { cartKeys, type Cart } from '@/lib/api/get-cart';
import { refetchAfterWrite } from '@/lib/refetch-after-write';
import { isGuest, removeFromGuestCart } from '@/lib/guest-store';

export async function removeCartItem(itemId: number): Promise<unknown> {
  // a visitor's line id is its product's id (the cart in this browser)
  if (isGuest()) return removeFromGuestCart(itemId);
  return api.delete(`/cart/remove/${itemId}`);
}

/** DELETE /cart/remove/{itemId}: the line disappears at once and comes back if the server refuses. */
export function useRemoveCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCartItem,
    onMutate: async (itemId) => {
      await queryClient.cancelQueries({ queryKey: cartKeys.all });
      const previous = queryClient.getQueriesData<Cart>({ queryKey: cartKeys.all });
      queryClient.setQueriesData<Cart>(
        { queryKey: cartKeys.all },
        (cart) => cart && { ...cart, cart_items: cart.cart_items.filter((i) => i.id !== itemId) },
      );
      return { previous };
    },
    onError: (_err, _itemId, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: () => emitAppEvent('cartUpdated'),
    onSettled: () => refetchAfterWrite(queryClient, cartKeys.all),
  });
}
