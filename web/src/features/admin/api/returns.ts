import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminDeliveryFailedBody,
  AdminReturnReceiveBody,
  AdminReturnRefundBody,
  AdminReturnsList,
  OrderReturnsJson,
  ReturnJson,
} from '@mtumba/contract/returns';
import { api } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/refetch-after-write';
import { adminKeys } from './admin-keys';

type Reply = { message: string; return: ReturnJson };

/** Under the admin's order keys: a return's change refreshes the order (its payment status) too. */
const returnsKey = () => [...adminKeys.orders(), 'returns'] as const;

/** GET /admin/orders/{id}/returns */
export function useAdminOrderReturns(orderId: number) {
  return useQuery({
    queryKey: [...returnsKey(), 'order', orderId],
    queryFn: () => api.get<OrderReturnsJson>(`/admin/orders/${orderId}/returns`),
  });
}

/** GET /admin/returns: the returns queue (open by default) and the count waiting. */
export function useAdminReturns(status = 'open') {
  return useQuery({
    queryKey: [...returnsKey(), 'list', status],
    queryFn: () => api.get<AdminReturnsList>('/admin/returns', { status }),
  });
}

export type ReturnAction =
  | { kind: 'delivery-failed'; orderId: number; body: AdminDeliveryFailedBody }
  | { kind: 'approve' | 'decline'; returnId: number; body: { note?: string | null } }
  | { kind: 'receive'; returnId: number; body: AdminReturnReceiveBody }
  | { kind: 'refund'; returnId: number; body: AdminReturnRefundBody };

function post(action: ReturnAction): Promise<Reply> {
  if (action.kind === 'delivery-failed') {
    return api.post<Reply>(`/admin/orders/${action.orderId}/delivery-failed`, action.body);
  }
  return api.post<Reply>(`/admin/returns/${action.returnId}/${action.kind}`, action.body);
}

export function useReturnAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: post,
    onSettled: () => refetchAfterWrite(queryClient, adminKeys.orders()),
  });
}
