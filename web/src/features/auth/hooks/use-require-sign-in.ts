import { useCallback, useContext, useMemo } from 'react';
import { getToken } from '@/lib/auth-storage';
import { SignInDialogContext } from './sign-in-dialog-context';

export type SignInOnlyAction = () => void;

/** `requireSignIn(action)`; it also carries itself as `.requireSignIn`, so both call styles work. */
export type RequireSignIn = ((action: SignInOnlyAction) => void) & {
  requireSignIn: (action: SignInOnlyAction) => void;
};

/**
 * Guards a sign-in-only action (SPEC.md section 4): when signed in the action runs now; otherwise the
 * sign-in dialog opens and the action runs right after the shopper signs in or registers there.
 *
 *   const requireSignIn = useRequireSignIn();
 *   <Button onClick={() => requireSignIn(() => addToCart.mutate(...))}>
 */
export function useRequireSignIn(): RequireSignIn {
  const dialog = useContext(SignInDialogContext);
  const run = useCallback(
    (action: SignInOnlyAction) => {
      // Read the token now, not from the render: the action may come from an older closure.
      if (getToken()) action();
      else dialog?.openSignIn({ tab: 'login', resume: action });
    },
    [dialog],
  );
  return useMemo(() => Object.assign((action: SignInOnlyAction) => run(action), { requireSignIn: run }), [run]);
}
