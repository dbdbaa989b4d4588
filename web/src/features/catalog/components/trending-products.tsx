import { Link } from 'react-router';
import { ProductGridSkeleton } from '@/components/ui/product-card-skeleton';
import { paths } from '@/config/paths';
import { useTrendingProducts } from '../api/get-trending-products';
import { ProductGrid } from './product-grid';

/** Trending Products with Hot Deal badges (4 skeletons while loading); hidden when there are none. */
export function TrendingProducts() {
  const { data, isPending } = useTrendingProducts();
  if (!isPending && (!data || data.length === 0)) return null;
  return (
    <section className="mb-5" aria-labelledby="trending-title">
      <div className="d-flex flex-wrap align-items-baseline justify-content-between column-gap-3 mb-3">
        <h2 id="trending-title" className="h4 section-title mb-0">
          Trending Products
        </h2>
        <Link to={paths.products()}>View More Products</Link>
      </div>
      {isPending ? (
        <ProductGridSkeleton count={4} label="Loading trending products" />
      ) : (
        <ProductGrid products={data ?? []} hotDeal label="Trending products" />
      )}
    </section>
  );
}
