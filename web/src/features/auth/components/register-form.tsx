import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { toast } from '@/lib/toast';
import { TIMINGS } from '@mtumba/contract/constants';
import { BusyButton } from '@/components/ui/busy-button';
import { EmailField } from '@/components/ui/email-field';
import { NameField } from '@/components/ui/name-field';
import { PasswordField } from '@/components/ui/password-field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { setUnverifiedEmail, signIn } from '@/lib/auth-storage';
import { useRegister } from '../api/register';
import { useRedirectAfter } from '../hooks/use-redirect-after';
import { accountCreatedHere } from '../follow-account-language';
import messages from '@/i18n/catalogs/en/account.json';
import { useT } from '@/i18n';

/** What a registration ends with, in English (catalog: register.done). */
export const REGISTERED_MESSAGE = 'Registration successful! Please check your email to verify your account.';

/**
 * Registration (docs/product.md: Register tab). On success the account is signed in, the e-mail is kept as
 * unverified, and the page moves to /verify-email after 2.5 s.
 */
export function RegisterForm({ onRegistered }: { onRegistered?: () => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<ApiError | string | null>(null);
  const [done, setDone] = useState(false);
  const register = useRegister();
  const t = useT(messages);

  useRedirectAfter(done, paths.verifyEmail(), TIMINGS.registerRedirectMs);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    register.mutate(
      { name: name.trim(), email: email.trim(), password, password_confirmation: confirmation },
      {
        onSuccess: (reply) => {
          accountCreatedHere();
          signIn(reply.token, reply.user);
          setUnverifiedEmail(reply.user.email ?? email.trim());
          toast.success(t('register.created'));
          setDone(true);
          onRegistered?.();
        },
        onError: (err) => setError(err instanceof ApiError ? err : t('register.error')),
      },
    );
  }

  const apiError = error instanceof ApiError ? error : null;
  const summary =
    typeof error === 'string'
      ? error
      : apiError && (apiError.body.message ?? apiError.fieldError('email') ?? t('register.failed'));

  if (done) {
    return (
      <Alert variant="success" role="status">
        {t('register.done')}
      </Alert>
    );
  }

  return (
    <Form onSubmit={submit} aria-label={t('register.title')}>
      {summary && (
        <Alert variant="danger" role="alert">
          {summary}
        </Alert>
      )}
      <NameField id="register-name" value={name} onChange={setName} error={apiError?.fieldError('name')} />
      <EmailField id="register-email" value={email} onChange={setEmail} error={apiError?.fieldError('email')} />
      <PasswordField
        id="register-password"
        label={t('field.password')}
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
        required
        error={apiError?.fieldError('password')}
      />
      <PasswordField
        id="register-password-confirmation"
        label={t('field.confirmPassword')}
        value={confirmation}
        onChange={setConfirmation}
        autoComplete="new-password"
        required
        error={apiError?.fieldError('password_confirmation')}
      />
      <BusyButton className="btn btn-primary w-100" busy={register.isPending} busyLabel={t('register.busy')}>
        {t('register.title')}
      </BusyButton>
    </Form>
  );
}
