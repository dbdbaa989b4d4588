import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Product } from '@mtumba/contract/product';
import { catalogKeys } from '@/lib/api/catalog-keys';

/** GET /products/trending; a reply that is not a list, or a failure (logged), is an empty list. */
export async function getTrendingProducts(): Promise<Product[]> {
  try {
    const data = await api.get<unknown>('/products/trending');
    return Array.isArray(data) ? (data as Product[]) : [];
  } catch (err) {
    console.error('Could not load trending products', err);
    return [];
  }
}

export const trendingProductsQueryOptions = () =>
  queryOptions({ queryKey: catalogKeys.trending(), queryFn: getTrendingProducts });

export function useTrendingProducts() {
  return useQuery(trendingProductsQueryOptions());
}
