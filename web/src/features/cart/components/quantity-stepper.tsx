import { useId } from 'react';
import messages from '@/i18n/catalogs/en/buy.json';
import { useT } from '@/i18n';

interface QuantityStepperProps {
  productName: string;
  quantity: number;
  /** how many the shop has: the plus button stops here */
  stock: number;
  onChange: (quantity: number) => void;
  /** pressing plus at the stock limit (docs/product.md: the toast '"{name}" is out of stock.') */
  onLimit: () => void;
  disabled?: boolean;
}

/**
 * − quantity + (docs/product.md section 5): never below 1; plus is disabled at the stock quantity. It stays
 * focusable (aria-disabled) so pressing it there can still say why nothing happens.
 */
export function QuantityStepper({ productName, quantity, stock, onChange, onLimit, disabled }: QuantityStepperProps) {
  const t = useT(messages);
  const valueId = useId();
  const atMin = quantity <= 1;
  const atMax = quantity >= stock;
  return (
    <div
      className="input-group input-group-sm flex-nowrap"
      role="group"
      aria-label={t('qty.of', { name: productName })}
    >
      <button
        type="button"
        className="btn btn-outline-secondary"
        aria-label={t('qty.dec', { name: productName })}
        aria-describedby={valueId}
        disabled={disabled || atMin}
        onClick={() => onChange(quantity - 1)}
      >
        −
      </button>
      <output
        id={valueId}
        className="form-control d-flex align-items-center justify-content-center px-1"
        style={{ minWidth: '2.75rem' }}
        aria-live="polite"
        aria-label={t('qty.of', { name: productName })}
      >
        {quantity}
      </output>
      <button
        type="button"
        className={`btn btn-outline-secondary ${atMax ? 'disabled' : ''}`}
        aria-label={t('qty.inc', { name: productName })}
        aria-describedby={valueId}
        aria-disabled={atMax || undefined}
        // Bootstrap's .disabled swallows clicks; this one must still answer with the toast.
        style={atMax ? { pointerEvents: 'auto', cursor: 'not-allowed' } : undefined}
        disabled={disabled}
        onClick={() => (atMax ? onLimit() : onChange(quantity + 1))}
      >
        +
      </button>
    </div>
  );
}
