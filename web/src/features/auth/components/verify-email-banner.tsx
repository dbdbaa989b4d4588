import { useLocation } from 'react-router';
import { toast } from '@/lib/toast';
import { BusyButton } from '@/components/ui/busy-button';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useResendVerification } from '../api/resend-verification';
import { useAuth } from '@/lib/auth/use-auth';

/** Tells a signed-in customer with an unverified e-mail why they cannot order yet, with a Resend button. */
export function VerifyEmailBanner() {
  const { user, isSignedIn, isAdmin, isVerified } = useAuth();
  const { pathname } = useLocation();
  const resend = useResendVerification();
  if (!isSignedIn || !user || isAdmin || isVerified || pathname === paths.verifyEmail()) return null;

  return (
    <section className="verify-banner" aria-label="E-mail verification">
      <div className="container d-flex flex-wrap align-items-center gap-2 py-2">
        <p className="mb-0 me-auto">
          Please verify your e-mail address (<strong>{user.email}</strong>) to place orders. Check your inbox for the
          link we sent.
        </p>
        <BusyButton
          type="button"
          className="btn btn-sm btn-dark"
          busy={resend.isPending}
          busyLabel="Resending..."
          onClick={() =>
            resend.mutate(user.email, {
              onSuccess: (reply) => toast.success(reply?.message ?? 'Verification link sent.'),
              onError: (err) => toast.error(errorMessage(err, 'Failed to resend link')),
            })
          }
        >
          Resend Verification Email
        </BusyButton>
      </div>
    </section>
  );
}
