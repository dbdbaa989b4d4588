import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayOnDeliveryOption } from '@mtumba/contract/delivery';
import type { OrderMessageReply } from '@mtumba/contract/order';
import { api } from '@/lib/api-client';
import { emitAppEvent } from '@/lib/events';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

const podKey = (orderId: number) => ['delivery', 'pay-on-delivery', orderId] as const;
/** every order query of the web app starts with this key */
const ORDERS_KEY = ['orders'] as const;

/** GET /orders/{id}/pay-on-delivery: whether the order may be paid to the rider, and why not. */
export function usePayOnDeliveryOption(orderId: number) {
  return useQuery({
    queryKey: podKey(orderId),
    queryFn: ({ signal }) => api.get<PayOnDeliveryOption>(`/orders/${orderId}/pay-on-delivery`, undefined, signal),
  });
}

/** POST /orders/{id}/pay-on-delivery: the order is confirmed, to be paid on delivery. */
export function useChoosePayOnDelivery(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<OrderMessageReply>(`/orders/${orderId}/pay-on-delivery`),
    onSettled: async () => {
      await Promise.all([refetchAfterWrite(queryClient, podKey(orderId)), refetchAfterWrite(queryClient, ORDERS_KEY)]);
      emitAppEvent('ordersUpdated');
    },
  });
}

/** Asks again whether the order may be paid on delivery (after the customer verified a phone). */
export function useRefreshPayOnDelivery(orderId: number) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: podKey(orderId) });
}
