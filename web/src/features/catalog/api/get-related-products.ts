import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Product } from '@mtumba/contract/product';
import { catalogKeys } from '@/lib/api/catalog-keys';

export async function getRelatedProducts(productId: number): Promise<Product[]> {
  const data = await api.get<Product[]>(`/products/${productId}/related`);
  return Array.isArray(data) ? data : [];
}

export const relatedProductsQueryOptions = (productId: number) =>
  queryOptions({ queryKey: catalogKeys.related(productId), queryFn: () => getRelatedProducts(productId) });

export function useRelatedProducts(productId: number) {
  return useQuery({ ...relatedProductsQueryOptions(productId), enabled: productId > 0 });
}
