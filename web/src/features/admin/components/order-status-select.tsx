import Form from 'react-bootstrap/Form';
import { ORDER_TRANSITIONS, statusLabel, type OrderStatus } from '@mtumba/contract/order-states';

/** The statuses an admin may pick for an order now: where it is, then where it may go (DESIGN.md section 4). */
export function statusChoices(current: OrderStatus): OrderStatus[] {
  return [current, ...(ORDER_TRANSITIONS[current] ?? [])];
}

interface OrderStatusSelectProps {
  status: OrderStatus;
  onChange: (next: OrderStatus) => void;
  /** a change is on its way to the server: the select waits */
  saving?: boolean;
  id?: string;
  /** the accessible name when there is no visible label */
  'aria-label'?: string;
  size?: 'sm' | 'lg';
  className?: string;
}

/**
 * Status dropdown offering only allowed moves; disabled while saving and for final statuses
 * (delivered, cancelled) where nothing is left to choose.
 */
export function OrderStatusSelect({ status, onChange, saving, id, size, className, ...aria }: OrderStatusSelectProps) {
  const choices = statusChoices(status);
  return (
    <Form.Select
      id={id}
      size={size}
      className={className}
      value={status}
      disabled={saving || choices.length < 2}
      aria-busy={saving || undefined}
      aria-label={aria['aria-label']}
      onChange={(e) => {
        const next = e.target.value as OrderStatus;
        if (next !== status) onChange(next);
      }}
    >
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {statusLabel(choice)}
        </option>
      ))}
    </Form.Select>
  );
}
