import { api } from '@/lib/api-client';
import type { PaymentStatus } from '@mtumba/contract/order-states';

export interface PaymentState {
  order_id: number;
  order_status: string;
  payment_status: PaymentStatus;
  payment: { reference: string; provider: string; status: string } | null;
}

/**
 * POST /payments/confirm: the order's real payment state. The server asks the provider about a
 * payment still pending first, so the page never trusts the redirect alone (docs/architecture.md section 6).
 */
export function confirmPayment(orderId: number, trackingId?: string | null): Promise<PaymentState> {
  return api.post<PaymentState>('/payments/confirm', {
    order_id: orderId,
    ...(trackingId ? { tracking_id: trackingId } : {}),
  });
}
