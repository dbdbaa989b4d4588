import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { toast } from '@/lib/toast';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { TIMINGS } from '@mtumba/contract/constants';
import { formatKsh } from '@mtumba/contract/money';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useClearCart } from '@/lib/api/clear-cart';
import { useHeldForMe } from '@/lib/api/get-orders';
import { useCart, type CartItem } from '@/lib/api/get-cart';
import { cartLineCents } from '@/lib/cart-line-prices';
import { useRemoveCartItem } from '../api/remove-cart-item';
import { useUpdateCartItem } from '../api/update-cart-item';
import { QuantityStepper } from './quantity-stepper';
import messages from '@/i18n/catalogs/en/buy.json';
import { tOf, useLocale, useT, type Translate } from '@/i18n';

export const outOfStockMessage = (name: string) => tOf(messages)('cart.outOfStock', { name });

/** Σ unit price × quantity, in Ksh (computed here: quantities change on screen before the server answers). */
export function cartTotal(items: readonly CartItem[]): number {
  const cents = items.reduce((sum, item) => sum + cartLineCents(item), 0);
  return cents / 100;
}

const cartColumns = (t: Translate<keyof typeof messages>): DataColumn[] => [
  { label: t('cart.col.image') },
  { label: t('cart.col.product') },
  { label: t('cart.col.qty') },
  { label: t('cart.col.unit'), end: true, className: 'd-none d-md-table-cell' },
  { label: t('cart.col.subtotal'), end: true },
  { label: <span className="visually-hidden">{t('cart.remove')}</span> },
];

function Thumbnail({ item }: { item: CartItem }) {
  const t = useT(messages);
  const { product } = item;
  if (!product.image_url) {
    return (
      <div
        className="bg-body-tertiary rounded cart-thumb"
        style={{ width: 64, height: 64 }}
        role="img"
        aria-label={t('noPhoto', { name: product.name })}
      />
    );
  }
  return (
    <img
      src={product.image_url}
      alt={product.name}
      width={64}
      height={64}
      loading="lazy"
      decoding="async"
      className="rounded cart-thumb"
      style={{ objectFit: 'cover' }}
    />
  );
}

/** A one-of-a-kind item (one in stock, one in the cart): no quantity stepper. */
const isOneOff = (item: CartItem) => item.quantity === 1 && item.product.stock_quantity <= 1;

function StockNote({ item, heldFor }: { item: CartItem; heldFor: number | undefined }) {
  const t = useT(messages);
  const stock = item.product.stock_quantity;
  if (heldFor !== undefined && item.quantity > stock) {
    return (
      <div className="small stock-note--held">
        {t('cart.heldFor', { id: heldFor })} <Link to={paths.checkout(heldFor)}>{t('payFor', { id: heldFor })}</Link>
      </div>
    );
  }
  if (stock <= 0) return <div className="small text-danger">{t('cart.soldOut')}</div>;
  if (item.quantity > stock) return <div className="small text-danger">{t('cart.onlyLeft', { stock })}</div>;
  return null;
}

function CartSkeleton() {
  const t = useT(messages);
  return (
    <div role="status" aria-label={t('cart.loading')} className="placeholder-glow">
      {[0, 1, 2].map((n) => (
        <div key={n} className="d-flex gap-3 align-items-center py-2 border-bottom" aria-hidden="true">
          <span className="placeholder rounded" style={{ width: 64, height: 64 }} />
          <span className="placeholder col-5" />
          <span className="placeholder col-2 ms-auto" />
        </div>
      ))}
    </div>
  );
}

interface CartViewProps {
  /** the checkout panel under the total, given the current lines (composed by the cart page) */
  renderCheckout?: (items: CartItem[]) => ReactNode;
}

/** The cart (docs/product.md section 2): lines with quantity steppers, total, Clear Cart, then the checkout panel. */
export function CartView({ renderCheckout }: CartViewProps) {
  const t = useT(messages);
  const locale = useLocale();
  const { data, isPending, isError, refetch, isFetching } = useCart();
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const clear = useClearCart();
  const heldForMe = useHeldForMe();

  if (isPending) return <CartSkeleton />;
  if (isError) {
    return <LoadError message={t('cart.loadError')} onRetry={() => void refetch()} retrying={isFetching} />;
  }

  const items = data.cart_items;
  if (items.length === 0) {
    return (
      <EmptyState message={t('cart.empty')}>
        <Link to={paths.products()} className="btn btn-primary">
          {t('continue')}
        </Link>
      </EmptyState>
    );
  }

  const changeQuantity = (item: CartItem, quantity: number) =>
    update.mutate(
      { itemId: item.id, quantity },
      {
        onError: (err) =>
          toast.error(errorMessage(err, t('cart.qtyError')), {
            toastId: `cart-qty-${item.id}`,
            autoClose: TIMINGS.stockToastShortMs,
          }),
      },
    );

  const showLimit = (item: CartItem) =>
    toast.error(outOfStockMessage(item.product.name), {
      toastId: `stock-${item.product.id}`,
      autoClose: TIMINGS.stockToastShortMs,
    });

  const removeItem = (item: CartItem) =>
    remove.mutate(item.id, {
      onSuccess: () => toast.success(t('cart.removed'), { toastId: `cart-remove-${item.id}` }),
      onError: (err) => toast.error(errorMessage(err, t('cart.removeError')), { toastId: `cart-remove-${item.id}` }),
    });

  const clearAll = () =>
    clear.mutate(undefined, {
      onSuccess: () => toast.success(t('cart.cleared'), { toastId: 'cart-clear' }),
      onError: (err) => toast.error(errorMessage(err, t('cart.clearError')), { toastId: 'cart-clear' }),
    });

  return (
    <>
      <DataTable
        columns={cartColumns(t)}
        className="table align-middle cart-table"
        caption={<caption className="visually-hidden">{t('cart.caption')}</caption>}
      >
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <td>
                <Link to={paths.product(item.product.id)} tabIndex={-1} aria-hidden="true">
                  <Thumbnail item={item} />
                </Link>
              </td>
              <td className="text-break" style={{ minWidth: '8rem' }}>
                <Link to={paths.product(item.product.id)}>{item.product.name}</Link>
                <div className="small text-body-secondary d-md-none">
                  {t('cart.each', { price: formatKsh(item.product.price) })}
                </div>
                {item.offer && (
                  <div className="small text-success fw-semibold" data-testid={`agreed-${item.id}`}>
                    {t(item.quantity > 1 ? 'cart.offerEach' : 'cart.offer', {
                      price: formatKsh(item.offer.agreed_price),
                      until: new Date(item.offer.hold_until).toLocaleString(locale, {
                        weekday: 'short',
                        hour: '2-digit',
                        minute: '2-digit',
                      }),
                    })}
                  </div>
                )}
                <StockNote item={item} heldFor={heldForMe.get(item.product.id)} />
              </td>
              <td style={{ width: '8.5rem' }}>
                {isOneOff(item) ? (
                  // one of a kind: nothing to step (docs/product.md section 5)
                  <span className="cart-qty-single" data-testid={`quantity-${item.id}`}>
                    <span className="d-sm-none">{t('cart.qty')} </span>1
                  </span>
                ) : (
                  <QuantityStepper
                    productName={item.product.name}
                    quantity={item.quantity}
                    stock={item.product.stock_quantity}
                    onChange={(quantity) => changeQuantity(item, quantity)}
                    onLimit={() => showLimit(item)}
                  />
                )}
              </td>
              <td className="text-end text-nowrap d-none d-md-table-cell">{formatKsh(item.product.price)}</td>
              <td className="text-end text-nowrap" data-testid={`line-total-${item.id}`}>
                {formatKsh(cartLineCents(item) / 100)}
              </td>
              <td className="text-end">
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger"
                  onClick={() => removeItem(item)}
                  aria-label={t('cart.removeItem', { name: item.product.name })}
                >
                  <span className="d-none d-sm-inline">{t('cart.remove')}</span>
                  <span className="d-sm-none" aria-hidden="true">
                    ✕
                  </span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-4">
        <button type="button" className="btn btn-outline-secondary" onClick={clearAll} disabled={clear.isPending}>
          {clear.isPending ? t('cart.clearing') : t('cart.clear')}
        </button>
        <p className="ms-auto mb-0 fs-5">
          {t('cart.total')} <strong data-testid="cart-total">{formatKsh(cartTotal(items))}</strong>
        </p>
      </div>
      {renderCheckout?.(items)}
    </>
  );
}
