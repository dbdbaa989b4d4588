import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayLinkInitiateReply, PayLinkView } from '@mtumba/contract/manual-order';
import type { MpesaPromptReply, PaymentView } from '@mtumba/contract/mpesa';
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

/** POST /pay-links/{token}/mpesa: an M-Pesa prompt for the link's order, to `phone`. */
export function sendPayLinkPrompt(token: string, phone: string): Promise<PaymentView> {
  return apiRequest<MpesaPromptReply>(`/pay-links/${encodeURIComponent(token)}/mpesa`, {
    method: 'POST',
    body: { phone },
    signOutOn401: false,
  }).then((r) => r.data.payment);
}

/** GET /pay-links/{token}/payments/{reference}: how the prompt is going. */
export function getPayLinkPayment(token: string, reference: string): Promise<PaymentView> {
  return apiRequest<PaymentView>(`/pay-links/${encodeURIComponent(token)}/payments/${encodeURIComponent(reference)}`, {
    signOutOn401: false,
  }).then((r) => r.data);
}
