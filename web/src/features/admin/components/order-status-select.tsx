import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { ORDER_TRANSITIONS, statusLabel, type OrderStatus } from '@mtumba/contract/order-states';
import { ConfirmDialog } from './confirm-dialog';

/** The statuses an admin may pick for an order now: where it is, then where it may go (docs/order-lifecycle.md). */
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
  /** named in the cancel confirmation */
  orderId?: number;
  /** the order received money: cancelling makes a refund due */
  paid?: boolean;
  /** choosing "Shipped" opens the ship dialog (carrier and waybill) instead of changing the status alone */
  onShip?: () => void;
}

/**
 * Status dropdown offering only allowed moves; disabled while saving and for final statuses
 * (delivered, cancelled) where nothing is left to choose. Cancelling asks for confirmation first.
 */
export function OrderStatusSelect({
  status,
  onChange,
  saving,
  id,
  size,
  className,
  orderId,
  paid,
  onShip,
  ...aria
}: OrderStatusSelectProps) {
  const choices = statusChoices(status);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <ConfirmDialog
        show={confirming}
        title={orderId ? `Cancel order #${orderId}?` : 'Cancel this order?'}
        confirmLabel="Cancel the order"
        onConfirm={() => {
          setConfirming(false);
          onChange('cancelled');
        }}
        onCancel={() => setConfirming(false)}
      >
        Its items go back on sale and the customer is told.
        {paid ? ' The order is paid: it will be marked "refund due".' : ''}
      </ConfirmDialog>
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
          if (next === 'cancelled') setConfirming(true);
          else if (next === 'shipped' && onShip) onShip();
          else if (next !== status) onChange(next);
        }}
      >
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {statusLabel(choice)}
          </option>
        ))}
      </Form.Select>
    </>
  );
}
