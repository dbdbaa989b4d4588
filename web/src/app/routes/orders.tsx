import { useAuth } from '@/lib/auth/use-auth';
import { OrdersList } from '@/features/orders/components/orders-list';
import { SignInRequired } from '@/features/auth/components/sign-in-required';
import messages from '@/i18n/catalogs/en/orders.json';
import { useT } from '@/i18n';

export default function OrdersRoute() {
  const t = useT(messages);
  const { isSignedIn } = useAuth();
  return (
    <>
      <title>{t('orders.pageTitle')}</title>
      <h1 className="h3 mb-3">{t('orders.heading')}</h1>
      {isSignedIn ? <OrdersList /> : <SignInRequired what={t('orders.signInWhat')} />}
    </>
  );
}
