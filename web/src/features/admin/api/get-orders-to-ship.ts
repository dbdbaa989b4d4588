import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LIMITS } from '@mtumba/contract/constants';
import type { AdminOrderJson } from '@mtumba/contract/order';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-keys';
import type { AdminOrderPage } from './get-admin-orders';

/** GET /admin/orders/to-ship?page&per_page: paid or pay-on-delivery orders not shipped yet, oldest first. */
export async function getOrdersToShip(page: number, perPage: number, signal?: AbortSignal): Promise<AdminOrderPage> {
  const { data, headers } = await apiRequest<AdminOrderJson[]>('/admin/orders/to-ship', {
    query: { page, per_page: perPage },
    signal,
  });
  const orders = Array.isArray(data) ? data : [];
  const total = Number(headers.get('X-Total-Count'));
  return { orders, total: headers.has('X-Total-Count') && Number.isFinite(total) ? total : orders.length };
}

export function useOrdersToShip(page: number, perPage: number = LIMITS.pageSize) {
  return useQuery({
    queryKey: [...adminKeys.toShipPage(page), perPage],
    queryFn: ({ signal }) => getOrdersToShip(page, perPage, signal),
    placeholderData: keepPreviousData,
  });
}
