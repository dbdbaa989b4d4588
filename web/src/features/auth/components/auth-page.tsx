import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { AuthForms, type AuthTab } from './auth-forms';
import { homeAfterSignIn } from '../home-after-sign-in';
import messages from '@/i18n/catalogs/en/account.json';
import { useT } from '@/i18n';

/** /login and /register: the dialog's tabs as a page; the tab follows the URL. */
export function AuthPage({ tab }: { tab: AuthTab }) {
  const navigate = useNavigate();
  const t = useT(messages);
  const [search] = useSearchParams();
  const verified = search.get('verified');
  const cancelled = search.get('email_change_cancelled');
  const { isSignedIn, user } = useAuth();
  // Signing in on this page swaps nothing: its forms show their own result and move on.
  const [signedInOnArrival] = useState(isSignedIn);

  // The e-mail link opened in a browser that is already signed in: no login form, just where to go next.
  if (isSignedIn && user && (signedInOnArrival || verified !== null)) {
    return (
      <div className="mx-auto text-center" style={{ maxWidth: '28rem' }}>
        <title>{verified === '1' ? t('page.verifiedTitle') : t('page.signedInTitle')}</title>
        <h1 className="h3 mb-3">{verified === '1' ? t('page.verified') : t('page.signedIn')}</h1>
        {verified === '1' && <p role="status">{t('page.thanks', { name: user.name })}</p>}
        {verified === '0' && <p role="alert">{t('page.badLink')}</p>}
        {verified === null && <p>{t('page.signedInAs', { email: user.email })}</p>}
        <div className="d-flex flex-wrap gap-2 justify-content-center">
          <Link to={paths.products()} className="btn btn-primary">
            {t('page.continue')}
          </Link>
          {!user.is_admin && (
            <Link to={paths.cart()} className="btn btn-outline-primary">
              {t('page.toCart')}
            </Link>
          )}
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto" style={{ maxWidth: '28rem' }}>
      <title>{tab === 'login' ? t('page.loginTitle') : t('page.registerTitle')}</title>
      <h1 className="h3 text-center mb-3">{tab === 'login' ? t('login.title') : t('register.heading')}</h1>
      {verified === '1' && (
        <div className="alert alert-success" role="status">
          {t('page.verifiedLogIn')}
        </div>
      )}
      {verified === '0' && (
        <div className="alert alert-warning" role="alert">
          {t('page.badLinkLogIn')}
        </div>
      )}
      {cancelled === '1' && (
        <div className="alert alert-success" role="status">
          {t('page.changeCancelled')}
        </div>
      )}
      {cancelled === '0' && (
        <div className="alert alert-warning" role="alert">
          {t('page.badChangeLink')}
        </div>
      )}
      <div className="card shadow-sm">
        <div className="card-body">
          <AuthForms
            tab={tab}
            onTabChange={(next) => navigate(next === 'login' ? paths.login() : paths.register(), { replace: true })}
            onSignedIn={() => navigate(homeAfterSignIn())}
          />
        </div>
      </div>
    </div>
  );
}
