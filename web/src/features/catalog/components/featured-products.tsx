import { LIMITS } from '@mtumba/contract/constants';
import { paths } from '@/config/paths';
import { useFeaturedProducts } from '../api/get-featured-products';
import { ProductShelf } from './product-shelf';
import messages from '@/i18n/catalogs/en/browse.json';
import { useT } from '@/i18n';

/** Featured Products: 8 cards (8 skeletons while loading) and View All Products. */
export function FeaturedProducts() {
  const t = useT(messages);
  const { data, isPending } = useFeaturedProducts();
  return (
    <ProductShelf
      id="featured-title"
      title={t('featured.title')}
      label={t('featured.label')}
      link={{ to: paths.products(), label: t('featured.link') }}
      products={data}
      loading={isPending}
      skeletons={LIMITS.featuredCount}
      empty={t('featured.empty')}
      priorityFirst
    />
  );
}
