import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { AuthReply } from '@mtumba/contract/account';
import type { RegisterInput } from '@mtumba/contract/account';

export type { RegisterInput };

export function register(input: RegisterInput): Promise<AuthReply> {
  return apiRequest<AuthReply>('/register', { method: 'POST', body: input, signOutOn401: false }).then((r) => r.data);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
