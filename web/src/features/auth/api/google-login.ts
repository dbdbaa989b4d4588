import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { AuthReply } from '@mtumba/contract/account';

/** Exchanges a Google ID token (the credential of the Google button) for our own token. */
export function googleLogin(credential: string): Promise<AuthReply> {
  return apiRequest<AuthReply>('/auth/google/token-login', {
    method: 'POST',
    body: { token: credential },
    signOutOn401: false,
  }).then((r) => r.data);
}

export function useGoogleLogin() {
  return useMutation({ mutationFn: googleLogin });
}
