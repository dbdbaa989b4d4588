import { paths } from '@/config/paths';
import { useTrendingProducts } from '../api/get-trending-products';
import { ProductShelf } from './product-shelf';
import messages from '@/i18n/catalogs/en/browse.json';
import { useT } from '@/i18n';

/** Trending Products, badged Hot Deal when reduced (else Trending) (4 skeletons while loading); hidden when there are none. */
export function TrendingProducts() {
  const t = useT(messages);
  const { data, isPending } = useTrendingProducts();
  return (
    <ProductShelf
      id="trending-title"
      title={t('trending.title')}
      label={t('trending.label')}
      link={{ to: paths.products(), label: t('trending.link') }}
      products={data}
      loading={isPending}
      skeletons={4}
      trending
    />
  );
}
