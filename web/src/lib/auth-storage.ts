/**
 * The signed-in state kept in local storage (SPEC.md section 3): token, user, unverified_email.
 * Login and logout are announced with window events 'login' and 'logout'.
 */
export interface StoredUser {
  id: number;
  name: string;
  email: string;
  is_admin: boolean;
  email_verified?: boolean;
}

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

export function storeUser(user: StoredUser): void {
  localStorage.setItem(USER, JSON.stringify(user));
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
