import { useStockMovements } from '../api/get-stock-movements';

const dateTime = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short' });

/** The item's last stock movements (newest first); nothing at all when the server has none to offer. */
export function StockMovements({ productId }: { productId: number }) {
  const { data } = useStockMovements(productId);
  if (!data || data.length === 0) return null;
  return (
    <section className="mt-3" aria-labelledby={`stock-movements-${productId}`}>
      <h3 className="h6" id={`stock-movements-${productId}`}>
        Recent stock movements
      </h3>
      <ul className="list-unstyled small mb-0 stock-movements">
        {data.slice(0, 10).map((m) => (
          <li key={m.id}>
            <strong className={m.change < 0 ? 'text-danger' : 'text-success'}>
              {m.change > 0 ? `+${m.change}` : m.change}
            </strong>{' '}
            {m.reason}
            {m.order_id !== null && ` (order #${m.order_id})`} → {m.stock_after} left
            {(m.reason === 'write_off' || m.reason === 'return_restock') && m.note && ` · ${m.note}`}
            <span className="text-body-secondary">
              {' '}
              · {m.actor_name ?? 'system'},{' '}
              <time dateTime={m.created_at}>{dateTime.format(new Date(m.created_at))}</time>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
