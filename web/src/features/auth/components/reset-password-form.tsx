import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { TIMINGS } from '@mtumba/contract/constants';
import { BusyButton } from '@/components/ui/busy-button';
import { EmailField } from '@/components/ui/email-field';
import { FormResult, type FormOutcome } from '@/components/ui/form-result';
import { PasswordField } from '@/components/ui/password-field';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useResetPassword } from '../api/reset-password';
import { useRedirectAfter } from '../hooks/use-redirect-after';
import messages from '@/i18n/catalogs/en/account.json';
import { useT } from '@/i18n';

/** What a page opened without a valid link says, in English (catalog: reset.badLink). */
export const INVALID_RESET_LINK = 'Invalid or missing password reset link.';

/** Reset password from the e-mailed link (?token=…&email=…); goes to /login 3 s after success. */
export function ResetPasswordForm() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const linkEmail = search.get('email') ?? '';
  const linkValid = token !== '' && linkEmail !== '';
  const [email, setEmail] = useState(linkEmail);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [result, setResult] = useState<(FormOutcome & { error?: ApiError }) | null>(null);
  const reset = useResetPassword();
  const t = useT(messages);
  const done = result?.ok === true;

  useRedirectAfter(done, paths.login(), TIMINGS.forgotResetRedirectMs);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!linkValid) return;
    setResult(null);
    reset.mutate(
      { token, email: email.trim(), password, password_confirmation: confirmation },
      {
        onSuccess: (reply) => setResult({ ok: true, text: reply?.message ?? t('reset.done') }),
        onError: (err) =>
          setResult({
            ok: false,
            text: errorMessage(err, t('reset.failed')),
            error: err instanceof ApiError ? err : undefined,
          }),
      },
    );
  }

  return (
    <form onSubmit={submit} aria-label={t('reset.form')}>
      {!linkValid && (
        <div className="alert alert-danger" role="alert">
          {t('reset.badLink')} <Link to={paths.forgotPassword()}>{t('reset.askNew')}</Link>.
        </div>
      )}
      <FormResult result={result} />
      <EmailField id="reset-email" value={email} onChange={setEmail} />
      <PasswordField
        id="reset-password"
        label={t('field.newPassword')}
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
        required
        error={result?.error?.fieldError('password')}
      />
      <PasswordField
        id="reset-password-confirmation"
        label={t('field.confirmNewPassword')}
        value={confirmation}
        onChange={setConfirmation}
        autoComplete="new-password"
        required
        error={result?.error?.fieldError('password_confirmation')}
      />
      <BusyButton
        className="btn btn-primary w-100"
        busy={reset.isPending}
        busyLabel={t('reset.busy')}
        disabled={!linkValid || done}
      >
        {t('reset.submit')}
      </BusyButton>
    </form>
  );
}
