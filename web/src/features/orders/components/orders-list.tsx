import type { OrderJson } from '@mtumba/contract/order';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { formatKsh } from '@mtumba/contract/money';
import { ORDER_STATUSES } from '@mtumba/contract/order-states';
import messages from '@/i18n/catalogs/en/orders.json';
import { useLanguage, useLocale, useT } from '@/i18n';
import { LoadError } from '@/components/ui/load-error';
import { paths } from '@/config/paths';
import { isAwaitingPayment, isReservationExpired, useOrders } from '@/lib/api/get-orders';
import { OrderItemRow } from '@/components/order/order-item-row';
import { OrderProgress } from './order-progress';
import { OrderStatusBadge } from './order-status-badge';
import { formatOrderDate, statusText } from './status-label';

export const ORDER_FILTERS = ['all', ...ORDER_STATUSES] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

/** The sorts; their names are in the orders catalog (orders.sort.<key>). */
export const ORDER_SORTS = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  total_desc: 'Total: High to Low',
  total_asc: 'Total: Low to High',
} as const;
export type OrderSort = keyof typeof ORDER_SORTS;

export function filterAndSortOrders(orders: readonly OrderJson[], filter: OrderFilter, sort: OrderSort): OrderJson[] {
  const shown = filter === 'all' ? [...orders] : orders.filter((o) => o.order_status === filter);
  const byDate = (a: OrderJson, b: OrderJson) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id;
  switch (sort) {
    case 'oldest':
      return shown.sort(byDate);
    case 'total_desc':
      return shown.sort((a, b) => b.total_amount - a.total_amount || byDate(b, a));
    case 'total_asc':
      return shown.sort((a, b) => a.total_amount - b.total_amount || byDate(b, a));
    default:
      return shown.sort((a, b) => byDate(b, a));
  }
}

function OrderCard({ order }: { order: OrderJson }) {
  const t = useT(messages);
  const locale = useLocale();
  const titleId = useId();
  const awaitingPayment = isAwaitingPayment(order);
  const expired = isReservationExpired(order);
  return (
    <article className="card mb-3" aria-labelledby={titleId}>
      <div className="card-header d-flex flex-wrap align-items-center gap-2">
        <h2 className="h6 mb-0" id={titleId}>
          {t('order.title', { id: order.id })}
        </h2>
        <time className="small text-body-secondary" dateTime={order.created_at}>
          {formatOrderDate(locale, order.created_at)}
        </time>
        <span className="ms-auto">
          <OrderStatusBadge status={order.order_status} />
        </span>
      </div>
      <div className="card-body">
        <OrderProgress orderId={order.id} status={order.order_status} paymentStatus={order.payment_status} />
        {awaitingPayment && (
          <p className="small mt-2 mb-0">
            {t('orders.awaitingPayment')} <Link to={paths.checkout(order.id)}>{t('orders.payNow')}</Link>
          </p>
        )}
        {expired && <p className="small text-danger mt-2 mb-0">{t('orders.expired')}</p>}
        {order.cancel_request_open && <p className="small mt-2 mb-0">{t('orders.cancelRequested')}</p>}
        <ul className="list-unstyled mt-2 mb-0">
          {order.order_items.map((item) => (
            <OrderItemRow key={item.id} item={item} thumbnailSize={48} />
          ))}
        </ul>
      </div>
      <div className="card-footer d-flex align-items-center">
        <span>
          {t('orders.total')} <strong>{formatKsh(order.total_amount)}</strong>
        </span>
        <Link to={paths.order(order.id)} className="btn btn-sm btn-primary ms-auto" aria-describedby={titleId}>
          {t('orders.viewDetails')}
        </Link>
      </div>
    </article>
  );
}

function OrdersSkeleton() {
  const t = useT(messages);
  return (
    <div role="status" aria-label={t('orders.loading')}>
      {[0, 1, 2].map((n) => (
        <div key={n} className="card mb-3 placeholder-glow" aria-hidden="true">
          <div className="card-body">
            <span className="placeholder col-4 mb-3" />
            <span className="placeholder col-12 mb-3" />
            <span className="placeholder col-8" />
          </div>
        </div>
      ))}
    </div>
  );
}

function parseFilter(value: string | null): OrderFilter {
  return (ORDER_FILTERS as readonly string[]).includes(value ?? '') ? (value as OrderFilter) : 'all';
}

function parseSort(value: string | null): OrderSort {
  return value !== null && value in ORDER_SORTS ? (value as OrderSort) : 'newest';
}

/** The customer's orders (docs/product.md section 2, Orders): status filters and sort kept in the URL. */
export function OrdersList() {
  const t = useT(messages);
  const language = useLanguage();
  const { data, isPending, isError, refetch, isFetching } = useOrders();
  const [params, setParams] = useSearchParams();
  const filter = parseFilter(params.get('status'));
  const sort = parseSort(params.get('sort'));
  const sortId = useId();

  const update = (key: 'status' | 'sort', value: string, fallback: string) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === fallback) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  };

  const shown = data ? filterAndSortOrders(data, filter, sort) : [];

  return (
    <>
      <div className="orders-toolbar mb-3">
        <div className="chip-row" role="group" aria-label={t('orders.filter')}>
          {ORDER_FILTERS.map((status) => (
            <button
              key={status}
              type="button"
              className={`chip ${filter === status ? 'is-active' : ''}`}
              aria-pressed={filter === status}
              onClick={() => update('status', status, 'all')}
            >
              {status === 'all' ? t('orders.all') : statusText(t, status)}
            </button>
          ))}
        </div>
        <div className="d-flex align-items-center gap-2">
          <label htmlFor={sortId} className="form-label mb-0 small text-nowrap">
            {t('orders.sortBy')}
          </label>
          <select
            id={sortId}
            className="form-select w-auto"
            value={sort}
            onChange={(e) => update('sort', e.target.value, 'newest')}
          >
            {(Object.keys(ORDER_SORTS) as OrderSort[]).map((value) => (
              <option key={value} value={value}>
                {t(`orders.sort.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </div>

      {isPending ? (
        <OrdersSkeleton />
      ) : isError ? (
        <LoadError message={t('orders.loadError')} onRetry={() => void refetch()} retrying={isFetching} />
      ) : shown.length === 0 ? (
        <div className="text-center py-5">
          <p className="mb-3">
            {filter === 'all'
              ? t('orders.none')
              : // English names the API's value as it always has; Kiswahili the status's name
                t('orders.noneWithStatus', { status: language === 'en' ? filter : statusText(t, filter) })}
          </p>
          <Link to={paths.products()} className="btn btn-primary">
            {t('orders.browse')}
          </Link>
        </div>
      ) : (
        <div>
          {shown.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </div>
      )}
    </>
  );
}
