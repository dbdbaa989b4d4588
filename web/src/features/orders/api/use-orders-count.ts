import { useOrders } from '@/lib/api/get-orders';

/** How many orders the signed-in customer has, for the navbar badge. */
export function useOrdersCount(): number {
  return useOrders().data?.length ?? 0;
}
