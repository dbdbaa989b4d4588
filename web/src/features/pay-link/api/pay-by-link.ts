import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayLinkInitiateReply, PayLinkView } from '@mtumba/contract/manual-order';
import { apiRequest } from '@/lib/api-client';
import { payLinkKeys } from './get-pay-link';

/** POST /pay-links/{token}/initiate: a hosted payment page for the link's order. */
export function initiatePayLink(token: string, orderId: number): Promise<PayLinkInitiateReply> {
  return apiRequest<PayLinkInitiateReply>(`/pay-links/${encodeURIComponent(token)}/initiate`, {
    method: 'POST',
    body: { order_id: orderId },
    signOutOn401: false,
  }).then((r) => r.data);
}

export function useInitiatePayLink(token: string) {
  return useMutation({ mutationFn: (orderId: number) => initiatePayLink(token, orderId) });
}

/** POST /pay-links/{token}/confirm: back from the payment page, the order's real state. */
export function confirmPayLink(token: string, trackingId: string | undefined): Promise<PayLinkView> {
  return apiRequest<PayLinkView>(`/pay-links/${encodeURIComponent(token)}/confirm`, {
    method: 'POST',
    body: trackingId ? { tracking_id: trackingId } : {},
    signOutOn401: false,
  }).then((r) => r.data);
}

export function useConfirmPayLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (trackingId: string | undefined) => confirmPayLink(token, trackingId),
    onSuccess: (view) => queryClient.setQueryData(payLinkKeys.view(token), view),
  });
}
