import { useQueryClient } from '@tanstack/react-query';
import { useSocketEvent, useSocketReconnect } from '@/lib/socket';
import { adminOfferKeys, useAdminOffers } from '../api/offers';

/** The number of offers waiting for the shop, beside "Offers" in the admin's bar; live. */
export function AdminOffersBadge() {
  const offers = useAdminOffers('waiting', 1);
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminOfferKeys.all });
  useSocketEvent('offer.changed', refresh);
  useSocketReconnect(refresh);
  const waiting = offers.data?.waiting ?? 0;
  if (waiting === 0) return null;
  return (
    <>
      {' '}
      <span className="badge rounded-pill nav-badge" aria-hidden="true" data-testid="offers-badge">
        {waiting}
      </span>
      <span className="visually-hidden">({waiting} waiting for an answer)</span>
    </>
  );
}
