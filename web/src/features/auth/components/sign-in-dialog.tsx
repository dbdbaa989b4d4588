import Modal from 'react-bootstrap/Modal';
import { AuthForms, type AuthTab } from './auth-forms';

interface SignInDialogProps {
  /** the open tab, or null when the dialog is closed */
  tab: AuthTab | null;
  /** why the shopper is asked to sign in */
  reason?: string;
  onTabChange: (tab: AuthTab) => void;
  onHide: () => void;
  onSignedIn: () => void;
  onRegistered: () => void;
}

export default function SignInDialog({
  tab,
  reason,
  onTabChange,
  onHide,
  onSignedIn,
  onRegistered,
}: SignInDialogProps) {
  return (
    <Modal show={tab !== null} onHide={onHide} centered aria-labelledby="sign-in-title">
      <Modal.Header closeButton>
        <Modal.Title id="sign-in-title">{tab === 'register' ? 'Create your account' : 'Welcome back'}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {reason && (
          <p className="sign-in-reason" data-testid="sign-in-reason">
            {reason}
          </p>
        )}
        {tab && <AuthForms tab={tab} onTabChange={onTabChange} onSignedIn={onSignedIn} onRegistered={onRegistered} />}
      </Modal.Body>
    </Modal>
  );
}
