/** A count beside a link of the top bar, read out in words by screen readers. */
export function CountBadge({ count, label }: { count: number; label: string }) {
  return (
    <>
      {' '}
      <span className="badge rounded-pill nav-badge" aria-hidden="true">
        {count}
      </span>
      <span className="visually-hidden">({label})</span>
    </>
  );
}
