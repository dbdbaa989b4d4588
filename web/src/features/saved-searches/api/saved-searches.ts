import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailPreferences, SavedSearch, SavedSearchInput, SavedSearchList } from '@mtumba/contract/listing';
import { api } from '@/lib/api-client';
import type { MessageReply } from '@mtumba/contract/account';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

/** Query keys of the saved-searches screen. */
export const savedSearchKeys = {
  all: ['saved-searches'] as const,
  list: () => ['saved-searches', 'list'] as const,
  preferences: () => ['saved-searches', 'email-preferences'] as const,
};

/** GET /saved-searches: the customer's searches with their latest matches. */
export const savedSearchesQueryOptions = () =>
  queryOptions({
    queryKey: savedSearchKeys.list(),
    queryFn: ({ signal }) => api.get<SavedSearchList>('/saved-searches', undefined, signal).then((r) => r.data),
  });

export function useSavedSearches(enabled = true) {
  return useQuery({ ...savedSearchesQueryOptions(), enabled });
}

/** POST /saved-searches. */
export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SavedSearchInput) => api.post<SavedSearch>('/saved-searches', input),
    onSuccess: () => refetchAfterWrite(queryClient, savedSearchKeys.list()),
  });
}

/** DELETE /saved-searches/{id}. */
export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<MessageReply>(`/saved-searches/${id}`),
    onSuccess: () => refetchAfterWrite(queryClient, savedSearchKeys.list()),
  });
}

/** GET and PUT /user/email-preferences: the new-arrivals e-mail opt-in. */
export function useEmailPreferences() {
  return useQuery({
    queryKey: savedSearchKeys.preferences(),
    queryFn: ({ signal }) => api.get<EmailPreferences>('/user/email-preferences', undefined, signal),
  });
}

export function useUpdateEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EmailPreferences) => api.put<EmailPreferences>('/user/email-preferences', input),
    onSuccess: (data) => queryClient.setQueryData(savedSearchKeys.preferences(), data),
  });
}
