import { useCallback, useContext, useMemo } from 'react';
import { getToken } from '@/lib/auth-storage';
import { SignInDialogContext } from './sign-in-dialog-context';

export type SignInOnlyAction = () => void;

type Guard = (action: SignInOnlyAction, reason?: string) => void;

/** `requireSignIn(action)`; it also carries itself as `.requireSignIn`, so both call styles work. */
export type RequireSignIn = Guard & { requireSignIn: Guard };

/**
 * Guards a sign-in-only action (docs/product.md section 4): when signed in the action runs now; otherwise the
 * sign-in dialog opens and the action runs right after the shopper signs in or registers there.
 *
 *   const requireSignIn = useRequireSignIn();
 *   <Button onClick={() => requireSignIn(() => addToCart.mutate(...))}>
 */
export function useRequireSignIn(): RequireSignIn {
  const dialog = useContext(SignInDialogContext);
  const run = useCallback(
    (action: SignInOnlyAction, reason?: string) => {
      // Read the token now, not from the render: the action may come from an older closure.
      if (getToken()) action();
      else dialog?.openSignIn({ tab: 'login', resume: action, reason });
    },
    [dialog],
  );
  return useMemo(
    () => Object.assign((action: SignInOnlyAction, reason?: string) => run(action, reason), { requireSignIn: run }),
    [run],
  );
}
