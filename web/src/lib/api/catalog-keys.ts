import type { ProductSort } from '@mtumba/contract/product';

export type { ProductSort };

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

/**
 * Query keys of the public catalogue. Everything starts with 'catalog', so an admin edit can refresh
 * the whole shop window with `invalidateQueries({ queryKey: catalogKeys.all })`.
 */
export const catalogKeys = {
  all: ['catalog'] as const,
  categories: () => ['catalog', 'categories'] as const,
  products: (params: ProductListParams) => ['catalog', 'products', 'list', params] as const,
  featured: () => ['catalog', 'products', 'featured'] as const,
  trending: () => ['catalog', 'products', 'trending'] as const,
  search: (q: string) => ['catalog', 'products', 'search', q] as const,
  product: (id: number) => ['catalog', 'product', id] as const,
  reviews: (productId: number) => ['catalog', 'product', productId, 'reviews'] as const,
  related: (productId: number) => ['catalog', 'product', productId, 'related'] as const,
};
