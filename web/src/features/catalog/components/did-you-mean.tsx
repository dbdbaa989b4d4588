import messages from '@/i18n/catalogs/en/pages.json';
import { useT } from '@/i18n';

/**
 * "Did you mean adidas?" under a search whose words looked misspelt: the list already holds the
 * items of the corrected words; tapping the suggestion searches for it as written.
 */
export function DidYouMean({ suggestion, onChoose }: { suggestion: string; onChoose: (q: string) => void }) {
  const t = useT(messages);
  return (
    <p className="did-you-mean mb-2" role="status">
      {t('dym.prefix')}{' '}
      <button
        type="button"
        className="btn btn-link p-0 align-baseline fw-semibold"
        onClick={() => onChoose(suggestion)}
      >
        {suggestion}
      </button>
      ?
    </p>
  );
}
