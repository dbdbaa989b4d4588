import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { Link } from '@/components/ui/link';
import { toast } from '@/lib/toast';
import { BusyButton } from '@/components/ui/busy-button';
import { EmailField } from '@/components/ui/email-field';
import { PasswordField } from '@/components/ui/password-field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { setUnverifiedEmail, signIn } from '@/lib/auth-storage';
import { useLogin } from '../api/login';
import messages from '@/i18n/catalogs/en/account.json';
import { useT } from '@/i18n';

/** E-mail and password sign-in (docs/product.md: Login tab). Stores the token, toasts 'Logged in!', then `onSignedIn`. */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const login = useLogin();
  const t = useT(messages);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (reply) => {
          signIn(reply.token, reply.user);
          setUnverifiedEmail(reply.user.email_verified === false ? reply.user.email : null);
          toast.success(t('login.done'));
          onSignedIn();
        },
        onError: (err) => {
          setError(err instanceof ApiError ? (err.body.message ?? t('login.failed')) : t('login.error'));
        },
      },
    );
  }

  return (
    <Form onSubmit={submit} aria-label={t('login.title')}>
      {error && (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      )}
      <EmailField id="login-email" value={email} onChange={setEmail} />
      <PasswordField
        id="login-password"
        label={t('field.password')}
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
        required
      />
      <BusyButton className="btn btn-primary w-100" busy={login.isPending} busyLabel={t('login.busy')}>
        {t('login.title')}
      </BusyButton>
      <p className="text-center mt-3 mb-0">
        <Link to={paths.forgotPassword()}>{t('login.forgot')}</Link>
      </p>
    </Form>
  );
}
