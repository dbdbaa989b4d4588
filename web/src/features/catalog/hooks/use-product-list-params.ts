import { useCallback, useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { ProductListParams, ProductSort } from '../api/get-products';

export const FILTER_KEYS = ['size', 'brand', 'condition', 'color', 'min_price', 'max_price'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type Filters = Partial<Record<FilterKey, string>>;

const SORTS: ProductSort[] = ['newest', 'price_asc', 'price_desc'];

/**
 * The list's query (and query key) for a URL's search and category: the hook below and the server
 * rendering (src/entry-server.tsx) read it the same way, so the data the server puts in the page
 * is what the list asks for.
 */
export function productListParamsOf(search: URLSearchParams, categoryId?: string): ProductListParams {
  const page = Number(search.get('page'));
  const sort = search.get('sort') as ProductSort | null;
  const out: ProductListParams = {
    page: Number.isInteger(page) && page > 1 ? page : 1,
    sort: sort && SORTS.includes(sort) ? sort : 'newest',
  };
  if (categoryId) out.category = categoryId;
  const q = search.get('q')?.trim();
  if (q) out.q = q;
  for (const key of FILTER_KEYS) {
    const value = search.get(key)?.trim();
    if (value) out[key] = value;
  }
  return out;
}

/**
 * The product list's state lives in the URL (path category + ?q, sort, filters, page), so links
 * can be shared and back/forward restore the list.
 */
export function useProductListParams() {
  const [search, setSearch] = useSearchParams();
  const { categoryId } = useParams();

  const params = useMemo(() => productListParamsOf(search, categoryId), [search, categoryId]);

  /** Changes some values; any change other than the page goes back to page 1. */
  const update = useCallback(
    (patch: Partial<Record<'q' | 'sort' | 'page' | FilterKey, string | number | undefined>>) => {
      setSearch((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value === undefined || value === '' || (key === 'page' && Number(value) <= 1)) next.delete(key);
          else next.set(key, String(value));
        }
        if (!('page' in patch)) next.delete('page');
        if (next.get('sort') === 'newest') next.delete('sort');
        return next;
      });
    },
    [setSearch],
  );

  const hrefForPage = useCallback(
    (page: number) => {
      const next = new URLSearchParams(search);
      if (page <= 1) next.delete('page');
      else next.set('page', String(page));
      const qs = next.toString();
      return qs ? `?${qs}` : '?';
    },
    [search],
  );

  const filters: Filters = {};
  for (const key of FILTER_KEYS) if (params[key]) filters[key] = params[key];

  return { params, filters, update, hrefForPage };
}
