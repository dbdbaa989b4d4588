import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { AuthReply } from '@mtumba/contract/account';
import type { LoginInput } from '@mtumba/contract/account';

export type { LoginInput };

export function login(input: LoginInput): Promise<AuthReply> {
  return apiRequest<AuthReply>('/login', { method: 'POST', body: input, signOutOn401: false }).then((r) => r.data);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
