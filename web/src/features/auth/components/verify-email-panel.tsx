import { useState, type FormEvent } from 'react';
import { BusyButton } from '@/components/ui/busy-button';
import { EmailField } from '@/components/ui/email-field';
import { FormResult, type FormOutcome } from '@/components/ui/form-result';
import { errorMessage } from '@/lib/api-client';
import { getUnverifiedEmail } from '@/lib/auth-storage';
import { useResendVerification } from '../api/resend-verification';
import { useAuth } from '@/lib/auth/use-auth';
import messages from '@/i18n/catalogs/en/account.json';
import { useT } from '@/i18n';

/** 'Verify Your Email': says a link was sent, and resends it on request. */
export function VerifyEmailPanel() {
  const { user } = useAuth();
  const known = getUnverifiedEmail() ?? (user && user.email_verified === false ? user.email : null);
  const [email, setEmail] = useState(known ?? '');
  const [result, setResult] = useState<FormOutcome | null>(null);
  const resend = useResendVerification();
  const t = useT(messages);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(null);
    resend.mutate(email.trim(), {
      onSuccess: (reply) => setResult({ ok: true, text: reply?.message ?? t('verify.newSent') }),
      onError: (err) => setResult({ ok: false, text: errorMessage(err, t('verify.failed')) }),
    });
  }

  return (
    <form onSubmit={submit} aria-label={t('verify.form')}>
      <p>
        {known ? (
          <>
            {t('verify.sentToBefore')}
            <strong>{known}</strong>
            {t('verify.sentToAfter')}
          </>
        ) : (
          <>{t('verify.sentToYou')}</>
        )}
      </p>
      <p className="small text-body-secondary">{t('verify.nothing')}</p>
      <FormResult result={result} />
      {!known && <EmailField id="verify-email" value={email} onChange={setEmail} />}
      <BusyButton busy={resend.isPending} busyLabel={t('verify.resending')}>
        {t('verify.resend')}
      </BusyButton>
    </form>
  );
}
