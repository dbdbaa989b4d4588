import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MpesaPrompt } from '@/components/mpesa-prompt/mpesa-prompt';
import { toast } from '@/lib/toast';
import { cartKeys } from '@/lib/api/get-cart';
import { useInitiatePayment } from '../api/initiate-payment';
import { getPayment, sendMpesaPrompt } from '../api/mpesa-prompt';
import { leaveForPayment } from '../leave-for-payment';

/** the hosted page's error text: 'the error or Payment initiation failed' (docs/product.md section 8) */
type ErrorText = (err: unknown) => string;

/**
 * Paying at checkout: the M-Pesa prompt first, the hosted payment page (cards, or M-Pesa there)
 * as "Pay another way" (docs/product.md, "Paying with the M-Pesa prompt").
 */
export function MpesaCheckout({
  order,
  errorText,
  hostedButton,
}: {
  order: { id: number; total_amount: number; shipping_phone: string | null };
  errorText: ErrorText;
  /** the hosted page's own button, offered beside the prompt before one is sent */
  hostedButton: ReactNode;
}) {
  const queryClient = useQueryClient();
  const hosted = useInitiatePayment();
  const payAnotherWay = () =>
    hosted.mutate(order.id, {
      onSuccess: (reply) => leaveForPayment(reply.checkout_url),
      onError: (err) => toast.error(errorText(err), { toastId: `pay-${order.id}` }),
    });
  return (
    <MpesaPrompt
      orderId={order.id}
      amount={order.total_amount}
      defaultPhone={order.shipping_phone}
      initiate={(phone) => sendMpesaPrompt(order.id, phone)}
      loadStatus={getPayment}
      onPayAnotherWay={payAnotherWay}
      payingAnotherWay={hosted.isPending || hosted.isSuccess}
      hostedPage={hostedButton}
      // the order's own queries (`orders` keys) show it paid; pay on delivery is no longer offered
      onPaid={() => {
        void queryClient.invalidateQueries({ queryKey: ['orders'] });
        void queryClient.invalidateQueries({ queryKey: ['delivery', 'pay-on-delivery', order.id] });
        void queryClient.invalidateQueries({ queryKey: cartKeys.all });
      }}
    />
  );
}
