import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrderDetailJson, AdminOrderMessageReply } from '@mtumba/contract/order';
import type { OrderStatus } from '@mtumba/contract/order-states';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-keys';
import type { AdminOrderPage } from './get-admin-orders';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

/**
 * PUT /admin/orders/{id} {order_status}, marked as an XMLHttpRequest as docs/product.md section 7 has it;
 * a refused move is a 422 "Cannot change status from a to b."
 */
export function updateOrderStatus({
  id,
  status,
}: {
  id: number;
  status: OrderStatus;
}): Promise<AdminOrderMessageReply> {
  return apiRequest<AdminOrderMessageReply>(`/admin/orders/${id}`, {
    method: 'PUT',
    body: { order_status: status },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  }).then((reply) => reply.data);
}

/**
 * Changes one order's status. On success every cached copy of the order (list pages, detail)
 * takes the server's reply at once, then the lists refetch (a filter may no longer match).
 */
export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    onSuccess: ({ order }) => {
      queryClient.setQueriesData<AdminOrderPage>({ queryKey: adminKeys.orderLists() }, (page) =>
        page ? { ...page, orders: page.orders.map((o) => (o.id === order.id ? { ...o, ...order } : o)) } : page,
      );
      queryClient.setQueryData<AdminOrderDetailJson>(adminKeys.order(order.id), (detail) =>
        detail ? { ...detail, ...order } : detail,
      );
      void refetchAfterWrite(queryClient, adminKeys.orders());
    },
  });
}
