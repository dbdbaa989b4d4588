import type { MpesaPromptReply, PaymentView } from '@mtumba/contract/mpesa';
import { api } from '@/lib/api-client';

/** POST /payments/mpesa: an M-Pesa prompt on the shopper's phone for one of their pending orders. */
export async function sendMpesaPrompt(orderId: number, phone: string): Promise<PaymentView> {
  const reply = await api.post<MpesaPromptReply>('/payments/mpesa', { order_id: orderId, phone });
  return reply.payment;
}

/** GET /payments/{reference}: one of the shopper's payments. */
export function getPayment(reference: string): Promise<PaymentView> {
  return api.get<PaymentView>(`/payments/${encodeURIComponent(reference)}`);
}
