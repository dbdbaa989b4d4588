import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emitAppEvent } from '@/lib/events';
import type { AddToCartValues } from '@mtumba/contract/cart';
import { cartKeys } from './get-cart';
import { isGuest } from '@/lib/guest-store';
import { isQueued, sendOrQueue, type Queued } from '@/lib/offline/send-or-queue';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

/** What to add; the product's name is for the message when the add waits for the signal. */
export type AddToCartInput = AddToCartValues & { name?: string };

/** POST /cart/add, or for a visitor the cart in this browser. */
export function sendAddToCart({ product_id, quantity }: AddToCartValues): Promise<unknown> {
  if (isGuest()) return import('@/lib/guest-store-add').then((m) => m.addToGuestCart(product_id, quantity));
  return api.post('/cart/add', { product_id, quantity });
}

/** Adds now, or without a signal keeps the add and sends it when the signal returns (lib/offline). */
export function addToCart(input: AddToCartInput): Promise<unknown> {
  const { product_id, quantity } = input;
  return sendOrQueue({ kind: 'cart', productId: product_id, quantity, name: input.name ?? `#${product_id}` }, () =>
    sendAddToCart({ product_id, quantity }),
  );
}

/**
 * POST /cart/add (a visitor's: the browser's cart); on success the cart refetches and 'cartUpdated' fires.
 * Offline the add is kept and the reply is `Queued` (isQueued). Toasts are the caller's.
 */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation<unknown | Queued, Error, AddToCartInput>({
    mutationFn: addToCart,
    onSuccess: async (result) => {
      if (isQueued(result)) return;
      await refetchAfterWrite(queryClient, cartKeys.all);
      emitAppEvent('cartUpdated');
    },
  });
}
