import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShippingOption } from '@mtumba/contract/constants';
import { orderKeys, type Order } from '@/lib/api/get-orders';
import { api } from '@/lib/api-client';
import { emitAppEvent } from '@/lib/events';

export interface PlaceOrderInput {
  items: { product_id: number; quantity: number }[];
  shipping_address: ShippingOption;
  shipping_phone: string;
  discount_code: string | null;
}

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
