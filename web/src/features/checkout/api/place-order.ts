import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderKeys } from '@/lib/api/get-orders';
import { cartKeys } from '@/lib/api/get-cart';
import { api } from '@/lib/api-client';
import { emitAppEvent } from '@/lib/events';
import type { OrderMessageReply, PlaceOrderRequest } from '@mtumba/contract/order';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

/** POST /orders: 201 with the order (stock reserved); 422 'Not enough stock for …'; 403 when unverified. */
export function placeOrder(input: PlaceOrderRequest): Promise<OrderMessageReply> {
  return api.post<OrderMessageReply>('/orders', input);
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    // the order took its items out of the cart (docs/product.md section 3): the cart and its badge follow at once
    onSuccess: async () => {
      await Promise.all([refetchAfterWrite(queryClient, orderKeys.all), refetchAfterWrite(queryClient, cartKeys.all)]);
      emitAppEvent('ordersUpdated');
      emitAppEvent('cartUpdated');
    },
  });
}
