import { paths } from '@/config/paths';
import { useTrendingProducts } from '../api/get-trending-products';
import { ProductShelf } from './product-shelf';

/** Trending Products, badged Hot Deal when reduced (else Trending) (4 skeletons while loading); hidden when there are none. */
export function TrendingProducts() {
  const { data, isPending } = useTrendingProducts();
  return (
    <ProductShelf
      id="trending-title"
      title="Trending Products"
      label="Trending products"
      link={{ to: paths.products(), label: 'View More Products' }}
      products={data}
      loading={isPending}
      skeletons={4}
      trending
    />
  );
}
