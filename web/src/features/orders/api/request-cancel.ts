import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MessageReply } from '@mtumba/contract/account';
import { orderKeys } from '@/lib/api/get-orders';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

export function requestCancel(orderId: number): Promise<MessageReply> {
  return api.post<MessageReply>(`/orders/${orderId}/request-cancel`);
}

/** POST /orders/{id}/request-cancel: asks the shop to cancel (it does not cancel by itself). */
export function useRequestCancel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestCancel,
    onSettled: () => refetchAfterWrite(queryClient, orderKeys.all),
  });
}
