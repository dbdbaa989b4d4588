import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderReturnsJson, ReturnJson, ReturnRequestBody } from '@mtumba/contract/returns';
import { api } from '@/lib/api-client';
import { orderKeys } from '@/lib/api/get-orders';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

const returnsKey = (orderId: number) => [...orderKeys.all, 'returns', orderId] as const;

/** GET /orders/{id}/returns: the order's returns and whether one may be asked for now. */
export function useOrderReturns(orderId: number) {
  return useQuery({
    queryKey: returnsKey(orderId),
    queryFn: () => api.get<OrderReturnsJson>(`/orders/${orderId}/returns`),
  });
}

/** POST /orders/{id}/returns: ask to return items (422 outside the window). */
export function useRequestReturn(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturnRequestBody) =>
      api.post<{ message: string; return: ReturnJson }>(`/orders/${orderId}/returns`, body),
    onSettled: () => refetchAfterWrite(queryClient, returnsKey(orderId)),
  });
}
