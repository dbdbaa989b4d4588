import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MessageReply } from '@mtumba/contract/account';

/** The reply: `confirmation` says how to confirm (double opt-in: a link is e-mailed). */
export type SubscribeReply = MessageReply & { confirmation?: string };

export function subscribe(email: string): Promise<SubscribeReply> {
  return api.post('/subscribe', { email });
}

export function useSubscribe() {
  return useMutation({ mutationFn: subscribe });
}
