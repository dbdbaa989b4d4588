import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MessageReply } from '@/lib/api-types';

export function resendVerification(email: string): Promise<MessageReply> {
  return api.post('/email/verification-notification', { email });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
