import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { AuthForms, type AuthTab } from './auth-forms';
import { homeAfterSignIn } from '../home-after-sign-in';

/** /login and /register: the dialog's tabs as a page; the tab follows the URL. */
export function AuthPage({ tab }: { tab: AuthTab }) {
  const navigate = useNavigate();
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
        <title>{verified === '1' ? 'Email verified — Mtumba' : 'Signed in — Mtumba'}</title>
        <h1 className="h3 mb-3">{verified === '1' ? 'Your email is verified' : 'You are signed in'}</h1>
        {verified === '1' && (
          <p role="status">Thank you, {user.name}: your account is active and you can place orders.</p>
        )}
        {verified === '0' && <p role="alert">This verification link is invalid or has already been used.</p>}
        {verified === null && <p>You are signed in as {user.email}.</p>}
        <div className="d-flex flex-wrap gap-2 justify-content-center">
          <Link to={paths.products()} className="btn btn-primary">
            Continue Shopping
          </Link>
          {!user.is_admin && (
            <Link to={paths.cart()} className="btn btn-outline-primary">
              Go to Cart
            </Link>
          )}
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto" style={{ maxWidth: '28rem' }}>
      <title>{tab === 'login' ? 'Login — Mtumba' : 'Register — Mtumba'}</title>
      <h1 className="h3 text-center mb-3">{tab === 'login' ? 'Login' : 'Create your account'}</h1>
      {verified === '1' && (
        <div className="alert alert-success" role="status">
          Your email has been verified. You can now log in.
        </div>
      )}
      {verified === '0' && (
        <div className="alert alert-warning" role="alert">
          This verification link is invalid or has already been used. Log in to ask for a new one.
        </div>
      )}
      {cancelled === '1' && (
        <div className="alert alert-success" role="status">
          The e-mail change was cancelled and your account was signed out everywhere. Log in with your usual address; if
          you did not ask for the change, choose a new password with "Forgot your password?".
        </div>
      )}
      {cancelled === '0' && (
        <div className="alert alert-warning" role="alert">
          This link is invalid or has already been used.
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
