import { useLocation, useSearchParams } from 'react-router';

function pageFrom(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** An admin table's page from ?page= (1 unless a whole number ≥ 1), and links to other pages keeping the rest of the query. */
export function usePageParam() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const hrefFor = (page: number) => {
    const next = new URLSearchParams(params);
    if (page > 1) next.set('page', String(page));
    else next.delete('page');
    const qs = next.toString();
    return qs ? `${pathname}?${qs}` : pathname;
  };
  return { page: pageFrom(params.get('page')), hrefFor };
}
