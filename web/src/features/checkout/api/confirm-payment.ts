import { api } from '@/lib/api-client';
import type { PaymentStateReply } from '@mtumba/contract/payment';

/**
 * POST /payments/confirm: the order's real payment state. The server asks the provider about a
 * payment still pending first, so the page never trusts the redirect alone (docs/architecture.md section 6).
 */
export function confirmPayment(orderId: number, trackingId?: string | null): Promise<PaymentStateReply> {
  return api.post<PaymentStateReply>('/payments/confirm', {
    order_id: orderId,
    ...(trackingId ? { tracking_id: trackingId } : {}),
  });
}
