import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { TIMINGS } from '@mtumba/contract/constants';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useForgotPassword } from '../api/forgot-password';

/** Forgot password: asks for a reset link, then goes to /login after 3 s. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const forgot = useForgotPassword();
  const navigate = useNavigate();
  const sent = result?.ok === true;

  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(() => navigate(paths.login()), TIMINGS.forgotResetRedirectMs);
    return () => window.clearTimeout(timer);
  }, [sent, navigate]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(null);
    forgot.mutate(email.trim(), {
      onSuccess: (reply) =>
        setResult({ ok: true, text: reply?.message ?? 'If an account exists, a reset link is on its way.' }),
      onError: (err) => setResult({ ok: false, text: errorMessage(err, 'Unable to send reset link') }),
    });
  }

  return (
    <form onSubmit={submit} aria-label="Forgot password">
      {result && (
        <div className={`alert ${result.ok ? 'alert-success' : 'alert-danger'}`} role={result.ok ? 'status' : 'alert'}>
          {result.text}
        </div>
      )}
      <div className="mb-3">
        <label htmlFor="forgot-email" className="form-label">
          Email
        </label>
        <input
          id="forgot-email"
          type="email"
          className="form-control"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary w-100" disabled={forgot.isPending || sent}>
        {forgot.isPending ? 'Sending reset link…' : 'Send Reset Link'}
      </button>
      <p className="text-center mt-3 mb-0">
        <Link to={paths.login()}>Back to Login</Link>
      </p>
    </form>
  );
}
