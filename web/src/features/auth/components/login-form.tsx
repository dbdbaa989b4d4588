import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { BusyButton } from '@/components/ui/busy-button';
import { EmailField } from '@/components/ui/email-field';
import { PasswordField } from '@/components/ui/password-field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { setUnverifiedEmail, signIn } from '@/lib/auth-storage';
import { useLogin } from '../api/login';

/** E-mail and password sign-in (docs/product.md: Login tab). Stores the token, toasts 'Logged in!', then `onSignedIn`. */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const login = useLogin();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (reply) => {
          signIn(reply.token, reply.user);
          setUnverifiedEmail(reply.user.email_verified === false ? reply.user.email : null);
          toast.success('Logged in!');
          onSignedIn();
        },
        onError: (err) => {
          setError(err instanceof ApiError ? (err.body.message ?? 'Login failed') : 'Login error');
        },
      },
    );
  }

  return (
    <Form onSubmit={submit} aria-label="Login">
      {error && (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      )}
      <EmailField id="login-email" value={email} onChange={setEmail} />
      <PasswordField
        id="login-password"
        label="Password"
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
        required
      />
      <BusyButton className="btn btn-primary w-100" busy={login.isPending} busyLabel="Logging in...">
        Login
      </BusyButton>
      <p className="text-center mt-3 mb-0">
        <Link to={paths.forgotPassword()}>Forgot your password?</Link>
      </p>
    </Form>
  );
}
