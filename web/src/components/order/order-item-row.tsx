import type { OrderItemJson } from '@mtumba/contract/order';
import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { formatKsh } from '@mtumba/contract/money';
import { paths } from '@/config/paths';
import messages from '@/i18n/catalogs/en/buy.json';
import { useT } from '@/i18n';

function Thumbnail({ item, size }: { item: OrderItemJson; size: number }) {
  const t = useT(messages);
  if (!item.product.image_url) {
    return (
      <div
        className="bg-body-tertiary rounded flex-shrink-0"
        style={{ width: size, height: size }}
        role="img"
        aria-label={t('noPhoto', { name: item.product.name })}
      />
    );
  }
  return (
    <img
      src={item.product.image_url}
      alt={item.product.name}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className="rounded flex-shrink-0"
      style={{ objectFit: 'cover' }}
    />
  );
}

interface OrderItemRowProps {
  item: OrderItemJson;
  thumbnailSize?: number;
  /** extra content under the line (the review form on a delivered order) */
  children?: ReactNode;
}

/** One line of an order: thumbnail, name (linked while the product exists), quantity × unit price, subtotal. */
export function OrderItemRow({ item, thumbnailSize = 56, children }: OrderItemRowProps) {
  const unitPrice = Number(item.price);
  return (
    <li className="py-2 border-bottom">
      <div className="d-flex gap-3 align-items-center">
        <Thumbnail item={item} size={thumbnailSize} />
        <div className="flex-grow-1 min-w-0">
          <div className="text-break">
            {item.product_id !== null ? (
              <Link to={paths.product(item.product_id)}>{item.product.name}</Link>
            ) : (
              item.product.name
            )}
          </div>
          <div className="small text-body-secondary">
            {item.quantity} × {formatKsh(unitPrice)}
          </div>
        </div>
        <div className="text-end fw-semibold">{formatKsh(item.subtotal ?? unitPrice * item.quantity)}</div>
      </div>
      {children}
    </li>
  );
}
