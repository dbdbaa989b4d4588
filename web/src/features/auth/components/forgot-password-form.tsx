import { useState, type FormEvent } from 'react';
import { Link } from '@/components/ui/link';
import { TIMINGS } from '@mtumba/contract/constants';
import { BusyButton } from '@/components/ui/busy-button';
import { EmailField } from '@/components/ui/email-field';
import { FormResult, type FormOutcome } from '@/components/ui/form-result';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useForgotPassword } from '../api/forgot-password';
import { useRedirectAfter } from '../hooks/use-redirect-after';
import messages from '@/i18n/catalogs/en/account.json';
import { useT } from '@/i18n';

/** Forgot password: asks for a reset link, then goes to /login after 3 s. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<FormOutcome | null>(null);
  const forgot = useForgotPassword();
  const t = useT(messages);
  const sent = result?.ok === true;

  useRedirectAfter(sent, paths.login(), TIMINGS.forgotResetRedirectMs);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(null);
    forgot.mutate(email.trim(), {
      onSuccess: (reply) => setResult({ ok: true, text: reply?.message ?? t('forgot.sent') }),
      onError: (err) => setResult({ ok: false, text: errorMessage(err, t('forgot.failed')) }),
    });
  }

  return (
    <form onSubmit={submit} aria-label={t('forgot.form')}>
      <FormResult result={result} />
      <EmailField id="forgot-email" value={email} onChange={setEmail} />
      <BusyButton
        className="btn btn-primary w-100"
        busy={forgot.isPending}
        busyLabel={t('forgot.busy')}
        disabled={sent}
      >
        {t('forgot.send')}
      </BusyButton>
      <p className="text-center mt-3 mb-0">
        <Link to={paths.login()}>{t('forgot.back')}</Link>
      </p>
    </form>
  );
}
