import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LIMITS } from '@mtumba/contract/constants';
import type { AdminOrderJson } from '@mtumba/contract/order';
import { apiRequest } from '@/lib/api-client';
import { adminKeys, type AdminOrderListParams } from './admin-keys';

export interface AdminOrderPage {
  orders: AdminOrderJson[];
  total: number;
}

/** GET /admin/orders?status&page&per_page: every customer's orders, newest first. */
export async function getAdminOrders(params: AdminOrderListParams, signal?: AbortSignal): Promise<AdminOrderPage> {
  const { data, headers } = await apiRequest<AdminOrderJson[]>('/admin/orders', {
    query: {
      status: params.status && params.status !== 'all' ? params.status : undefined,
      page: params.page,
      per_page: LIMITS.pageSize,
    },
    signal,
  });
  const orders = Array.isArray(data) ? data : [];
  const total = Number(headers.get('X-Total-Count'));
  return { orders, total: headers.has('X-Total-Count') && Number.isFinite(total) ? total : orders.length };
}

export const adminOrdersQueryOptions = (params: AdminOrderListParams) =>
  queryOptions({
    queryKey: adminKeys.orderList(params),
    queryFn: ({ signal }) => getAdminOrders(params, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminOrders(params: AdminOrderListParams) {
  return useQuery(adminOrdersQueryOptions(params));
}
