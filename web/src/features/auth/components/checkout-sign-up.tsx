import { lazy, Suspense } from 'react';
import { usePublicConfig } from '@/lib/api/get-config';
import { useSignInDialog } from '@/lib/auth/sign-in-dialog-context';

const GoogleSignIn = lazy(() => import('./google-sign-in'));

export const CHECKOUT_SIGN_UP_REASON = 'Create your account to place your order. Your cart and wishlist come with you.';

/**
 * Under a visitor's cart, where the signed-in checkout panel is (docs/product.md section 3): an
 * account is needed to order, offered here with Google and with e-mail; the cart in this browser
 * goes into the new account. Signing in stays on the cart.
 */
export function CheckoutSignUp() {
  const { openSignIn } = useSignInDialog();
  const config = usePublicConfig();
  const clientId = config.data?.google_enabled ? config.data.google_client_id : null;
  return (
    <section className="card" aria-labelledby="checkout-sign-up-title" data-testid="checkout-sign-up">
      <div className="card-body">
        <h2 className="h5" id="checkout-sign-up-title">
          Check out
        </h2>
        <p>To place your order, create an account: it takes a minute and your cart comes with you.</p>
        <div className="d-grid gap-2 checkout-sign-up__actions">
          {clientId && (
            <Suspense fallback={<div className="google-slot" />}>
              <GoogleSignIn clientId={clientId} onSignedIn={() => undefined} />
            </Suspense>
          )}
          <button
            type="button"
            className="btn btn-primary btn-lg"
            onClick={() => openSignIn({ tab: 'register', reason: CHECKOUT_SIGN_UP_REASON, resume: () => undefined })}
          >
            Sign up with e-mail
          </button>
        </div>
        <p className="small mt-3 mb-0">
          Already have an account?{' '}
          <button
            type="button"
            className="btn btn-link btn-sm p-0 align-baseline"
            onClick={() => openSignIn({ tab: 'login', reason: CHECKOUT_SIGN_UP_REASON, resume: () => undefined })}
          >
            Log in
          </button>{' '}
          and your cart joins the one in your account.
        </p>
      </div>
    </section>
  );
}
