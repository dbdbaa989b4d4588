import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MessageReply } from '@/lib/api-types';

export interface ResetPasswordInput {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}

export function resetPassword(input: ResetPasswordInput): Promise<MessageReply> {
  return api.post('/reset-password', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
