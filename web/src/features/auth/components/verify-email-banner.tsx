import { useLocation } from 'react-router';
import { toast } from '@/lib/toast';
import { BusyButton } from '@/components/ui/busy-button';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useResendVerification } from '../api/resend-verification';
import { useAuth } from '@/lib/auth/use-auth';
import messages from '@/i18n/catalogs/en/account.json';
import { useT } from '@/i18n';

/** Tells a signed-in customer with an unverified e-mail why they cannot order yet, with a Resend button. */
export function VerifyEmailBanner() {
  const { user, isSignedIn, isAdmin, isVerified } = useAuth();
  const { pathname } = useLocation();
  const resend = useResendVerification();
  const t = useT(messages);
  if (!isSignedIn || !user || isAdmin || isVerified || pathname === paths.verifyEmail()) return null;

  return (
    <section className="verify-banner" aria-label={t('verify.banner')}>
      <div className="container d-flex flex-wrap align-items-center gap-2 py-2">
        <p className="mb-0 me-auto">
          {t('verify.pleaseBefore')}
          <strong>{user.email}</strong>
          {t('verify.pleaseAfter')}
        </p>
        <BusyButton
          type="button"
          className="btn btn-sm btn-dark"
          busy={resend.isPending}
          busyLabel={t('verify.resending')}
          onClick={() =>
            resend.mutate(user.email, {
              onSuccess: (reply) => toast.success(reply?.message ?? t('verify.sent')),
              onError: (err) => toast.error(errorMessage(err, t('verify.failed'))),
            })
          }
        >
          {t('verify.resend')}
        </BusyButton>
      </div>
    </section>
  );
}
