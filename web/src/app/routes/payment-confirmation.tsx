import { useSearchParams } from 'react-router';
import { useAuth } from '@/lib/auth/use-auth';
import { PaymentConfirmation } from '@/features/checkout/components/payment-confirmation';
import { SignInRequired } from '@/features/auth/components/sign-in-required';

export default function PaymentConfirmationRoute() {
  const { isSignedIn } = useAuth();
  const [params] = useSearchParams();
  const orderId = Number(params.get('order_id'));
  return (
    <>
      <title>Payment — Mtumba</title>
      {isSignedIn ? (
        <PaymentConfirmation key={orderId} orderId={orderId} trackingId={params.get('tracking_id')} />
      ) : (
        <SignInRequired what="your payment" />
      )}
    </>
  );
}
