import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AccountSession, MessageReply, SessionList, SessionsRevokedReply } from '@mtumba/contract/account';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

const sessionsKey = ['auth', 'sessions'] as const;

export function getSessions(signal?: AbortSignal): Promise<AccountSession[]> {
  return api.get<SessionList>('/user/sessions', undefined, signal).then((r) => r.sessions);
}

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: sessionsKey, queryFn: ({ signal }) => getSessions(signal) });

/** The account's signed-in browsers, for My Account. */
export function useSessions({ enabled }: { enabled: boolean }) {
  return useQuery({ ...sessionsQueryOptions(), enabled });
}

/** "Sign out everywhere else": every session but this one ends. */
export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<SessionsRevokedReply>('/user/sessions/others'),
    onSettled: () => refetchAfterWrite(queryClient, sessionsKey),
  });
}

/** Ends one other session. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<MessageReply>(`/user/sessions/${id}`),
    onSettled: () => refetchAfterWrite(queryClient, sessionsKey),
  });
}
