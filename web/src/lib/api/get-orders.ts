import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderJson } from '@mtumba/contract/order';
import { useAuth } from '@/lib/auth/use-auth';
import { api } from '@/lib/api-client';

/**
 * Query keys of the customer's orders. Everything starts with 'orders', so a live status update
 * (or the navbar's 'ordersUpdated' listener) refreshes the list and every open order at once.
 */
export const orderKeys = {
  all: ['orders'] as const,
  list: (userId: number | null) => ['orders', 'list', userId] as const,
  detail: (userId: number | null, orderId: number) => ['orders', 'detail', userId, orderId] as const,
};

/** GET /orders: the signed-in customer's orders, newest first. */
export async function getOrders(): Promise<OrderJson[]> {
  const data = await api.get<OrderJson[] | null>('/orders');
  return Array.isArray(data) ? data : [];
}

export const ordersQueryOptions = (userId: number | null) =>
  queryOptions({ queryKey: orderKeys.list(userId), queryFn: getOrders });

/** The signed-in customer's orders (disabled, no data, when signed out or an admin). */
export function useOrders() {
  const { isSignedIn, isAdmin, user } = useAuth();
  return useQuery({ ...ordersQueryOptions(user?.id ?? null), enabled: isSignedIn && !isAdmin });
}

/** A pending order whose reservation ran out: the server answers 410 for it and the sweeper cancels it. */
export function isReservationExpired(
  order: Pick<OrderJson, 'order_status' | 'reserved_until'>,
  now = Date.now(),
): boolean {
  return order.order_status === 'pending' && order.reserved_until !== null && Date.parse(order.reserved_until) <= now;
}

/** A pending order that can still be paid. */
export function isAwaitingPayment(
  order: Pick<OrderJson, 'order_status' | 'payment_status' | 'reserved_until'> & { cancel_request_open?: boolean },
): boolean {
  return (
    order.order_status === 'pending' &&
    ['unpaid', 'failed', 'pending'].includes(order.payment_status) &&
    !isReservationExpired(order) &&
    !order.cancel_request_open
  );
}

/**
 * Products held for the customer's own orders that still await payment: product id → order id.
 * Such an item shows stock 0 everywhere, but it is not sold to someone else: it waits for this customer.
 */
export function useHeldForMe(): ReadonlyMap<number, number> {
  const { data } = useOrders();
  const held = new Map<number, number>();
  for (const order of data ?? []) {
    if (!isAwaitingPayment(order)) continue;
    for (const item of order.order_items) if (item.product_id !== null) held.set(item.product_id, order.id);
  }
  return held;
}
