import { LIMITS } from '@mtumba/contract/constants';
import { paths } from '@/config/paths';
import { useFeaturedProducts } from '../api/get-featured-products';
import { ProductShelf } from './product-shelf';

/** Featured Products: 8 cards (8 skeletons while loading) and View All Products. */
export function FeaturedProducts() {
  const { data, isPending } = useFeaturedProducts();
  return (
    <ProductShelf
      id="featured-title"
      title="Featured Products"
      label="Featured products"
      link={{ to: paths.products(), label: 'View All Products' }}
      products={data}
      loading={isPending}
      skeletons={LIMITS.featuredCount}
      empty="New pieces are on their way. Browse all products in the meantime."
      priorityFirst
    />
  );
}
