import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { SignInDialogContext, type OpenSignInOptions } from '@/lib/auth/sign-in-dialog-context';
import { useOnNavigation } from '@/lib/use-on-navigation';
import type { AuthTab } from './auth-forms';
import { homeAfterSignIn } from '../home-after-sign-in';

const SignInDialog = lazy(() => import('./sign-in-dialog'));

/** Loads the dialog's code ahead of a likely click (hover or focus on Login). */
export function preloadSignInDialog(): void {
  void import('./sign-in-dialog');
}

/**
 * Owns the one sign-in dialog of the app. Its code loads on first use. After a sign-in the pending
 * action resumes (we stay on the page); without one, the app goes to / as docs/product.md says.
 */
export function SignInDialogProvider({ children }: { children: ReactNode }) {
  const [tab, setTab] = useState<AuthTab | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [reason, setReason] = useState<string | undefined>(undefined);
  const resume = useRef<(() => void) | undefined>(undefined);
  const navigate = useNavigate();

  const openSignIn = useCallback((options: OpenSignInOptions = {}) => {
    resume.current = options.resume;
    setReason(options.reason);
    setLoaded(true);
    setTab(options.tab ?? 'login');
  }, []);

  const close = useCallback(() => {
    resume.current = undefined;
    setTab(null);
  }, []);

  // Any navigation (a link in the dialog, the post-registration redirect) closes it.
  useOnNavigation(close);

  const runPending = () => {
    const action = resume.current;
    resume.current = undefined;
    action?.();
    return action !== undefined;
  };

  const value = useMemo(() => ({ openSignIn }), [openSignIn]);

  return (
    <SignInDialogContext.Provider value={value}>
      {children}
      {loaded && (
        <Suspense fallback={null}>
          <SignInDialog
            tab={tab}
            reason={reason}
            onTabChange={setTab}
            onHide={close}
            onSignedIn={() => {
              const resumed = runPending();
              close();
              if (!resumed) navigate(homeAfterSignIn());
            }}
            onRegistered={() => {
              runPending();
            }}
          />
        </Suspense>
      )}
    </SignInDialogContext.Provider>
  );
}
