import { useState, type FormEvent } from 'react';
import { BusyButton } from '@/components/ui/busy-button';
import { EmailField } from '@/components/ui/email-field';
import { FormResult, type FormOutcome } from '@/components/ui/form-result';
import { errorMessage } from '@/lib/api-client';
import { getUnverifiedEmail } from '@/lib/auth-storage';
import { useResendVerification } from '../api/resend-verification';
import { useAuth } from '@/lib/auth/use-auth';

/** 'Verify Your Email': says a link was sent, and resends it on request. */
export function VerifyEmailPanel() {
  const { user } = useAuth();
  const known = getUnverifiedEmail() ?? (user && user.email_verified === false ? user.email : null);
  const [email, setEmail] = useState(known ?? '');
  const [result, setResult] = useState<FormOutcome | null>(null);
  const resend = useResendVerification();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(null);
    resend.mutate(email.trim(), {
      onSuccess: (reply) => setResult({ ok: true, text: reply?.message ?? 'A new verification link has been sent.' }),
      onError: (err) => setResult({ ok: false, text: errorMessage(err, 'Failed to resend link') }),
    });
  }

  return (
    <form onSubmit={submit} aria-label="Resend verification email">
      <p>
        {known ? (
          <>
            We sent a verification link to <strong>{known}</strong>. Open it to activate your account; until then you
            can browse and fill your cart, but not place orders.
          </>
        ) : (
          <>We sent a verification link to your e-mail address. Open it to activate your account.</>
        )}
      </p>
      <p className="small text-body-secondary">Nothing arrived? Check your spam folder, or send the link again.</p>
      <FormResult result={result} />
      {!known && <EmailField id="verify-email" value={email} onChange={setEmail} />}
      <BusyButton busy={resend.isPending} busyLabel="Resending...">
        Resend Verification Email
      </BusyButton>
    </form>
  );
}
