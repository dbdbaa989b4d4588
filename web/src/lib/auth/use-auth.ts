import { useSyncExternalStore } from 'react';
import { USER_CHANGED_EVENT, authStorageKey, getStoredUser, getToken, type StoredUser } from '@/lib/auth-storage';

export interface AuthState {
  user: StoredUser | null;
  isSignedIn: boolean;
  isAdmin: boolean;
  /** false for an account whose e-mail is not verified yet (it cannot place orders) */
  isVerified: boolean;
}

const EVENTS = ['login', 'logout', 'storage', USER_CHANGED_EVENT];

function subscribe(onChange: () => void): () => void {
  for (const name of EVENTS) window.addEventListener(name, onChange);
  return () => {
    for (const name of EVENTS) window.removeEventListener(name, onChange);
  };
}

let cached: { key: string; state: AuthState } | undefined;

function readAuth(): AuthState {
  const key = authStorageKey();
  if (cached?.key === key) return cached.state;
  const signedIn = getToken() !== null;
  const user = signedIn ? getStoredUser() : null;
  const state: AuthState = {
    user,
    isSignedIn: signedIn,
    isAdmin: user?.is_admin === true,
    // A user stored before the server told us is treated as verified until GET /user says otherwise.
    isVerified: user !== null && user.email_verified !== false,
  };
  cached = { key, state };
  return state;
}

/** What the server renders and the first (hydrating) render uses: signed-in parts fill in after. */
const ANONYMOUS: AuthState = { user: null, isSignedIn: false, isAdmin: false, isVerified: false };
const anonymous = () => ANONYMOUS;

/**
 * The signed-in state (docs/product.md section 4): read from the stored token and user, and updated by the
 * window events 'login' and 'logout' (also from other tabs). Works without a provider.
 */
export function useAuth(): AuthState {
  return useSyncExternalStore(subscribe, readAuth, anonymous);
}
