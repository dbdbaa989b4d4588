import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MessageReply } from '@mtumba/contract/account';
import type { ResetPasswordInput } from '@mtumba/contract/account';

export type { ResetPasswordInput };

export function resetPassword(input: ResetPasswordInput): Promise<MessageReply> {
  return api.post('/reset-password', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
