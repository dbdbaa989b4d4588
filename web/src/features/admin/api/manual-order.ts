import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ManualOrderRequest,
  ManualOrderQuote,
  ManualOrderQuoteRequest,
  ManualOrderReply,
} from '@mtumba/contract/manual-order';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-keys';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

/** POST /admin/orders/manual/quote: the price of a manual order, nothing placed. */
export function quoteManualOrder(body: ManualOrderQuoteRequest, signal?: AbortSignal): Promise<ManualOrderQuote> {
  return apiRequest<ManualOrderQuote>('/admin/orders/manual/quote', { method: 'POST', body, signal }).then(
    (r) => r.data,
  );
}

export const manualQuoteQueryOptions = (body: ManualOrderQuoteRequest) =>
  queryOptions({
    queryKey: adminKeys.manualQuote(body),
    queryFn: ({ signal }) => quoteManualOrder(body, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The price while the admin builds the order; nothing is asked until there is a customer and an item. */
export function useManualQuote(body: ManualOrderQuoteRequest | undefined) {
  return useQuery({
    ...manualQuoteQueryOptions(body ?? ({} as ManualOrderQuoteRequest)),
    enabled: body !== undefined,
  });
}

/** POST /admin/orders/manual: places the order (items reserved at once). */
export function createManualOrder(body: ManualOrderRequest): Promise<ManualOrderReply> {
  return apiRequest<ManualOrderReply>('/admin/orders/manual', { method: 'POST', body }).then((r) => r.data);
}

export function useCreateManualOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createManualOrder,
    onSuccess: () => {
      void refetchAfterWrite(queryClient, adminKeys.orders());
      void refetchAfterWrite(queryClient, adminKeys.products());
    },
  });
}
