import messages from '@/i18n/catalogs/en/ui-extra.json';
import { useT } from '@/i18n';

interface LoadErrorProps {
  /** the screen's words, e.g. 'Could not load orders' (docs/product.md section 8) */
  message: string;
  onRetry: () => void;
  /** a retry is under way: the button waits */
  retrying?: boolean;
  className?: string;
}

/** A list or page that failed to load: the message and a Try again button. */
export function LoadError({ message, onRetry, retrying = false, className }: LoadErrorProps) {
  const t = useT(messages);
  return (
    <div className={`alert alert-danger d-flex align-items-center gap-2 ${className ?? ''}`} role="alert">
      <span className="me-auto">{message}</span>
      <button type="button" className="btn btn-sm btn-outline-danger" onClick={onRetry} disabled={retrying}>
        {t('ui.tryAgain')}
      </button>
    </div>
  );
}
