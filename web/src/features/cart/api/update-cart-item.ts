import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emitAppEvent } from '@/lib/events';
import type { UpdateCartItemValues } from '@mtumba/contract/cart';
import { cartKeys, type Cart } from '@/lib/api/get-cart';
import { refetchAfterWrite } from '@/lib/refetch-after-write';
import { isGuest, setGuestCartQuantity } from '@/lib/guest-store';

/** The line to change (its id in the path) and the body. */
export type UpdateCartItemInput = { itemId: number } & UpdateCartItemValues;

export async function updateCartItem({ itemId, quantity }: UpdateCartItemInput): Promise<unknown> {
  // a visitor's line id is its product's id (the cart in this browser)
  if (isGuest()) return setGuestCartQuantity(itemId, quantity);
  return api.patch(`/cart/${itemId}`, { quantity });
}

/** PATCH /cart/{itemId}: the new quantity shows at once and is rolled back if the server refuses. */
export function useUpdateCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCartItem,
    onMutate: async ({ itemId, quantity }) => {
      await queryClient.cancelQueries({ queryKey: cartKeys.all });
      const previous = queryClient.getQueriesData<Cart>({ queryKey: cartKeys.all });
      queryClient.setQueriesData<Cart>(
        { queryKey: cartKeys.all },
        (cart) =>
          cart && { ...cart, cart_items: cart.cart_items.map((i) => (i.id === itemId ? { ...i, quantity } : i)) },
      );
      return { previous };
    },
    onError: (_err, _input, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: () => emitAppEvent('cartUpdated'),
    onSettled: () => refetchAfterWrite(queryClient, cartKeys.all),
  });
}
