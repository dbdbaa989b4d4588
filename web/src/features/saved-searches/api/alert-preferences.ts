import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertPreferences } from '@mtumba/contract/alerts';
import { api } from '@/lib/api-client';

const alertPreferencesKey = ['saved-searches', 'alert-preferences'] as const;

/** GET /user/alert-preferences: wishlist and cart alerts, cart reminders (docs/product.md section 10). */
export function useAlertPreferences() {
  return useQuery({
    queryKey: alertPreferencesKey,
    queryFn: ({ signal }) => api.get<AlertPreferences>('/user/alert-preferences', undefined, signal),
  });
}

/** PUT /user/alert-preferences. */
export function useUpdateAlertPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AlertPreferences) => api.put<AlertPreferences>('/user/alert-preferences', input),
    onSuccess: (data) => queryClient.setQueryData(alertPreferencesKey, data),
  });
}
