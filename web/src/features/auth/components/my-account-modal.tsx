import type { ProfileInput } from '@mtumba/contract/account';
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { BusyButton } from '@/components/ui/busy-button';
import { EmailField } from '@/components/ui/email-field';
import { NameField } from '@/components/ui/name-field';
import { PasswordField } from '@/components/ui/password-field';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { setUnverifiedEmail, signOut, storeUser } from '@/lib/auth-storage';
import { useDeleteUser } from '../api/delete-user';
import { useEndSession, useSessions, useSignOutOtherSessions } from '../api/sessions';
import { DeliveryAddressBook } from './delivery-address-book';
import { useUpdateUser } from '../api/update-user';
import { useAuth } from '@/lib/auth/use-auth';
import { PhoneVerification } from './phone-verification';
import messages from '@/i18n/catalogs/en/account.json';
import { useLocale, useT } from '@/i18n';

type Mode = 'view' | 'edit' | 'delete';

/**
 * My Account: see name and e-mail (and a new one waiting for verification), the signed-in
 * browsers with "Sign out everywhere else", edit name, e-mail and password (the last two need
 * the current password), or delete the account.
 */
export default function MyAccountModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  const { user } = useAuth();
  const [mode, setMode] = useState<Mode>('view');
  const [name, setName] = useState(user?.name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<ApiError | null>(null);
  const [deletePassword, setDeletePassword] = useState('');
  const [deleteError, setDeleteError] = useState<ApiError | null>(null);
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const sessions = useSessions({ enabled: show && mode === 'view' && Boolean(user) });
  const signOutOthers = useSignOutOtherSessions();
  const endSession = useEndSession();
  const navigate = useNavigate();
  const t = useT(messages);
  const locale = useLocale();

  function startEditing() {
    setName(user?.name ?? '');
    setEmail(user?.email ?? '');
    setCurrentPassword('');
    setPassword('');
    setConfirmation('');
    setError(null);
    setMode('edit');
  }

  function hide() {
    setMode('view');
    setError(null);
    setDeletePassword('');
    setDeleteError(null);
    onHide();
  }

  function startDeleting() {
    setDeletePassword('');
    setDeleteError(null);
    setMode('delete');
  }

  function signOutEverywhereElse() {
    signOutOthers.mutate(undefined, {
      onSuccess: (reply) => toast.success(reply?.message ?? t('account.signedOutOthers')),
      onError: (err) => toast.error(errorMessage(err, t('account.signOutOthersFailed'))),
    });
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const input: ProfileInput = { name: name.trim(), email: email.trim() };
    if (currentPassword) input.current_password = currentPassword;
    if (password || confirmation) {
      input.password = password;
      input.password_confirmation = confirmation;
    }
    update.mutate(input, {
      onSuccess: (reply) => {
        if (reply?.user) {
          storeUser(reply.user);
          setEmail(reply.user.email);
          if (reply.user.email_verified === false) setUnverifiedEmail(reply.user.email);
        }
        toast.success(reply?.message ?? t('account.updated'));
        setMode('view');
      },
      onError: (err) => {
        if (err instanceof ApiError) setError(err);
        else toast.error(t('account.updateFailed'));
      },
    });
  }

  function deleteAccount() {
    setDeleteError(null);
    remove.mutate(deletePassword ? { current_password: deletePassword } : {}, {
      onSuccess: (reply) => {
        if (reply?.deleted === false) {
          // No password (or no recent Google sign-in): the server e-mailed a link to confirm instead.
          toast.success(reply.message ?? t('account.deleteLinkSent'));
          setMode('view');
          return;
        }
        signOut();
        toast.success(t('account.deleted'));
        hide();
        navigate(paths.home());
      },
      onError: (err) => {
        if (err instanceof ApiError && err.body.errors) setDeleteError(err);
        else toast.error(errorMessage(err, t('account.deleteFailed')));
      },
    });
  }

  if (!user) return null;
  const fieldError = (field: string) => error?.fieldError(field);

  return (
    <Modal show={show} onHide={hide} centered aria-labelledby="my-account-title">
      <Modal.Header closeButton>
        <Modal.Title id="my-account-title">{t('account.title')}</Modal.Title>
      </Modal.Header>

      {mode === 'view' && (
        <>
          <Modal.Body>
            <dl className="row mb-0">
              <dt className="col-4">{t('field.name')}</dt>
              <dd className="col-8">{user.name}</dd>
              <dt className="col-4">{t('field.email')}</dt>
              <dd className="col-8 text-break">
                {user.email}
                {user.email_verified === false && (
                  <span className="badge text-bg-warning ms-2">{t('account.notVerified')}</span>
                )}
              </dd>
              {user.pending_email && (
                <>
                  <dt className="col-4">{t('account.newEmail')}</dt>
                  <dd className="col-8 text-break">
                    {user.pending_email}
                    <span className="badge text-bg-warning ms-2">{t('account.waiting')}</span>
                    <div className="small text-body-secondary">{t('account.pendingHelp', { email: user.email })}</div>
                  </dd>
                </>
              )}
            </dl>
            {!user.is_admin && <DeliveryAddressBook enabled={show && mode === 'view'} />}
            <PhoneVerification enabled={show && mode === 'view'} />
            <section aria-labelledby="my-account-sessions" className="mt-3">
              <h2 id="my-account-sessions" className="h6">
                {t('account.sessions')}
              </h2>
              {sessions.isPending && <p className="small text-body-secondary mb-0">{t('account.loading')}</p>}
              {sessions.isError && <p className="small text-danger mb-0">{t('account.sessionsFailed')}</p>}
              {sessions.data && (
                <ul className="list-group mb-2" aria-label={t('account.sessionList')}>
                  {sessions.data.map((s) => (
                    <li key={s.id} className="list-group-item d-flex align-items-center gap-2">
                      <div className="me-auto">
                        <div>
                          {s.browser}
                          {s.current && <span className="badge text-bg-success ms-2">{t('account.thisBrowser')}</span>}
                        </div>
                        <div className="small text-body-secondary">
                          {t('account.lastUsed', { when: new Date(s.last_used_at).toLocaleString(locale) })}
                        </div>
                      </div>
                      {!s.current && (
                        <Button
                          size="sm"
                          variant="outline-secondary"
                          disabled={endSession.isPending}
                          onClick={() => endSession.mutate(s.id)}
                          aria-label={t('account.signOutLabel', {
                            browser: s.browser,
                            when: new Date(s.last_used_at).toLocaleString(locale),
                          })}
                        >
                          {t('account.signOut')}
                        </Button>
                      )}
                    </li>
                  ))}
                </ul>
              )}
              <BusyButton
                type="button"
                className="btn btn-outline-secondary btn-sm"
                onClick={signOutEverywhereElse}
                busy={signOutOthers.isPending}
                busyLabel={t('account.signingOut')}
                disabled={!sessions.data || sessions.data.length < 2}
              >
                {t('account.signOutOthers')}
              </BusyButton>
            </section>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-danger" className="me-auto" onClick={startDeleting}>
              {t('account.delete')}
            </Button>
            <Button variant="secondary" onClick={hide}>
              {t('account.close')}
            </Button>
            <Button variant="primary" onClick={startEditing}>
              {t('account.edit')}
            </Button>
          </Modal.Footer>
        </>
      )}

      {mode === 'edit' && (
        <Form onSubmit={save} aria-label={t('account.editForm')}>
          <Modal.Body>
            {error?.body.message && !error.body.errors && (
              <Alert variant="danger" role="alert">
                {error.body.message}
              </Alert>
            )}
            <NameField id="account-name" value={name} onChange={setName} error={fieldError('name')} />
            <EmailField id="account-email" value={email} onChange={setEmail} error={fieldError('email')} />
            <p className="small text-body-secondary">{t('account.editHelp')}</p>
            <PasswordField
              id="account-current-password"
              label={t('field.currentPassword')}
              value={currentPassword}
              onChange={setCurrentPassword}
              autoComplete="current-password"
              error={fieldError('current_password')}
            />
            <PasswordField
              id="account-new-password"
              label={t('field.newPassword')}
              value={password}
              onChange={setPassword}
              autoComplete="new-password"
              error={fieldError('password')}
            />
            <PasswordField
              id="account-confirm-password"
              label={t('field.confirmNewPassword')}
              value={confirmation}
              onChange={setConfirmation}
              autoComplete="new-password"
              error={fieldError('password_confirmation')}
            />
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={() => setMode('view')} disabled={update.isPending}>
              {t('account.cancel')}
            </Button>
            <BusyButton busy={update.isPending} busyLabel={t('account.saving')}>
              {t('account.save')}
            </BusyButton>
          </Modal.Footer>
        </Form>
      )}

      {mode === 'delete' && (
        <>
          <Modal.Body>
            <p className="fw-semibold">{t('account.deleteQuestion')}</p>
            <p>{t('account.deleteHelp')}</p>
            <p className="small text-body-secondary">{t('account.deleteConfirm')}</p>
            <PasswordField
              id="account-delete-password"
              label={t('field.currentPassword')}
              value={deletePassword}
              onChange={setDeletePassword}
              autoComplete="current-password"
              error={deleteError?.fieldError('current_password')}
            />
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={() => setMode('view')} disabled={remove.isPending}>
              {t('account.keep')}
            </Button>
            <BusyButton
              type="button"
              className="btn btn-danger"
              onClick={deleteAccount}
              busy={remove.isPending}
              busyLabel={t('account.deleting')}
            >
              {t('account.deleteYes')}
            </BusyButton>
          </Modal.Footer>
        </>
      )}
    </Modal>
  );
}
