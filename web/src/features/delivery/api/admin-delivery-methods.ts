import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliveryMethodBody, DeliveryMethodJson } from '@mtumba/contract/delivery';
import { api } from '@/lib/api-client';
import { deliveryKeys } from '@/lib/delivery-api';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

const adminMethodsKey = ['delivery', 'admin-methods'] as const;

/** GET /admin/delivery-methods: every method, inactive ones too. */
export function useAdminDeliveryMethods() {
  return useQuery({
    queryKey: adminMethodsKey,
    queryFn: ({ signal }) => api.get<DeliveryMethodJson[]>('/admin/delivery-methods', undefined, signal),
  });
}

/** POST (new) or PUT (existing) a delivery method. */
export function useSaveDeliveryMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: DeliveryMethodBody }) =>
      id === null
        ? api.post<DeliveryMethodJson>('/admin/delivery-methods', body)
        : api.put<DeliveryMethodJson>(`/admin/delivery-methods/${id}`, body),
    onSettled: () => refetchAfterWrite(queryClient, deliveryKeys.all),
  });
}
