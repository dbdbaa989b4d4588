import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { AuthReply } from '@/lib/api-types';

export interface LoginInput {
  email: string;
  password: string;
}

export function login(input: LoginInput): Promise<AuthReply> {
  return apiRequest<AuthReply>('/login', { method: 'POST', body: input, signOutOn401: false }).then((r) => r.data);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
