import { useParams, useSearchParams } from 'react-router';
import { useAuth } from '@/lib/auth/use-auth';
import { OrderCheckout } from '@/features/checkout/components/order-checkout';
import { PayOnDeliveryPanel } from '@/features/delivery/components/pay-on-delivery-panel';
import { SignInRequired } from '@/features/auth/components/sign-in-required';
import { CheckoutPhoneStep } from '@/features/auth/components/phone-verification';
import { OfflineRefusal, useOnline } from '@/lib/offline/use-online';
import messages from '@/i18n/catalogs/en/buy.json';
import { useT } from '@/i18n';

export default function CheckoutRoute() {
  const t = useT(messages);
  const { isSignedIn } = useAuth();
  const { orderId } = useParams();
  const [params] = useSearchParams();
  const id = Number(orderId);
  const online = useOnline();
  return (
    <>
      <title>{t('ck.docTitle')}</title>
      <h1 className="h3 mb-3">{t('ck.title')}</h1>
      {/* without a signal: a refusal, never the order as it was (docs/product.md section 16) */}
      {!online ? (
        <OfflineRefusal />
      ) : !isSignedIn ? (
        <SignInRequired what={t('ck.thisOrder')} />
      ) : Number.isInteger(id) && id > 0 ? (
        <>
          <OrderCheckout key={id} orderId={id} paymentFailed={params.get('payment') === 'failed'} />
          <PayOnDeliveryPanel
            key={`pod-${id}`}
            orderId={id}
            unlock={(refresh, phone) => <CheckoutPhoneStep phone={phone} onVerified={refresh} />}
          />
        </>
      ) : (
        <div className="alert alert-warning">{t('oc.notFound')}</div>
      )}
    </>
  );
}
