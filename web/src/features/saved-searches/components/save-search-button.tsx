import type { SavedSearchInput } from '@mtumba/contract/listing';
import { savedSearchLabel } from '@mtumba/contract/saved-search-rules';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSaveSearch } from '../api/saved-searches';
import messages from '@/i18n/catalogs/en/account.json';
import { useT } from '@/i18n';

export interface SaveSearchButtonProps {
  /** what the list shows now; only category, words, size and highest price are kept */
  criteria: { category_id: number | null; q: string | null; size: string | null; max_price: number | null };
  categoryName: string | null;
  /** runs the action now when signed in, else after signing in (the page passes the auth feature's guard) */
  requireSignIn: (action: () => void, reason?: string) => void;
}

/**
 * "Alert me about new matches" under the product list's filters: saves the search (signing in
 * first if needed); the shop then tells the customer when a matching item is published.
 */
export function SaveSearchButton({ criteria, categoryName, requireSignIn }: SaveSearchButtonProps) {
  const save = useSaveSearch();
  const t = useT(messages);
  const label = savedSearchLabel({
    category: categoryName ? { name: categoryName } : null,
    q: criteria.q,
    size: criteria.size,
    max_price: criteria.max_price,
  });
  if (!label) return null;
  const input: SavedSearchInput = criteria;
  return (
    <button
      type="button"
      className="btn btn-outline-primary btn-sm"
      disabled={save.isPending}
      onClick={() =>
        requireSignIn(
          () =>
            save.mutate(input, {
              onSuccess: () => toast.success(t('saved.saved', { label })),
              onError: (err) => toast.error(errorMessage(err, t('saved.saveFailed'))),
            }),
          t('saved.signIn'),
        )
      }
    >
      {t('saved.alertMe')}
    </button>
  );
}
