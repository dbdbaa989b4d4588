import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayLinkView } from '@mtumba/contract/manual-order';
import { apiRequest } from '@/lib/api-client';

export const payLinkKeys = {
  view: (token: string) => ['pay-link', token] as const,
};

/** GET /pay-links/{token}: what the link shows; no sign-in (410 expired, 403 changed, 404 unknown). */
export function getPayLinkView(token: string, signal?: AbortSignal): Promise<PayLinkView> {
  return apiRequest<PayLinkView>(`/pay-links/${encodeURIComponent(token)}`, { signal, signOutOn401: false }).then(
    (r) => r.data,
  );
}

export const payLinkViewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: payLinkKeys.view(token),
    queryFn: ({ signal }) => getPayLinkView(token, signal),
    retry: false,
  });

export function usePayLinkView(token: string) {
  return useQuery(payLinkViewQueryOptions(token));
}
