import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminOfferAnswerBody,
  AdminOffersList,
  AdminPriceOfferReply,
  OfferPriceBody,
} from '@mtumba/contract/price-offers';
import { api } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

/** Query keys of the shop's offers list; under 'admin' so signing out clears them. */
export const adminOfferKeys = {
  all: ['admin', 'offers'] as const,
  list: (status: string, page: number) => ['admin', 'offers', 'list', status, page] as const,
};

/** GET /admin/offers?status&page: offers waiting for the shop by default, with the waiting count. */
export function useAdminOffers(status: string, page: number, enabled = true) {
  return useQuery({
    queryKey: adminOfferKeys.list(status, page),
    queryFn: ({ signal }) => api.get<AdminOffersList>('/admin/offers', { status, page, per_page: 20 }, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The shop's answer to an offer: the action names the call, the rest is its body. */
export type AdminOfferAction =
  | { action: 'accept' }
  | ({ action: 'decline' } & Pick<AdminOfferAnswerBody, 'note'>)
  | ({ action: 'counter' } & AdminOfferAnswerBody & OfferPriceBody);

/** POST /admin/offers/{id}/accept|decline|counter. */
export function useAnswerAdminOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: AdminOfferAction }) => {
      const { action, ...body } = answer;
      return api.post<AdminPriceOfferReply>(`/admin/offers/${id}/${action}`, body);
    },
    onSettled: () => refetchAfterWrite(queryClient, adminOfferKeys.all),
  });
}
