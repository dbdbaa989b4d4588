import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderKeys, type Order } from '@/lib/api/get-orders';
import { api } from '@/lib/api-client';
import { emitAppEvent } from '@/lib/events';
import type { PlaceOrderRequest } from '@mtumba/contract/order';

export type PlaceOrderInput = PlaceOrderRequest;

export interface PlaceOrderReply {
  message: string;
  order: Order;
}

/** POST /orders: 201 with the order (stock reserved); 422 'Not enough stock for …'; 403 when unverified. */
export function placeOrder(input: PlaceOrderInput): Promise<PlaceOrderReply> {
  return api.post<PlaceOrderReply>('/orders', input);
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
      emitAppEvent('ordersUpdated');
    },
  });
}
