import { lazy, Suspense } from 'react';
import { usePublicConfig } from '@/lib/api/get-config';
import { useSignInDialog } from '@/lib/auth/sign-in-dialog-context';
import messages from '@/i18n/catalogs/en/account.json';
import { useT } from '@/i18n';

const GoogleSignIn = lazy(() => import('./google-sign-in'));

/**
 * Under a visitor's cart, where the signed-in checkout panel is (docs/product.md section 3): an
 * account is needed to order, offered here with Google and with e-mail; the cart in this browser
 * goes into the new account. Signing in stays on the cart.
 */
export function CheckoutSignUp() {
  const { openSignIn } = useSignInDialog();
  const config = usePublicConfig();
  const t = useT(messages);
  const reason = t('checkout.reason');
  const clientId = config.data?.google_enabled ? config.data.google_client_id : null;
  return (
    <section className="card" aria-labelledby="checkout-sign-up-title" data-testid="checkout-sign-up">
      <div className="card-body">
        <h2 className="h5" id="checkout-sign-up-title">
          {t('checkout.title')}
        </h2>
        <p>{t('checkout.intro')}</p>
        <div className="d-grid gap-2 checkout-sign-up__actions">
          {clientId && (
            <Suspense fallback={<div className="google-slot" />}>
              <GoogleSignIn clientId={clientId} onSignedIn={() => undefined} />
            </Suspense>
          )}
          <button
            type="button"
            className="btn btn-primary btn-lg"
            onClick={() => openSignIn({ tab: 'register', reason, resume: () => undefined })}
          >
            {t('checkout.email')}
          </button>
        </div>
        <p className="small mt-3 mb-0">
          {t('checkout.haveAccount')}{' '}
          <button
            type="button"
            className="btn btn-link btn-sm p-0 align-baseline"
            onClick={() => openSignIn({ tab: 'login', reason, resume: () => undefined })}
          >
            {t('checkout.logIn')}
          </button>{' '}
          {t('checkout.joins')}
        </p>
      </div>
    </section>
  );
}
