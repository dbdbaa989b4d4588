import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MessageReply } from '@mtumba/contract/account';

export function subscribe(email: string): Promise<MessageReply> {
  return api.post('/subscribe', { email });
}

export function useSubscribe() {
  return useMutation({ mutationFn: subscribe });
}
