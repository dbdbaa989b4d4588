import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductFacets } from '@mtumba/contract/product';
import { api } from '@/lib/api-client';
import { catalogKeys } from '@/lib/api/catalog-keys';

export interface FacetScope {
  category?: number | string;
  q?: string;
}

export function getFacets(scope: FacetScope, signal?: AbortSignal): Promise<ProductFacets> {
  const query: Record<string, string> = {};
  if (scope.category) query.category = String(scope.category);
  if (scope.q) query.q = scope.q;
  return api.get<ProductFacets>('/products/facets', query, signal);
}

export const facetsQueryOptions = (scope: FacetScope) =>
  queryOptions({
    // Under 'catalog', so an admin's edit refreshes the chips with the rest of the shop window.
    queryKey: [...catalogKeys.all, 'facets', scope.category ?? null, scope.q ?? null] as const,
    queryFn: ({ signal }) => getFacets(scope, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** The filter chips (what is in stock) and "did you mean" for the list's category and search. */
export function useFacets(scope: FacetScope) {
  return useQuery(facetsQueryOptions(scope));
}
