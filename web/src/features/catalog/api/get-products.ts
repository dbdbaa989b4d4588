import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LIMITS } from '@mtumba/contract/constants';
import { apiRequest } from '@/lib/api-client';
import type { Product } from '@mtumba/contract/product';
import { catalogKeys, type ProductListParams } from '@/lib/api/catalog-keys';

export type { ProductListParams, ProductSort } from '@/lib/api/catalog-keys';

export interface ProductPage {
  products: Product[];
  /** X-Total-Count: every matching product, not just this page */
  total: number;
}

export async function getProducts(params: ProductListParams, signal?: AbortSignal): Promise<ProductPage> {
  const { data, headers } = await apiRequest<Product[]>('/products', {
    query: { per_page: LIMITS.pageSize, ...params },
    signal,
  });
  const products = Array.isArray(data) ? data : [];
  const total = Number(headers.get('X-Total-Count'));
  return { products, total: Number.isFinite(total) && headers.has('X-Total-Count') ? total : products.length };
}

export const productsQueryOptions = (params: ProductListParams) =>
  queryOptions({
    queryKey: catalogKeys.products(params),
    queryFn: ({ signal }) => getProducts(params, signal),
    placeholderData: keepPreviousData,
  });

/** One page of products (20 by default) with the total for the pagination. */
export function useProducts(params: ProductListParams) {
  return useQuery(productsQueryOptions(params));
}
