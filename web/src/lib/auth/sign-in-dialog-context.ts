import { createContext, useContext } from 'react';
/** The two tabs of the sign-in dialog and page. */
export type AuthTab = 'login' | 'register';

export interface OpenSignInOptions {
  tab?: AuthTab;
  /** run once the shopper has signed in or registered through the dialog (instead of going to /) */
  resume?: () => void;
  /** why the dialog opened, said above the forms ("Sign in to add … to your cart.") */
  reason?: string;
}

export interface SignInDialogApi {
  openSignIn: (options?: OpenSignInOptions) => void;
}

export const SignInDialogContext = createContext<SignInDialogApi | null>(null);

/** Opens the Login/Register dialog (the navbar's Login and Register buttons use it). */
export function useSignInDialog(): SignInDialogApi {
  const api = useContext(SignInDialogContext);
  return api ?? { openSignIn: () => console.warn('useSignInDialog: no SignInDialogProvider above this component') };
}
