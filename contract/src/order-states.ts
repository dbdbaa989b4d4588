/** Order statuses and the one table of allowed moves (DESIGN.md section 4). */
export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = ['unpaid', 'paid', 'failed', 'refund_due'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * The transition table: from each status, the statuses it may move to.
 * pending → processing → shipped → delivered; pending/processing → cancelled.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Why a move is refused, or undefined when it is allowed. */
export function transitionRefusal(from: OrderStatus, to: OrderStatus): string | undefined {
  return canTransition(from, to) ? undefined : `Cannot change status from ${from} to ${to}.`;
}

export const CANCEL_REQUESTABLE: readonly OrderStatus[] = ['pending', 'processing'];

/** Progress bar: pending 25, processing 50, shipped 75, delivered 100; anything else counts as the first step. */
export function orderProgress(status: string): number {
  switch (status) {
    case 'processing':
      return 50;
    case 'shipped':
      return 75;
    case 'delivered':
      return 100;
    default:
      return 25;
  }
}

export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}
