import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MessageReply } from '@mtumba/contract/account';

export function resendVerification(email: string): Promise<MessageReply> {
  return api.post('/email/verification-notification', { email });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
