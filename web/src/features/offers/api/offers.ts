import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OfferPriceBody, OfferRulesJson, PriceOfferJson, PriceOfferReply } from '@mtumba/contract/price-offers';
import { api } from '@/lib/api-client';
import { emitAppEvent } from '@/lib/events';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

/**
 * The customer's price offers (docs/product.md, Make an offer). Every key starts with 'offers', so a
 * live answer from the shop refreshes the list and the product page at once.
 */
export const offerKeys = {
  all: ['offers'] as const,
  mine: (userId: number | null) => ['offers', 'mine', userId] as const,
  rules: ['offer-rules'] as const,
};

/** GET /offer-rules: whether every item takes offers, the floor and the auto-accept share. */
export function useOfferRules() {
  return useQuery({
    queryKey: offerKeys.rules,
    queryFn: () => api.get<OfferRulesJson>('/offer-rules'),
    staleTime: Infinity,
  });
}

/** GET /offers/mine: the signed-in customer's offers, newest first (off while signed out). */
export function useMyOffers(userId: number | null) {
  return useQuery({
    queryKey: offerKeys.mine(userId),
    queryFn: () => api.get<PriceOfferJson[]>('/offers/mine'),
    enabled: userId !== null,
  });
}

/** POST /products/{id}/offers: accepted at once, declined at once, or open for the shop. */
export function useMakeOffer(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OfferPriceBody) => api.post<PriceOfferReply>(`/products/${productId}/offers`, body),
    onSuccess: (reply) => {
      if (reply.offer.status === 'accepted') emitAppEvent('cartUpdated');
    },
    onSettled: () => {
      void refetchAfterWrite(queryClient, offerKeys.all);
      // the product shows "Reserved" to others once held
      void refetchAfterWrite(queryClient, ['catalog']);
    },
  });
}

/** The customer's answer to a counter-offer: the action names the call; a counter sends its price. */
export type OfferAnswer = { action: 'accept' | 'decline' } | ({ action: 'counter' } & OfferPriceBody);

/** POST /offers/{id}/accept|decline|counter: the customer's answer to the shop's counter-offer. */
export function useAnswerOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: OfferAnswer }) =>
      api.post<PriceOfferReply>(
        `/offers/${id}/${answer.action}`,
        answer.action === 'counter' ? { price: answer.price } : undefined,
      ),
    onSuccess: (reply) => {
      if (reply.offer.status === 'accepted') emitAppEvent('cartUpdated');
    },
    onSettled: () => {
      void refetchAfterWrite(queryClient, offerKeys.all);
      void refetchAfterWrite(queryClient, ['catalog']);
    },
  });
}
