import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderJson, OrderMessageReply } from '@mtumba/contract/order';
import { api } from '@/lib/api-client';
import { orderKeys } from '@/lib/api/get-orders';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

/** POST /orders/{id}/cancel: the customer cancels their own unpaid order; the items go back on sale. */
export function cancelOrder(orderId: number): Promise<{ message: string; order: OrderJson }> {
  return api.post<OrderMessageReply>(`/orders/${orderId}/cancel`);
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: () => refetchAfterWrite(queryClient, orderKeys.all),
  });
}
