import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface InitiatePaymentReply {
  checkout_url: string;
  reference?: string;
  provider?: string;
}

/** POST /payments/initiate: a hosted checkout page for one of the customer's pending orders. */
export function initiatePayment(orderId: number): Promise<InitiatePaymentReply> {
  return api.post<InitiatePaymentReply>('/payments/initiate', { order_id: orderId });
}

export function useInitiatePayment() {
  return useMutation({ mutationFn: initiatePayment });
}
