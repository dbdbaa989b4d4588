import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminCancelRequestBody,
  AdminManualPaymentBody,
  AdminOrderMessageReply,
  AdminRefundBody,
  AdminShipBody,
} from '@mtumba/contract/order';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-keys';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

export type OrderAction =
  | { kind: 'payment'; body: AdminManualPaymentBody }
  | { kind: 'refund'; body: AdminRefundBody }
  | { kind: 'cancel-request'; body: AdminCancelRequestBody }
  | { kind: 'ship'; body: AdminShipBody };

const PATHS: Record<OrderAction['kind'], string> = {
  payment: 'payments',
  refund: 'refunds',
  'cancel-request': 'cancel-request',
  ship: 'ship',
};

/**
 * The shop's order moves beyond a status change: record a payment it received, record a refund,
 * answer a cancellation request, ship with a carrier and waybill
 * (POST /admin/orders/{id}/payments | refunds | cancel-request | ship).
 */
export function postOrderAction(id: number, action: OrderAction): Promise<AdminOrderMessageReply> {
  return apiRequest<AdminOrderMessageReply>(`/admin/orders/${id}/${PATHS[action.kind]}`, {
    method: 'POST',
    body: action.body,
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  }).then((reply) => reply.data);
}

export function useOrderAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: OrderAction) => postOrderAction(id, action),
    onSuccess: () => void refetchAfterWrite(queryClient, adminKeys.orders()),
  });
}
