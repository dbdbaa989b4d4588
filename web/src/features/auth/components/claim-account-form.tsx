import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { Link } from '@/components/ui/link';
import { BusyButton } from '@/components/ui/busy-button';
import { EmailField } from '@/components/ui/email-field';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { PasswordField } from '@/components/ui/password-field';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { setUnverifiedEmail, signIn } from '@/lib/auth-storage';
import { useAccountClaim, useClaimAccount } from '../api/claim-account';
import { accountCreatedHere } from '../follow-account-language';
import messages from '@/i18n/catalogs/en/account.json';
import { useT } from '@/i18n';

/**
 * The claim link the shop texts to a customer it created from a phone number alone (docs/product.md
 * section 13): the customer chooses an e-mail address and a password, is signed in, and finds the
 * orders the shop placed for them in My orders. A used, expired or unknown link says so.
 */
export function ClaimAccountForm({ token }: { token: string }) {
  const claim = useAccountClaim(token);
  const save = useClaimAccount(token);
  const t = useT(messages);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [done, setDone] = useState<string | null>(null);

  // once claimed, the sign-in refreshes the app's queries: the link itself now answers 409
  if (done) {
    return (
      <Alert variant="success" role="status">
        {done} <Link to={paths.orders()}>{t('claim.orders')}</Link>
      </Alert>
    );
  }

  if (claim.isPending) return <LoadingSpinner label={t('claim.opening')} />;
  if (claim.isError) {
    return (
      <Alert variant="warning" role="alert">
        {errorMessage(claim.error, t('claim.badLink'))} <Link to={paths.login()}>{t('claim.signIn')}</Link>
      </Alert>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(
      { email: email.trim(), password, password_confirmation: confirmation },
      {
        onSuccess: (reply) => {
          accountCreatedHere();
          signIn(reply.token, reply.user);
          setUnverifiedEmail(reply.user.email);
          setDone(reply.message);
        },
      },
    );
  };
  const apiError = save.error instanceof ApiError ? save.error : null;
  const summary = save.isError && !apiError?.body.errors ? errorMessage(save.error, t('claim.failed')) : null;
  const first = claim.data.name.split(/\s+/)[0];

  return (
    <Form onSubmit={submit} aria-label={t('claim.title')}>
      <p>
        {claim.data.phone
          ? t('claim.introPhone', { name: first ?? '', phone: claim.data.phone })
          : t('claim.intro', { name: first ?? '' })}
      </p>
      {summary && (
        <Alert variant="danger" role="alert">
          {summary}
        </Alert>
      )}
      <EmailField id="claim-email" value={email} onChange={setEmail} error={apiError?.fieldError('email')} />
      <PasswordField
        id="claim-password"
        label={t('field.password')}
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
        required
        error={apiError?.fieldError('password')}
      />
      <PasswordField
        id="claim-password-confirmation"
        label={t('field.confirmPassword')}
        value={confirmation}
        onChange={setConfirmation}
        autoComplete="new-password"
        required
        error={apiError?.fieldError('password_confirmation')}
      />
      <BusyButton className="btn btn-primary w-100" busy={save.isPending} busyLabel={t('claim.busy')}>
        {t('claim.submit')}
      </BusyButton>
    </Form>
  );
}
