import { useMutation, useQuery } from '@tanstack/react-query';
import type { UnsubscribeStatus } from '@mtumba/contract/listing';
import { api } from '@/lib/api-client';

/** GET /unsubscribe?token=: whose address the link is for, and whether drops still go to it. */
export function useUnsubscribeStatus(token: string) {
  return useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: ({ signal }) => api.get<UnsubscribeStatus>('/unsubscribe', { token }, signal),
    enabled: token !== '',
    retry: false,
  });
}

/** POST /unsubscribe: stops the new-arrivals e-mail (no sign-in needed). */
export function useUnsubscribe() {
  return useMutation({ mutationFn: (token: string) => api.post<UnsubscribeStatus>('/unsubscribe', { token }) });
}
