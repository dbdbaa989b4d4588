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

/**
 * PUT /user/alert-preferences. The switch moves at once (the choice is shown before the server
 * answers) and moves back if the server refuses.
 */
export function useUpdateAlertPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AlertPreferences) => api.put<AlertPreferences>('/user/alert-preferences', input),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: alertPreferencesKey });
      const previous = queryClient.getQueryData<AlertPreferences>(alertPreferencesKey);
      queryClient.setQueryData(alertPreferencesKey, input);
      return { previous };
    },
    onError: (_err, _input, context) => {
      if (context?.previous) queryClient.setQueryData(alertPreferencesKey, context.previous);
    },
    onSuccess: (data) => queryClient.setQueryData(alertPreferencesKey, data),
  });
}
