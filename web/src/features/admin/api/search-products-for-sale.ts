import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@mtumba/contract/product';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

const PICK_LIMIT = 10;

/** GET /products?q&in_stock=true: items that can still be sold, for a manual order. */
export async function searchProductsForSale(q: string, signal?: AbortSignal): Promise<Product[]> {
  const { data } = await apiRequest<Product[]>('/products', {
    query: { q: q || undefined, in_stock: true, per_page: PICK_LIMIT, sort: 'newest' },
    signal,
  });
  return Array.isArray(data) ? data : [];
}

export const productsForSaleQueryOptions = (q: string) =>
  queryOptions({
    queryKey: adminKeys.productsForSale(q),
    queryFn: ({ signal }) => searchProductsForSale(q, signal),
    placeholderData: keepPreviousData,
  });

export function useProductsForSale(q: string) {
  return useQuery(productsForSaleQueryOptions(q));
}
