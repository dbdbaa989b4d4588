import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Product } from '@mtumba/contract/product';
import { catalogKeys } from '@/lib/api/catalog-keys';

export function getProduct(id: number, signal?: AbortSignal): Promise<Product> {
  return api.get<Product>(`/products/${id}`, undefined, signal);
}

export const productQueryOptions = (id: number) =>
  queryOptions({ queryKey: catalogKeys.product(id), queryFn: ({ signal }) => getProduct(id, signal) });

/** GET /products/{id}; a 404 arrives as an ApiError with status 404 ('Product not found.'). */
export function useProduct(id: number) {
  return useQuery({ ...productQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
