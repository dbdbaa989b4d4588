import { useEffect, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { useRequireSignIn } from '@/lib/auth/use-require-sign-in';
import { toast } from '@/lib/toast';

export const ADMINS_ONLY = 'Admins only.';

const stay = () => {};

/**
 * The client's guard on admin screens: a visitor gets the sign-in dialog (and stays here to come
 * back signed in), a customer is sent home with a toast. The server is the real guard: every
 * admin call answers 401/403 on its own.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { isSignedIn, isAdmin } = useAuth();
  const requireSignIn = useRequireSignIn();
  const navigate = useNavigate();

  useEffect(() => {
    if (!isSignedIn) requireSignIn(stay);
  }, [isSignedIn, requireSignIn]);

  useEffect(() => {
    if (isSignedIn && !isAdmin) {
      toast.error(ADMINS_ONLY, { toastId: 'admins-only' });
      navigate(paths.home(), { replace: true });
    }
  }, [isSignedIn, isAdmin, navigate]);

  if (!isSignedIn) {
    return (
      <section className="text-center py-5" aria-labelledby="admin-sign-in-title">
        <h1 id="admin-sign-in-title" className="h4">
          Please sign in
        </h1>
        <p className="text-muted">
          This page is for the shop&apos;s admins. Sign in with an admin account to continue.
        </p>
        <Button variant="primary" onClick={() => requireSignIn(stay)}>
          Sign in
        </Button>
      </section>
    );
  }
  if (!isAdmin) return null;
  return <>{children}</>;
}
