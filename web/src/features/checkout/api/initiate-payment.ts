import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { InitiatePaymentReply } from '@mtumba/contract/payment';

export type { InitiatePaymentReply };

/** POST /payments/initiate: a hosted checkout page for one of the customer's pending orders. */
export function initiatePayment(orderId: number): Promise<InitiatePaymentReply> {
  return api.post<InitiatePaymentReply>('/payments/initiate', { order_id: orderId });
}

export function useInitiatePayment() {
  return useMutation({ mutationFn: initiatePayment });
}
