import { Link } from 'react-router';
import { LIMITS } from '@mtumba/contract/constants';
import { ProductGridSkeleton } from '@/components/ui/product-card-skeleton';
import { paths } from '@/config/paths';
import { useFeaturedProducts } from '../api/get-featured-products';
import { ProductGrid } from './product-grid';

/** Featured Products: 8 cards (8 skeletons while loading) and View All Products. */
export function FeaturedProducts() {
  const { data, isPending } = useFeaturedProducts();
  return (
    <section className="mb-5" aria-labelledby="featured-title">
      <div className="d-flex flex-wrap align-items-baseline justify-content-between column-gap-3 mb-3">
        <h2 id="featured-title" className="h4 section-title mb-0">
          Featured Products
        </h2>
        <Link to={paths.products()}>View All Products</Link>
      </div>
      {isPending ? (
        <ProductGridSkeleton count={LIMITS.featuredCount} label="Loading featured products" />
      ) : data && data.length > 0 ? (
        <ProductGrid products={data} priorityFirst label="Featured products" />
      ) : (
        <p className="text-body-secondary">New pieces are on their way. Browse all products in the meantime.</p>
      )}
    </section>
  );
}
