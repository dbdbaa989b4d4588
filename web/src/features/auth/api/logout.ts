import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { signOut } from '@/lib/auth-storage';
import { forgetPushSubscription } from '@/lib/push-sign-out';

/**
 * Turns this browser's notifications off for the account, revokes the token on the server, then
 * forgets it here even if the server could not be reached.
 */
export async function logout(): Promise<void> {
  await forgetPushSubscription();
  try {
    await api.post('/logout');
  } catch {
    // The local sign-out below is what the shopper asked for; a dead token is harmless.
  } finally {
    signOut();
  }
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
