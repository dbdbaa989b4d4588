import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@mtumba/contract/product';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /categories: every category, by name. */
export async function getAdminCategories(): Promise<Category[]> {
  const data = await api.get<Category[]>('/categories');
  return Array.isArray(data) ? data : [];
}

export const adminCategoriesQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.categories(), queryFn: getAdminCategories });

export function useAdminCategories() {
  return useQuery(adminCategoriesQueryOptions());
}
