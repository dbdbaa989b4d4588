import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LIMITS } from '@mtumba/contract/constants';
import type { Product } from '@mtumba/contract/product';
import { apiRequest } from '@/lib/api-client';
import { adminKeys, type AdminProductListParams } from './admin-keys';

export interface AdminProductPage {
  products: Product[];
  /** X-Total-Count: every matching product */
  total: number;
}

/** GET /admin/products?page&per_page&q: one page of 20 for the admin table, drafts and scheduled items included. */
export async function getAdminProducts(
  params: AdminProductListParams,
  signal?: AbortSignal,
): Promise<AdminProductPage> {
  const { data, headers } = await apiRequest<Product[]>('/admin/products', {
    query: { page: params.page, per_page: LIMITS.pageSize, q: params.q },
    signal,
  });
  const products = Array.isArray(data) ? data : [];
  const total = Number(headers.get('X-Total-Count'));
  return { products, total: headers.has('X-Total-Count') && Number.isFinite(total) ? total : products.length };
}

export const adminProductsQueryOptions = (params: AdminProductListParams) =>
  queryOptions({
    queryKey: adminKeys.productList(params),
    queryFn: ({ signal }) => getAdminProducts(params, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminProducts(params: AdminProductListParams) {
  return useQuery(adminProductsQueryOptions(params));
}
