import { Link } from '@/components/ui/link';
import messages from '@/i18n/catalogs/en/ui-extra.json';
import { useT } from '@/i18n';

interface PaginationNavProps {
  page: number;
  pageCount: number;
  /** the link of a page (keeps the rest of the URL, so back and forward work) */
  hrefFor: (page: number) => string;
  label?: string;
}

/** Page numbers around the current page, with the first and last always reachable. */
export function pageWindow(page: number, pageCount: number, radius = 1): (number | 'gap')[] {
  const pages = new Set([1, pageCount]);
  for (let p = page - radius; p <= page + radius; p++) if (p >= 1 && p <= pageCount) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push('gap');
    out.push(p);
  });
  return out;
}

export function PaginationNav({ page, pageCount, hrefFor, label }: PaginationNavProps) {
  const t = useT(messages);
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label ?? t('ui.pages')} className="d-flex justify-content-center mt-4">
      <ul className="pagination flex-wrap">
        <li className={`page-item ${page <= 1 ? 'disabled' : ''}`}>
          {page <= 1 ? (
            <span className="page-link">{t('ui.previous')}</span>
          ) : (
            <Link className="page-link" to={hrefFor(page - 1)} rel="prev">
              {t('ui.previous')}
            </Link>
          )}
        </li>
        {pageWindow(page, pageCount).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap-${i}`} className="page-item disabled" aria-hidden="true">
              <span className="page-link">…</span>
            </li>
          ) : (
            <li key={p} className={`page-item ${p === page ? 'active' : ''}`}>
              <Link
                className="page-link"
                to={hrefFor(p)}
                aria-current={p === page ? 'page' : undefined}
                aria-label={t('ui.page', { page: p })}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        <li className={`page-item ${page >= pageCount ? 'disabled' : ''}`}>
          {page >= pageCount ? (
            <span className="page-link">{t('ui.next')}</span>
          ) : (
            <Link className="page-link" to={hrefFor(page + 1)} rel="next">
              {t('ui.next')}
            </Link>
          )}
        </li>
      </ul>
    </nav>
  );
}
