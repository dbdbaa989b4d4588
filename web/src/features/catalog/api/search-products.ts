import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIMITS } from '@mtumba/contract/constants';
import { api } from '@/lib/api-client';
import type { ProductSummary } from '@mtumba/contract/product';
import { catalogKeys } from '@/lib/api/catalog-keys';

export async function searchProducts(q: string, signal?: AbortSignal): Promise<ProductSummary[]> {
  const data = await api.get<ProductSummary[]>('/products/search', { q }, signal);
  return Array.isArray(data) ? data : [];
}

export const productSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: catalogKeys.search(q),
    queryFn: ({ signal }) => searchProducts(q, signal),
    staleTime: 60_000,
  });

/** Suggestions for a (debounced) search text; nothing is asked below 2 characters (docs/product.md section 5). */
export function useProductSearch(text: string) {
  const q = text.trim();
  return useQuery({ ...productSearchQueryOptions(q), enabled: q.length >= LIMITS.searchMinChars });
}
