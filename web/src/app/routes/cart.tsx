import { useAuth } from '@/lib/auth/use-auth';
import { CartView } from '@/features/cart/components/cart-view';
import { CheckoutPanel } from '@/features/checkout/components/checkout-panel';
import { CheckoutSignUp } from '@/features/auth/components/checkout-sign-up';
import { OfflineRefusal, useOnline } from '@/lib/offline/use-online';
import messages from '@/i18n/catalogs/en/buy.json';
import { useT } from '@/i18n';

export default function CartRoute() {
  const t = useT(messages);
  const { isSignedIn } = useAuth();
  const online = useOnline();
  return (
    <>
      <title>{t('cart.docTitle')}</title>
      <h1 className="h3 mb-3">{t('cart.title')}</h1>
      {/* a visitor's cart lives in the browser; checking out asks for an account (docs/product.md section 3) */}
      {/* without a signal: a refusal, never the cart as it was (docs/product.md section 16) */}
      {!online ? (
        <OfflineRefusal />
      ) : (
        <CartView renderCheckout={(items) => (isSignedIn ? <CheckoutPanel items={items} /> : <CheckoutSignUp />)} />
      )}
    </>
  );
}
