import { useMutation, useQuery } from '@tanstack/react-query';
import type { AccountClaimBody, AccountClaimView, AuthReply } from '@mtumba/contract/account';
import { api, apiRequest } from '@/lib/api-client';

/** GET /account-claims/{token}: whom the claim link texted by the shop is for. */
export function useAccountClaim(token: string) {
  return useQuery({
    queryKey: ['account-claim', token],
    queryFn: ({ signal }) =>
      api.get<AccountClaimView>(`/account-claims/${encodeURIComponent(token)}`, undefined, signal),
    retry: false,
  });
}

/** POST /account-claims/{token}: the e-mail address and password; signs the customer in. */
export function claimAccount(token: string, body: AccountClaimBody): Promise<AuthReply> {
  return apiRequest<AuthReply>(`/account-claims/${encodeURIComponent(token)}`, {
    method: 'POST',
    body,
    signOutOn401: false,
  }).then((r) => r.data);
}

export function useClaimAccount(token: string) {
  return useMutation({ mutationFn: (body: AccountClaimBody) => claimAccount(token, body) });
}
