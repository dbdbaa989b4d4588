import { SignInRequired } from '@/features/auth/components/sign-in-required';
import { useAuth } from '@/lib/auth/use-auth';
import { NewArrivalsToggle } from '@/features/saved-searches/components/new-arrivals-toggle';
import { ShopperAlertToggles } from '@/features/saved-searches/components/shopper-alert-toggles';
import { SavedSearchList } from '@/features/saved-searches/components/saved-search-list';
import { PushOptIn } from '@/features/push/components/push-opt-in';
import { pushTexts } from '@/features/push/texts';
import messages from '@/i18n/catalogs/en/account.json';
import { useT } from '@/i18n';

/**
 * /account/alerts: the new-arrivals e-mail choice, the wishlist and cart alerts, notifications on
 * this phone and the saved searches (docs/product.md section 10).
 */
export default function AccountAlertsRoute() {
  const { isSignedIn } = useAuth();
  const t = useT(messages);
  return (
    <div className="mx-auto" style={{ maxWidth: 720 }}>
      <title>{t('alerts.pageTitle')}</title>
      <h1 className="h3 mb-3">{t('alerts.heading')}</h1>
      {!isSignedIn ? (
        <SignInRequired what="your alerts" />
      ) : (
        <>
          <section className="mb-4" aria-labelledby="drops-title">
            <h2 id="drops-title" className="h5">
              {t('alerts.newArrivals')}
            </h2>
            <NewArrivalsToggle />
          </section>
          <section className="mb-4" aria-labelledby="wishlist-cart-title">
            <h2 id="wishlist-cart-title" className="h5">
              {t('alerts.wishlistCart')}
            </h2>
            <ShopperAlertToggles />
          </section>
          <section className="mb-4" aria-labelledby="push-title">
            <h2 id="push-title" className="h5">
              {pushTexts.heading}
            </h2>
            <PushOptIn context="account" />
          </section>
          <section aria-labelledby="searches-title">
            <h2 id="searches-title" className="h5">
              {t('alerts.searches')}
            </h2>
            <SavedSearchList />
          </section>
        </>
      )}
    </div>
  );
}
