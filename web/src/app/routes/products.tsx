import { LIMITS } from '@mtumba/contract/constants';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PaginationNav } from '@/components/ui/pagination-nav';
import { ProductGridSkeleton } from '@/components/ui/product-card-skeleton';
import { useCategories } from '@/features/catalog/api/get-categories';
import { useProducts } from '@/features/catalog/api/get-products';
import { CategoryCarousel } from '@/features/catalog/components/category-carousel';
import { useFacets } from '@/features/catalog/api/get-facets';
import { ActiveFilters, ProductFilters } from '@/features/catalog/components/product-filters';
import { DidYouMean } from '@/features/catalog/components/did-you-mean';
import { ProductGrid } from '@/features/catalog/components/product-grid';
import { ProductSearch } from '@/features/catalog/components/product-search';
import { SortSelect } from '@/features/catalog/components/sort-select';
import { FILTER_KEYS, useProductListParams } from '@/features/catalog/hooks/use-product-list-params';
import { useRequireSignIn } from '@/lib/auth/use-require-sign-in';
import { SaveSearchButton } from '@/features/saved-searches/components/save-search-button';
import messages from '@/i18n/catalogs/en/pages.json';
import { useT } from '@/i18n';

/** All products, or one category's (/products/category/:categoryId); the list's state is in the URL. */
export default function ProductsRoute() {
  const t = useT(messages);
  const { params, filters, update, hrefForPage } = useProductListParams();
  const products = useProducts(params);
  const facets = useFacets({ category: params.category, q: params.q });
  const clearAll = () => update({ q: undefined, ...Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined])) });
  const { data: categories } = useCategories();
  const category = params.category ? categories?.find((c) => String(c.id) === String(params.category)) : undefined;
  const heading = params.category ? (category ? category.name.toUpperCase() : t('list.category')) : t('list.all');
  const total = products.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / LIMITS.pageSize));
  const page = params.page ?? 1;
  const filtered = Boolean(params.q) || FILTER_KEYS.some((k) => params[k]);
  const requireSignIn = useRequireSignIn();
  const maxPrice = params.max_price ? Number(params.max_price) : null;
  const saveSearch = (
    <SaveSearchButton
      criteria={{
        category_id: params.category ? Number(params.category) : null,
        q: params.q || null,
        size: params.size || null,
        max_price: maxPrice !== null && Number.isFinite(maxPrice) && maxPrice > 0 ? maxPrice : null,
      }}
      categoryName={category?.name ?? null}
      requireSignIn={requireSignIn}
    />
  );

  return (
    <>
      <title>{t('list.title', { heading })}</title>
      <CategoryCarousel />
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <h1 className="h3 mb-0 me-auto">{heading}</h1>
        <SortSelect value={params.sort ?? 'newest'} onChange={(sort) => update({ sort })} />
      </div>
      <div className="mb-3">
        <ProductSearch key={params.q ?? ''} initialQuery={params.q ?? ''} onSearch={(q) => update({ q })} />
      </div>
      {params.q && facets.data?.did_you_mean && facets.data.did_you_mean !== params.q.toLowerCase() && (
        <DidYouMean suggestion={facets.data.did_you_mean} onChoose={(q) => update({ q })} />
      )}
      <ProductFilters
        value={filters}
        facets={facets.data}
        onApply={(next) => update(Object.fromEntries(FILTER_KEYS.map((k) => [k, next[k]])))}
      />
      <div className="mb-3">{saveSearch}</div>
      <ActiveFilters
        value={filters}
        q={params.q}
        onRemove={(key) => update({ [key]: undefined })}
        onClearAll={clearAll}
      />

      {products.isPending ? (
        <ProductGridSkeleton count={12} />
      ) : products.isError ? (
        <LoadError
          message={t('list.loadError')}
          onRetry={() => void products.refetch()}
          retrying={products.isFetching}
        />
      ) : products.data.products.length === 0 ? (
        <EmptyState message={filtered ? t('list.noMatch') : t('list.empty')}>
          {filtered && (
            <button type="button" className="btn btn-outline-primary" onClick={clearAll}>
              {t('list.clear')}
            </button>
          )}
        </EmptyState>
      ) : (
        <>
          <p className="small text-body-secondary" aria-live="polite">
            {params.q ? t('list.results', { q: params.q, count: total }) : t('list.count', { count: total })}
          </p>
          <div className={products.isPlaceholderData ? 'opacity-50' : undefined} aria-busy={products.isPlaceholderData}>
            <ProductGrid products={products.data.products} priorityFirst label={heading} />
          </div>
          <PaginationNav page={page} pageCount={pageCount} hrefFor={hrefForPage} label={t('list.pages')} />
        </>
      )}
    </>
  );
}
