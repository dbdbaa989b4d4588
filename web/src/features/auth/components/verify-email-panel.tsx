import { useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/api-client';
import { getUnverifiedEmail } from '@/lib/auth-storage';
import { useResendVerification } from '../api/resend-verification';
import { useAuth } from '../hooks/use-auth';

/** 'Verify Your Email': says a link was sent, and resends it on request. */
export function VerifyEmailPanel() {
  const { user } = useAuth();
  const known = getUnverifiedEmail() ?? (user && user.email_verified === false ? user.email : null);
  const [email, setEmail] = useState(known ?? '');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
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
      {result && (
        <div className={`alert ${result.ok ? 'alert-success' : 'alert-danger'}`} role={result.ok ? 'status' : 'alert'}>
          {result.text}
        </div>
      )}
      {!known && (
        <div className="mb-3">
          <label htmlFor="verify-email" className="form-label">
            Email
          </label>
          <input
            id="verify-email"
            type="email"
            className="form-control"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
      )}
      <button type="submit" className="btn btn-primary" disabled={resend.isPending}>
        {resend.isPending ? 'Resending...' : 'Resend Verification Email'}
      </button>
    </form>
  );
}
