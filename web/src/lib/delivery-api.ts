import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DeliveryDetailsJson,
  DeliveryMethodJson,
  SavedAddressBody,
  SavedAddressJson,
} from '@mtumba/contract/delivery';
import type { MessageReply } from '@mtumba/contract/account';
import { api } from './api-client';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

/**
 * Delivery methods and the customer's saved delivery details, shared by the cart, the product
 * page, My Account and the admin (docs/product.md section 11).
 */
export const deliveryKeys = {
  all: ['delivery'] as const,
  methods: () => ['delivery', 'methods'] as const,
  details: () => ['delivery', 'details'] as const,
};

export const deliveryMethodsQueryOptions = () =>
  queryOptions({
    queryKey: deliveryKeys.methods(),
    queryFn: ({ signal }) => api.get<DeliveryMethodJson[]>('/delivery-methods', undefined, signal),
    staleTime: 5 * 60_000,
  });

/** GET /delivery-methods: the active methods, in the shop's order. */
export function useDeliveryMethods() {
  return useQuery(deliveryMethodsQueryOptions());
}

/** GET /user/delivery-details: default phone and saved addresses (signed-in customers only). */
export function useDeliveryDetails({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: deliveryKeys.details(),
    queryFn: ({ signal }) => api.get<DeliveryDetailsJson>('/user/delivery-details', undefined, signal),
    enabled,
  });
}

export function useSaveDefaultPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (phone: string | null) => api.put<DeliveryDetailsJson>('/user/default-phone', { default_phone: phone }),
    onSuccess: (details) => queryClient.setQueryData(deliveryKeys.details(), details),
  });
}

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SavedAddressBody }) =>
      id === null
        ? api.post<SavedAddressJson>('/user/addresses', body)
        : api.put<SavedAddressJson>(`/user/addresses/${id}`, body),
    onSettled: () => refetchAfterWrite(queryClient, deliveryKeys.details()),
  });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<MessageReply>(`/user/addresses/${id}`),
    onSettled: () => refetchAfterWrite(queryClient, deliveryKeys.details()),
  });
}
