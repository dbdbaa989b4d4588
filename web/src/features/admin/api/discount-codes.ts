import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DiscountCodeBody, DiscountCodeJson } from '@mtumba/contract/discount-codes';
import { api } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

export const discountCodeKeys = { all: ['discount-codes'] as const };

/** GET /admin/discount-codes: every code, inactive ones too, newest first. */
export function useAdminDiscountCodes() {
  return useQuery({
    queryKey: discountCodeKeys.all,
    queryFn: ({ signal }) => api.get<DiscountCodeJson[]>('/admin/discount-codes', undefined, signal),
  });
}

/** POST (new) or PUT (existing: edit, switch on or off) a discount code. */
export function useSaveDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: DiscountCodeBody }) =>
      id === null
        ? api.post<DiscountCodeJson>('/admin/discount-codes', body)
        : api.put<DiscountCodeJson>(`/admin/discount-codes/${id}`, body),
    onSettled: () => refetchAfterWrite(queryClient, discountCodeKeys.all),
  });
}
