import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIMITS } from '@mtumba/contract/constants';
import { api } from '@/lib/api-client';
import type { Product } from '@mtumba/contract/product';
import { catalogKeys } from '@/lib/api/catalog-keys';

/** GET /products?featured=true, first 8. A failure is logged and shows as an empty list (docs/product.md section 8). */
export async function getFeaturedProducts(): Promise<Product[]> {
  try {
    const data = await api.get<Product[]>('/products', { featured: 'true', per_page: LIMITS.featuredCount });
    return Array.isArray(data) ? data.slice(0, LIMITS.featuredCount) : [];
  } catch (err) {
    console.error('Could not load featured products', err);
    return [];
  }
}

export const featuredProductsQueryOptions = () =>
  queryOptions({ queryKey: catalogKeys.featured(), queryFn: getFeaturedProducts });

export function useFeaturedProducts() {
  return useQuery(featuredProductsQueryOptions());
}
