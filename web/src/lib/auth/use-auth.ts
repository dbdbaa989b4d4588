import {
  createContext,
  createElement,
  startTransition,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
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

/** What the server renders and the first (hydrating) render uses: signed-in parts fill in after. */
const ANONYMOUS: AuthState = { user: null, isSignedIn: false, isAdmin: false, isVerified: false };
const anonymous = () => ANONYMOUS;

let cached: { key: string; state: AuthState } | undefined;

function readAuth(): AuthState {
  const key = authStorageKey();
  if (cached?.key === key) return cached.state;
  const signedIn = getToken() !== null;
  // A visitor's state is the very object the server rendered with, so nothing changes after hydrating.
  if (!signedIn) {
    cached = { key, state: ANONYMOUS };
    return ANONYMOUS;
  }
  const user = getStoredUser();
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

/** The app's signed-in state (see AuthStateProvider), and whether it is the stored one yet. */
const AuthContext = createContext<AuthState | null>(null);
const SettledContext = createContext(true);

/**
 * Holds the signed-in state for the whole app (AppProvider). A page the server drew is hydrated
 * signed out, as the server drew it, and the stored sign-in follows as a transition: React goes on
 * hydrating in slices of a few milliseconds and lets the browser answer taps between them.
 * (A store read with useSyncExternalStore would differ from the server's right after the first
 * commit, and React would then hydrate the rest of the page in one task of a quarter second on a
 * phone.) Any other first render starts with the stored state at once.
 */
export function AuthStateProvider({ children, serverDrawn }: { children: ReactNode; serverDrawn: boolean }) {
  const [state, setState] = useState(() => (serverDrawn ? ANONYMOUS : readAuth()));
  const [settled, setSettled] = useState(!serverDrawn);
  useEffect(() => {
    const update = () => setState(readAuth());
    const unsubscribe = subscribe(update);
    startTransition(() => {
      update();
      setSettled(true);
    });
    return unsubscribe;
  }, []);
  return createElement(
    AuthContext.Provider,
    { value: state },
    createElement(SettledContext.Provider, { value: settled }, children),
  );
}

const noSubscription = () => () => {};

/**
 * The signed-in state (docs/product.md section 4): read from the stored token and user, and updated by the
 * window events 'login' and 'logout' (also from other tabs). Inside the app it comes from
 * AuthStateProvider; a part rendered without one (a test) reads the storage itself.
 */
export function useAuth(): AuthState {
  const provided = useContext(AuthContext);
  const stored = useSyncExternalStore(
    provided ? noSubscription : subscribe,
    provided ? anonymous : readAuth,
    anonymous,
  );
  return provided ?? stored;
}

/** False until a server-drawn page has its stored signed-in state rendered; true everywhere else. */
export function useAuthSettled(): boolean {
  return useContext(SettledContext);
}
