/**
 * Order statuses, payment statuses and the one table of the moves an order may make.
 * The server's order lifecycle module runs every move through this table; `docs/order-lifecycle.md`
 * shows it, generated from `lifecycleTableMarkdown()` and kept in sync by a test.
 */
export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * unpaid: nothing received; pending: a payment is in flight; failed: the last attempt failed;
 * paid; refund_due: money was received for an order that will not be delivered;
 * partially_refunded / refunded: the shop has paid (some of) it back.
 */
export const PAYMENT_STATUSES = [
  'unpaid',
  'pending',
  'paid',
  'failed',
  'refund_due',
  'partially_refunded',
  'refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Who makes a move. */
export type OrderActor = 'customer' | 'admin' | 'payment' | 'system';

/** Payment statuses in which nothing has been received. */
export const UNPAID_STATUSES: readonly PaymentStatus[] = ['unpaid', 'pending', 'failed'];
/** Payment statuses in which the shop holds (or held) the customer's money. */
export const MONEY_RECEIVED_STATUSES: readonly PaymentStatus[] = [
  'paid',
  'refund_due',
  'partially_refunded',
  'refunded',
];

export type StockEffect = 'reserve' | 'release' | 'none';

/**
 * What a move does to the payment status, as data: the server's move runner applies it, so no
 * caller sets `payment_status` by hand.
 * - unchanged: left as it is
 * - unpaid / paid / pending / failed / refund_due: set to that status (paid and refund_due stamp `paid_at`)
 * - unpaid_on_delivery: unpaid, to be paid to the rider (a failed online attempt is set aside)
 * - refund_due_if_received: refund_due when money was received, else unchanged
 * - refund_amount: the refund is added up: partially_refunded, or refunded once all is back
 */
export type PaymentEffect =
  | 'unchanged'
  | 'unpaid'
  | 'paid'
  | 'pending'
  | 'failed'
  | 'refund_due'
  | 'unpaid_on_delivery'
  | 'refund_due_if_received'
  | 'refund_amount';

/** The payment effects in the shop's words (the docs' table). */
export const PAYMENT_EFFECT_WORDS: Record<PaymentEffect, string> = {
  unchanged: 'unchanged',
  unpaid: 'unpaid',
  paid: 'paid',
  pending: 'pending',
  failed: 'failed',
  refund_due: 'refund_due',
  unpaid_on_delivery: 'unpaid (a failed online attempt is set aside): paid to the rider on delivery',
  refund_due_if_received: 'refund_due when money was received, else unchanged',
  refund_amount: 'partially_refunded, or refunded once the whole amount is back',
};

/** Live events sent once the move's transaction has committed. */
export type OrderEvent = 'status' | 'paid' | 'pay_on_delivery' | 'expired' | 'cancel_requested';

export interface OrderMove {
  /** statuses the order may be in; 'new' is an order that does not exist yet */
  from: readonly (OrderStatus | 'new')[];
  /** the status afterwards; 'same' keeps it */
  to: OrderStatus | 'same';
  actor: OrderActor;
  /** payment statuses the move starts from */
  paymentFrom: readonly PaymentStatus[] | 'any';
  /** what the payment status becomes */
  payment: PaymentEffect;
  stock: StockEffect;
  /** the condition, in the shop's words */
  guard: string;
  /** how a refusal names the move: "it cannot be <done>" */
  done: string;
  /** after the move: the server's e-mail (and text) effect function of that name */
  mail?: string;
  /** after the commit: the live events */
  events: readonly OrderEvent[];
  /** the first-order offer: freed for another order, or taken back by this one */
  welcomeOffer?: 'release' | 'restore';
  /** the customer's cancellation request: opened, declined, or approved when one is open */
  request?: 'open' | 'decline' | 'approve';
  /** the admin makes it by setting the order's status (`PUT /admin/orders/{id}`) */
  byStatus?: true;
}

/**
 * Every move of an order's life. The lifecycle module refuses any change that is not one of
 * these, checks the guard with a conditional UPDATE, and writes the move's name into the
 * order's history.
 */
export const ORDER_MOVES = {
  place: {
    from: ['new'],
    to: 'pending',
    actor: 'customer',
    paymentFrom: 'any',
    payment: 'unpaid',
    stock: 'reserve',
    guard: 'every item in stock; the customer is within the hold limits',
    events: [],
    done: 'placed',
  },
  place_manual: {
    from: ['new'],
    to: 'pending',
    actor: 'admin',
    paymentFrom: 'any',
    payment: 'unpaid',
    stock: 'reserve',
    guard:
      'every item in stock; a sale made on WhatsApp, by phone or live: the items are held until the pay link expires, and the customer’s hold limits do not apply',
    events: ['status'],
    done: 'placed',
  },
  pay: {
    from: ['pending'],
    to: 'processing',
    actor: 'payment',
    paymentFrom: UNPAID_STATUSES,
    payment: 'paid',
    stock: 'none',
    guard: 'the items are still reserved for the order',
    mail: 'receipt',
    events: ['status', 'paid'],
    done: 'paid',
  },
  pay_after_expiry: {
    from: ['cancelled'],
    to: 'processing',
    actor: 'payment',
    paymentFrom: UNPAID_STATUSES,
    payment: 'paid',
    stock: 'reserve',
    guard: 'the reservation expired and every item can be reserved again',
    mail: 'receipt',
    events: ['status', 'paid'],
    welcomeOffer: 'restore',
    done: 'paid',
  },
  pay_unavailable: {
    from: ['cancelled'],
    to: 'same',
    actor: 'payment',
    paymentFrom: UNPAID_STATUSES,
    payment: 'refund_due',
    stock: 'none',
    guard: 'the order was cancelled and its items cannot be reserved again: the shop is told to refund',
    mail: 'late_payment',
    events: ['status'],
    done: 'paid',
  },
  prompt_sent: {
    from: ['pending'],
    to: 'same',
    actor: 'customer',
    paymentFrom: UNPAID_STATUSES,
    payment: 'pending',
    stock: 'none',
    guard: 'an M-Pesa prompt went to the customer’s phone; the items stay reserved while it is answered',
    events: [],
    done: 'sent an M-Pesa prompt',
  },
  payment_failed: {
    from: ['pending'],
    to: 'same',
    actor: 'payment',
    paymentFrom: UNPAID_STATUSES,
    payment: 'failed',
    stock: 'none',
    guard: 'the provider reports a failed or cancelled payment',
    events: [],
    done: 'marked as failed',
  },
  expire: {
    from: ['pending'],
    to: 'cancelled',
    actor: 'system',
    paymentFrom: UNPAID_STATUSES,
    payment: 'unchanged',
    stock: 'release',
    guard: 'the reservation time has passed without a payment',
    mail: 'expired',
    events: ['status', 'expired'],
    welcomeOffer: 'release',
    done: 'expired',
  },
  customer_cancel: {
    from: ['pending'],
    to: 'cancelled',
    actor: 'customer',
    paymentFrom: ['unpaid', 'failed'],
    payment: 'unchanged',
    stock: 'release',
    guard: 'the order is the customer’s own and nothing has been paid',
    mail: 'status',
    events: ['status'],
    welcomeOffer: 'release',
    done: 'cancelled',
  },
  request_cancel: {
    from: ['pending', 'processing'],
    to: 'same',
    actor: 'customer',
    paymentFrom: 'any',
    payment: 'unchanged',
    stock: 'none',
    guard: 'no request is open; the shop is e-mailed and decides',
    mail: 'cancel_request',
    events: ['cancel_requested'],
    request: 'open',
    done: 'asked to be cancelled',
  },
  approve_cancel: {
    from: ['pending', 'processing'],
    to: 'cancelled',
    actor: 'admin',
    paymentFrom: 'any',
    payment: 'refund_due_if_received',
    stock: 'release',
    guard: 'a cancellation request is open',
    mail: 'cancelled',
    events: ['status'],
    welcomeOffer: 'release',
    request: 'approve',
    done: 'cancelled',
  },
  decline_cancel: {
    from: ['pending', 'processing'],
    to: 'same',
    actor: 'admin',
    paymentFrom: 'any',
    payment: 'unchanged',
    stock: 'none',
    guard: 'a cancellation request is open; the customer gets the shop’s note',
    mail: 'cancel_declined',
    events: ['status'],
    request: 'decline',
    done: 'kept',
  },
  cancel: {
    from: ['pending', 'processing'],
    to: 'cancelled',
    actor: 'admin',
    paymentFrom: 'any',
    payment: 'refund_due_if_received',
    stock: 'release',
    guard: 'confirmed by the admin',
    mail: 'cancelled',
    events: ['status'],
    welcomeOffer: 'release',
    request: 'approve',
    byStatus: true,
    done: 'cancelled',
  },
  record_payment: {
    from: ['pending'],
    to: 'processing',
    actor: 'admin',
    paymentFrom: UNPAID_STATUSES,
    payment: 'paid',
    stock: 'none',
    guard: 'the items are still reserved; the method and its reference are recorded',
    mail: 'receipt',
    events: ['status', 'paid'],
    done: 'marked as paid',
  },
  confirm_pay_on_delivery: {
    from: ['pending'],
    to: 'processing',
    actor: 'customer',
    paymentFrom: ['unpaid', 'failed'],
    payment: 'unpaid_on_delivery',
    stock: 'none',
    guard:
      'the items are still reserved; the order is within the pay-on-delivery limits; it then holds its items without expiry',
    mail: 'pay_on_delivery',
    events: ['status', 'pay_on_delivery'],
    done: 'paid on delivery',
  },
  ship: {
    from: ['processing'],
    to: 'shipped',
    actor: 'admin',
    paymentFrom: ['paid'],
    payment: 'unchanged',
    stock: 'none',
    guard: 'the order is paid',
    mail: 'status',
    events: ['status'],
    byStatus: true,
    done: 'shipped',
  },
  ship_pay_on_delivery: {
    from: ['processing'],
    to: 'shipped',
    actor: 'admin',
    paymentFrom: ['unpaid'],
    payment: 'unchanged',
    stock: 'none',
    guard: 'the order is paid on delivery: it leaves unpaid',
    mail: 'status',
    events: ['status'],
    done: 'shipped',
  },
  record_delivery_payment: {
    from: ['processing', 'shipped'],
    to: 'same',
    actor: 'admin',
    paymentFrom: ['unpaid'],
    payment: 'paid',
    stock: 'none',
    guard: 'a pay-on-delivery order; the method (cash or M-Pesa) and its reference are recorded',
    mail: 'receipt',
    events: ['status', 'paid'],
    done: 'marked as paid',
  },
  deliver: {
    from: ['shipped'],
    to: 'delivered',
    actor: 'admin',
    paymentFrom: ['paid'],
    payment: 'unchanged',
    stock: 'none',
    guard: 'the order was shipped',
    mail: 'status',
    events: ['status'],
    byStatus: true,
    done: 'delivered',
  },
  record_refund: {
    from: ['pending', 'processing', 'shipped', 'delivered', 'cancelled'],
    to: 'same',
    actor: 'admin',
    paymentFrom: ['paid', 'refund_due', 'partially_refunded'],
    payment: 'refund_amount',
    stock: 'none',
    guard: 'the amount is no more than what is left to refund',
    mail: 'refunded',
    events: ['status'],
    done: 'refunded',
  },
  refuse_delivery: {
    from: ['shipped'],
    to: 'cancelled',
    actor: 'admin',
    paymentFrom: 'any',
    payment: 'refund_due_if_received',
    stock: 'none',
    guard:
      'the customer refused the parcel at the door: a pay-on-delivery order owes nothing, a paid one is refunded; the items are still with the rider and come back on sale only when the shop receives them (a `refused` return)',
    mail: 'cancelled',
    events: ['status'],
    done: 'marked as refused',
  },
  delivery_failed: {
    from: ['shipped'],
    to: 'cancelled',
    actor: 'admin',
    paymentFrom: 'any',
    payment: 'refund_due_if_received',
    stock: 'none',
    guard:
      'the rider could not hand the parcel over: as a refusal, the items come back on sale only when the shop receives them (a `failed_delivery` return)',
    mail: 'cancelled',
    events: ['status'],
    done: 'marked as not delivered',
  },
} as const satisfies Record<string, OrderMove>;

export type OrderMoveName = keyof typeof ORDER_MOVES;

/** The e-mail effects the table names: the server has one function for each. */
export type OrderMail = (typeof ORDER_MOVES)[OrderMoveName] extends infer Row
  ? Row extends { mail: infer M }
    ? M
    : never
  : never;
export const ORDER_MOVE_NAMES = Object.keys(ORDER_MOVES) as OrderMoveName[];

/** What a move needs to know of an order to decide. */
export interface OrderState {
  order_status: OrderStatus;
  payment_status: PaymentStatus;
}

/** Why `move` is not allowed from `state`, or undefined when it is (the guard's data checks aside). */
export function moveRefusal(move: OrderMoveName, state: OrderState): string | undefined {
  const rule: OrderMove = ORDER_MOVES[move];
  if (!rule.from.includes(state.order_status)) {
    return `This order is ${state.order_status}: it cannot be ${rule.done}.`;
  }
  if (rule.paymentFrom !== 'any' && !rule.paymentFrom.includes(state.payment_status)) {
    return `This order's payment is ${state.payment_status.replace('_', ' ')}: it cannot be ${rule.done}.`;
  }
  return undefined;
}

/** The status a move leaves the order in. */
export function statusAfter(move: OrderMoveName, from: OrderStatus): OrderStatus {
  const to = ORDER_MOVES[move].to;
  return to === 'same' ? from : to;
}

/** The move behind an admin's status change with `PUT /admin/orders/{id}`, if there is one. */
export function adminMoveFor(from: OrderStatus, to: OrderStatus): OrderMoveName | undefined {
  return ORDER_MOVE_NAMES.find((name) => {
    const move: OrderMove = ORDER_MOVES[name];
    return move.byStatus === true && move.to === to && move.from.includes(from);
  });
}

/**
 * The status moves the admin makes with `PUT /admin/orders/{id}` (`order_status`): ship, deliver
 * and cancel. An unpaid pending order reaches processing only when its payment is recorded.
 */
export const ORDER_TRANSITIONS = {} as Record<OrderStatus, readonly OrderStatus[]>;
for (const from of ORDER_STATUSES) {
  ORDER_TRANSITIONS[from] = ORDER_STATUSES.filter((to) => adminMoveFor(from, to) !== undefined);
}

export const RECORD_PAYMENT_FIRST =
  'This order is not paid. Record its payment (method and reference) to move it to processing.';

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Why an admin's status change is refused, or undefined when it is allowed. */
export function transitionRefusal(from: OrderStatus, to: OrderStatus): string | undefined {
  if (from === 'pending' && to === 'processing') return RECORD_PAYMENT_FIRST;
  return canTransition(from, to) ? undefined : `Cannot change status from ${from} to ${to}.`;
}

export const CANCEL_REQUESTABLE: readonly OrderStatus[] = ['pending', 'processing'];

/** Whether a customer's cancellation request waits for the shop's answer. */
export function cancelRequestOpen(order: {
  order_status: OrderStatus;
  cancel_requested_at: string | null;
  cancel_request_resolved_at?: string | null;
}): boolean {
  return (
    order.cancel_requested_at !== null &&
    !order.cancel_request_resolved_at &&
    CANCEL_REQUESTABLE.includes(order.order_status)
  );
}

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
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Offer holds (docs/product.md, Make an offer): an accepted price offer holds one unit off the
 * shelf for the customer until it is ordered or its time runs out. The stock ledger records each
 * move with the offer's id; `place` takes the customer's live holds over instead of reserving again.
 */
export interface HoldMove {
  actor: OrderActor;
  /** the offer's status before and after */
  from: string;
  to: string;
  stock: StockEffect | 'hand over';
  guard: string;
}

export const HOLD_MOVES = {
  hold: {
    actor: 'admin',
    from: 'open, countered',
    to: 'accepted',
    stock: 'reserve',
    guard:
      'the shop accepts (or the customer accepts a counter, or the offer reaches the auto-accept share); one unit is on the shelf',
  },
  hold_to_order: {
    actor: 'customer',
    from: 'accepted',
    to: 'ordered',
    stock: 'hand over',
    guard:
      'the customer places an order with the item before the hold ends; the held unit becomes the order’s reservation',
  },
  hold_expire: {
    actor: 'system',
    from: 'accepted',
    to: 'expired',
    stock: 'release',
    guard: 'the hold time has passed without an order; the item is on sale again and the customer is told',
  },
} as const satisfies Record<string, HoldMove>;

export type HoldMoveName = keyof typeof HOLD_MOVES;

const escapeCell = (text: string) => text.replace(/\|/g, '\\|');

/** The move table as Markdown, for the docs. */
export function lifecycleTableMarkdown(): string {
  const lines = [
    '| move | who | from | to | payment from | payment after | stock | guard |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const name of ORDER_MOVE_NAMES) {
    const m: OrderMove = ORDER_MOVES[name];
    const paymentFrom = m.paymentFrom === 'any' ? 'any' : m.paymentFrom.join(', ');
    lines.push(
      `| \`${name}\` | ${m.actor} | ${m.from.join(', ')} | ${m.to} | ${paymentFrom} | ${escapeCell(PAYMENT_EFFECT_WORDS[m.payment])} | ${m.stock} | ${escapeCell(m.guard)} |`,
    );
  }
  lines.push(
    '',
    'Offer holds (an accepted price offer holds one unit for its customer):',
    '',
    '| move | who | offer from | offer to | stock | guard |',
    '|---|---|---|---|---|---|',
  );
  for (const [name, h] of Object.entries(HOLD_MOVES) as [HoldMoveName, HoldMove][]) {
    lines.push(`| \`${name}\` | ${h.actor} | ${h.from} | ${h.to} | ${h.stock} | ${escapeCell(h.guard)} |`);
  }
  return lines.join('\n');
}
