import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Category } from '@mtumba/contract/product';
import { catalogKeys } from '@/lib/api/catalog-keys';

export async function getCategories(): Promise<Category[]> {
  const data = await api.get<Category[]>('/categories');
  return Array.isArray(data) ? data : [];
}

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: catalogKeys.categories(), queryFn: getCategories, staleTime: 5 * 60_000 });

/** GET /categories (the navbar dropdown, the category carousel, the category page title). */
export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
