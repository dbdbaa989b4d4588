import { useQueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { useOrdersCount } from '@/features/orders/api/use-orders-count';
import { wishlistKeys, useWishlistCount } from '@/lib/api/get-wishlist';
import { useAppEvent } from '@/lib/events';
import { CountBadge } from './count-badge';
import messages from '@/i18n/catalogs/en/layout.json';
import { useT } from '@/i18n';
import { NavItem } from './nav-item';

/** Wishlist, Cart and Orders with their counts; a signed-in customer only. */
export default function CustomerLinks() {
  const t = useT(messages);
  const queryClient = useQueryClient();
  const wishlistCount = useWishlistCount();
  const ordersCount = useOrdersCount();
  // Another screen changed something: refetch the counts (reusing a fetch already under way); the
  // cart's count is the navbar's own (navbar.tsx).
  useAppEvent('wishlistUpdated', () =>
    queryClient.invalidateQueries({ queryKey: wishlistKeys.all }, { cancelRefetch: false }),
  );
  useAppEvent('ordersUpdated', () => queryClient.invalidateQueries({ queryKey: ['orders'] }, { cancelRefetch: false }));
  return (
    <>
      <NavItem to={paths.wishlist()}>
        {t('nav.wishlist')}
        <CountBadge count={wishlistCount} label={t('nav.wishlistCount', { count: wishlistCount })} />
      </NavItem>
      <NavItem to={paths.orders()}>
        {t('nav.orders')}
        <CountBadge count={ordersCount} label={t('nav.ordersCount', { count: ordersCount })} />
      </NavItem>
    </>
  );
}
