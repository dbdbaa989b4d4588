import Modal from 'react-bootstrap/Modal';
import { AuthForms, type AuthTab } from './auth-forms';
import messages from '@/i18n/catalogs/en/account.json';
import { useT } from '@/i18n';

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
  const t = useT(messages);
  return (
    <Modal show={tab !== null} onHide={onHide} centered aria-labelledby="sign-in-title">
      <Modal.Header closeButton>
        <Modal.Title id="sign-in-title">{tab === 'register' ? t('register.heading') : t('login.welcome')}</Modal.Title>
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
