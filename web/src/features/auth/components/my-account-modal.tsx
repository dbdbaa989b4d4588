import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { BusyButton } from '@/components/ui/busy-button';
import { EmailField } from '@/components/ui/email-field';
import { PasswordField } from '@/components/ui/password-field';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { setUnverifiedEmail, signOut, storeUser } from '@/lib/auth-storage';
import { useDeleteUser } from '../api/delete-user';
import { useUpdateUser, type UpdateUserInput } from '../api/update-user';
import { useAuth } from '../hooks/use-auth';

type Mode = 'view' | 'edit' | 'delete';

/** My Account (SPEC.md section 2): see name and e-mail, edit them and the password, or delete the account. */
export default function MyAccountModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  const { user } = useAuth();
  const [mode, setMode] = useState<Mode>('view');
  const [name, setName] = useState(user?.name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<ApiError | null>(null);
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const navigate = useNavigate();

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
    onHide();
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const input: UpdateUserInput = { name: name.trim(), email: email.trim() };
    if (currentPassword) input.current_password = currentPassword;
    if (password || confirmation) {
      input.password = password;
      input.password_confirmation = confirmation;
    }
    update.mutate(input, {
      onSuccess: (reply) => {
        if (reply?.user) {
          storeUser(reply.user);
          if (reply.user.email_verified === false) setUnverifiedEmail(reply.user.email);
        }
        toast.success(reply?.message ?? 'Account updated.');
        setMode('view');
      },
      onError: (err) => {
        if (err instanceof ApiError) setError(err);
        else toast.error('Could not update your account');
      },
    });
  }

  function deleteAccount() {
    remove.mutate(undefined, {
      onSuccess: () => {
        signOut();
        toast.success('Your account has been deleted.');
        hide();
        navigate(paths.home());
      },
      onError: (err) => toast.error(errorMessage(err, 'Could not delete your account')),
    });
  }

  if (!user) return null;
  const fieldError = (field: string) => error?.fieldError(field);

  return (
    <Modal show={show} onHide={hide} centered aria-labelledby="my-account-title">
      <Modal.Header closeButton>
        <Modal.Title id="my-account-title">My Account</Modal.Title>
      </Modal.Header>

      {mode === 'view' && (
        <>
          <Modal.Body>
            <dl className="row mb-0">
              <dt className="col-4">Name</dt>
              <dd className="col-8">{user.name}</dd>
              <dt className="col-4">Email</dt>
              <dd className="col-8 text-break">
                {user.email}
                {user.email_verified === false && <span className="badge text-bg-warning ms-2">Not verified</span>}
              </dd>
            </dl>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-danger" className="me-auto" onClick={() => setMode('delete')}>
              Delete Account
            </Button>
            <Button variant="secondary" onClick={hide}>
              Close
            </Button>
            <Button variant="primary" onClick={startEditing}>
              Edit Account
            </Button>
          </Modal.Footer>
        </>
      )}

      {mode === 'edit' && (
        <Form onSubmit={save} aria-label="Edit account">
          <Modal.Body>
            {error?.body.message && !error.body.errors && (
              <Alert variant="danger" role="alert">
                {error.body.message}
              </Alert>
            )}
            <Form.Group className="mb-3" controlId="account-name">
              <Form.Label>Name</Form.Label>
              <Form.Control
                value={name}
                onChange={(e) => setName(e.target.value)}
                autoComplete="name"
                required
                isInvalid={Boolean(fieldError('name'))}
              />
              <Form.Control.Feedback type="invalid">{fieldError('name')}</Form.Control.Feedback>
            </Form.Group>
            <EmailField id="account-email" value={email} onChange={setEmail} error={fieldError('email')} />
            <p className="small text-body-secondary">Leave the password fields empty to keep your password.</p>
            <PasswordField
              id="account-current-password"
              label="Current Password"
              value={currentPassword}
              onChange={setCurrentPassword}
              autoComplete="current-password"
              error={fieldError('current_password')}
            />
            <PasswordField
              id="account-new-password"
              label="New Password"
              value={password}
              onChange={setPassword}
              autoComplete="new-password"
              error={fieldError('password')}
            />
            <PasswordField
              id="account-confirm-password"
              label="Confirm New Password"
              value={confirmation}
              onChange={setConfirmation}
              autoComplete="new-password"
              error={fieldError('password_confirmation')}
            />
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={() => setMode('view')} disabled={update.isPending}>
              Cancel
            </Button>
            <BusyButton busy={update.isPending} busyLabel="Saving...">
              Save Changes
            </BusyButton>
          </Modal.Footer>
        </Form>
      )}

      {mode === 'delete' && (
        <>
          <Modal.Body>
            <p className="fw-semibold">Delete your account?</p>
            <p className="mb-0">
              This removes your name, e-mail, cart, wishlist and reviews and signs you out. Orders you placed stay in
              the shop's books without your details. This cannot be undone.
            </p>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={() => setMode('view')} disabled={remove.isPending}>
              Keep My Account
            </Button>
            <BusyButton
              type="button"
              className="btn btn-danger"
              onClick={deleteAccount}
              busy={remove.isPending}
              busyLabel="Deleting..."
            >
              Yes, Delete My Account
            </BusyButton>
          </Modal.Footer>
        </>
      )}
    </Modal>
  );
}
