import { useSearchParams } from 'react-router';
import { useAuth } from '@/lib/auth/use-auth';
import { PaymentConfirmation } from '@/features/checkout/components/payment-confirmation';
import { SignInRequired } from '@/features/auth/components/sign-in-required';
import messages from '@/i18n/catalogs/en/buy.json';
import { useT } from '@/i18n';

export default function PaymentConfirmationRoute() {
  const t = useT(messages);
  const { isSignedIn } = useAuth();
  const [params] = useSearchParams();
  const orderId = Number(params.get('order_id'));
  return (
    <>
      <title>{t('pc.docTitle')}</title>
      {isSignedIn ? (
        <PaymentConfirmation key={orderId} orderId={orderId} trackingId={params.get('tracking_id')} />
      ) : (
        <SignInRequired what={t('pc.yourPayment')} />
      )}
    </>
  );
}
