import type { OrderJson } from '@mtumba/contract/order';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { api } from '@/lib/api-client';
import { orderKeys } from './get-orders';

/** GET /orders/{id}: 404 'Order not found.', 410 when a pending order's reservation expired. */
export function getOrder(orderId: number): Promise<OrderJson> {
  return api.get<OrderJson>(`/orders/${orderId}`);
}

export const orderQueryOptions = (userId: number | null, orderId: number) =>
  queryOptions({ queryKey: orderKeys.detail(userId, orderId), queryFn: () => getOrder(orderId) });

/** One of the signed-in customer's orders; `orderId` not a positive whole number → disabled. */
export function useOrder(orderId: number) {
  const { isSignedIn, user } = useAuth();
  const valid = Number.isInteger(orderId) && orderId > 0;
  return useQuery({ ...orderQueryOptions(user?.id ?? null, orderId), enabled: isSignedIn && valid });
}
