import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrderDetailJson } from '@mtumba/contract/order';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /admin/orders/{id}: one order with its customer, lines, payments and history. */
export function getAdminOrder(id: number, signal?: AbortSignal): Promise<AdminOrderDetailJson> {
  return api.get<AdminOrderDetailJson>(`/admin/orders/${id}`, undefined, signal);
}

export const adminOrderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminKeys.order(id),
    queryFn: ({ signal }) => getAdminOrder(id, signal),
  });

/** One order; pass a non-number id (a bad URL) to get nothing and no request. */
export function useAdminOrder(id: number) {
  return useQuery({ ...adminOrderQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
