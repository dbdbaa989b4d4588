import { lazy, Suspense } from 'react';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { usePublicConfig } from '@/lib/api/get-config';
import type { AuthTab } from '@/lib/auth/sign-in-dialog-context';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import messages from '@/i18n/catalogs/en/account.json';
import { useT } from '@/i18n';

const GoogleSignIn = lazy(() => import('./google-sign-in'));

export type { AuthTab };

interface AuthFormsProps {
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
  onSignedIn: () => void;
  onRegistered?: () => void;
}

/** The Login and Register tabs, shared by the sign-in dialog and the /login and /register pages. */
export function AuthForms({ tab, onTabChange, onSignedIn, onRegistered }: AuthFormsProps) {
  const config = usePublicConfig();
  const t = useT(messages);
  const clientId = config.data?.google_enabled ? config.data.google_client_id : null;
  const google = clientId ? (
    <>
      <Suspense fallback={<div className="google-slot" />}>
        <GoogleSignIn clientId={clientId} onSignedIn={onSignedIn} />
      </Suspense>
      <div className="or-divider" role="separator">
        <span>{t('auth.or')}</span>
      </div>
    </>
  ) : null;

  return (
    <Tabs
      id="auth-tabs"
      activeKey={tab}
      onSelect={(key) => key && onTabChange(key as AuthTab)}
      className="mb-3"
      fill
      mountOnEnter
      unmountOnExit
    >
      <Tab eventKey="login" title={t('login.title')}>
        {google}
        <LoginForm onSignedIn={onSignedIn} />
      </Tab>
      <Tab eventKey="register" title={t('register.title')}>
        {google}
        <RegisterForm onRegistered={onRegistered} />
      </Tab>
    </Tabs>
  );
}
