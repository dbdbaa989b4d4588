import { WishlistView } from '@/features/wishlist/components/wishlist-view';
import messages from '@/i18n/catalogs/en/orders.json';
import { useT } from '@/i18n';

export default function WishlistRoute() {
  const t = useT(messages);
  return (
    <>
      <title>{t('wishlist.pageTitle')}</title>
      <h1 className="h3 mb-3">{t('wishlist.heading')}</h1>
      {/* a visitor's wishlist lives in the browser until they sign in (docs/product.md section 3) */}
      <WishlistView />
    </>
  );
}
