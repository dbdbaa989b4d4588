import type { User } from '@mtumba/contract/account';

/**
 * The signed-in state kept in local storage (docs/product.md section 3): token, user, unverified_email.
 * Login and logout are announced with window events 'login' and 'logout'.
 */
export type StoredUser = Pick<User, 'id' | 'name' | 'email' | 'is_admin'> &
  Partial<Pick<User, 'email_verified' | 'pending_email'>>;

const TOKEN = 'token';
const USER = 'user';
const UNVERIFIED = 'unverified_email';

export function getToken(): string | null {
  return localStorage.getItem(TOKEN);
}

export function getStoredUser(): StoredUser | null {
  const raw = localStorage.getItem(USER);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as StoredUser;
  } catch {
    return null;
  }
}

/** Fired when the stored user changes without a sign-in (e.g. after GET /user or an account edit). */
export const USER_CHANGED_EVENT = 'userChanged';

export function storeUser(user: StoredUser): void {
  localStorage.setItem(USER, JSON.stringify(user));
  window.dispatchEvent(new Event(USER_CHANGED_EVENT));
}

/** A string that changes whenever the token or the stored user changes (for cheap change detection). */
export function authStorageKey(): string {
  return `${localStorage.getItem(TOKEN) ?? ''}\n${localStorage.getItem(USER) ?? ''}`;
}

export function signIn(token: string, user: StoredUser): void {
  localStorage.setItem(TOKEN, token);
  storeUser(user);
  window.dispatchEvent(new Event('login'));
}

export function signOut(): void {
  localStorage.removeItem(TOKEN);
  localStorage.removeItem(USER);
  window.dispatchEvent(new Event('logout'));
}

export function getUnverifiedEmail(): string | null {
  return localStorage.getItem(UNVERIFIED);
}

export function setUnverifiedEmail(email: string | null): void {
  if (email) localStorage.setItem(UNVERIFIED, email);
  else localStorage.removeItem(UNVERIFIED);
}
