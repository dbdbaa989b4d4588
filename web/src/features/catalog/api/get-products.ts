import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LIMITS } from '@mtumba/contract/constants';
import { apiRequest } from '@/lib/api-client';
import type { Product } from '@/lib/api-types';
import { catalogKeys } from './catalog-keys';

export type ProductSort = 'newest' | 'price_asc' | 'price_desc';

/** The list's query string (GET /products); empty values are left out of the URL. */
export interface ProductListParams {
  page?: number;
  per_page?: number;
  sort?: ProductSort;
  category?: number | string;
  q?: string;
  size?: string;
  brand?: string;
  condition?: string;
  color?: string;
  min_price?: string;
  max_price?: string;
}

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
