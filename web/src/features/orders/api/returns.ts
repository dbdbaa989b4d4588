import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderReturnsJson, ReturnJson, ReturnRequestBody } from '@mtumba/contract/returns';
import { api, apiRequest } from '@/lib/api-client';
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

type ReturnReply = { message: string; return: ReturnJson };

/**
 * POST /orders/{id}/returns: ask to return items (422 outside the window); then, with photos,
 * POST /orders/{id}/returns/{returnId}/photos (multipart `photos`).
 */
export function useRequestReturn(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ photos, ...body }: ReturnRequestBody & { photos: File[] }) => {
      const reply = await api.post<ReturnReply>(`/orders/${orderId}/returns`, body);
      if (photos.length > 0) {
        const form = new FormData();
        for (const photo of photos) form.append('photos', photo);
        await apiRequest<ReturnReply>(`/orders/${orderId}/returns/${reply.return.id}/photos`, {
          method: 'POST',
          body: form,
        });
      }
      return reply;
    },
    onSettled: () => refetchAfterWrite(queryClient, returnsKey(orderId)),
  });
}
