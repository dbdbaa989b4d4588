import { Link } from '@/components/ui/link';
import { formatKsh } from '@mtumba/contract/money';
import type { SavedSearch } from '@mtumba/contract/listing';
import { SAVED_SEARCH_LIMIT } from '@mtumba/contract/saved-search-rules';
import { LoadError } from '@/components/ui/load-error';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDeleteSavedSearch, useSavedSearches } from '../api/saved-searches';
import messages from '@/i18n/catalogs/en/account.json';
import { useT } from '@/i18n';

/** The product list showing what a saved search looks for. */
function listHref(search: SavedSearch): string {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.size) params.set('size', search.size);
  if (search.max_price !== null) params.set('max_price', String(search.max_price));
  const base = search.category ? paths.category(search.category.id) : paths.products();
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base;
}

/** The customer's saved searches, each with its latest matches and a Delete button. */
export function SavedSearchList() {
  const searches = useSavedSearches();
  const remove = useDeleteSavedSearch();
  const t = useT(messages);

  if (searches.isPending) return <LoadingSpinner label={t('saved.loading')} className="py-3" />;
  if (searches.isError) {
    return (
      <LoadError
        message={t('saved.loadFailed')}
        onRetry={() => void searches.refetch()}
        retrying={searches.isFetching}
      />
    );
  }
  if (searches.data.length === 0) {
    return (
      <p className="text-body-secondary">
        {t('saved.noneBefore')}
        <Link to={paths.products()}>{t('saved.noneLink')}</Link>
        {t('saved.noneAfter')}
      </p>
    );
  }
  return (
    <>
      <p className="small text-body-secondary">{t('saved.limit', { limit: SAVED_SEARCH_LIMIT })}</p>
      <ul className="list-unstyled d-grid gap-2 mb-0" aria-label={t('alerts.searches')}>
        {searches.data.map((search) => (
          <li key={search.id} className="border rounded p-3 d-flex flex-wrap gap-2 align-items-start">
            <div className="me-auto">
              <Link to={listHref(search)} className="fw-semibold">
                {search.label}
              </Link>
              {search.matches.length > 0 && (
                <div className="small mt-1">
                  {t('saved.latest')}{' '}
                  {search.matches.map((m, i) => (
                    <span key={m.id}>
                      {i > 0 && ', '}
                      <Link to={paths.product(m.id)}>{m.name}</Link> ({formatKsh(m.price)})
                    </span>
                  ))}
                </div>
              )}
            </div>
            <button
              type="button"
              className="btn btn-outline-danger btn-sm"
              disabled={remove.isPending}
              aria-label={t('saved.deleteLabel', { label: search.label })}
              onClick={() =>
                remove.mutate(search.id, {
                  onSuccess: () => toast.success(t('saved.deleted')),
                  onError: (err) => toast.error(errorMessage(err, t('saved.deleteFailed'))),
                })
              }
            >
              {t('address.delete')}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
