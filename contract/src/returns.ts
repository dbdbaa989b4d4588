import { z } from 'zod';
import type { OrderActor } from './order-states';
import { adminRefundBodySchema } from './order';

/**
 * Returns (docs/product.md, Returns and refused deliveries): what comes back after an order has
 * left the shop. A return is a record beside its order: a parcel refused at the door, a delivery
 * the rider could not make, or a customer's return of delivered items. The order's own status
 * stays one of the five (a refused or failed delivery cancels it, `refuse_delivery` /
 * `delivery_failed` in ORDER_MOVES); the return's moves are the table below, run by the server's
 * returns module with a conditional UPDATE on the return's status.
 */

export const RETURN_KINDS = ['refused', 'failed_delivery', 'customer_return'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];

/**
 * requested: the customer asked, the shop decides; approved: the items are expected back;
 * declined: the shop said no (nothing moves); received: every item is back (on sale or written
 * off); refunded: the money for it was paid back.
 */
export const RETURN_STATUSES = ['requested', 'approved', 'declined', 'received', 'refunded'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** The statuses in which a return still waits for the shop. */
export const OPEN_RETURN_STATUSES: readonly ReturnStatus[] = ['requested', 'approved'];

/** Why the customer returns items (a fixed list). */
export const RETURN_REASONS = ['not_as_described', 'wrong_item', 'damaged', 'does_not_fit', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_WORDS: Record<ReturnReason, string> = {
  not_as_described: 'Not as described',
  wrong_item: 'Wrong item sent',
  damaged: 'Arrived damaged',
  does_not_fit: 'Does not fit',
  other: 'Other',
};

/** What happens to an item that comes back: on sale again, or written off. */
export const RETURN_OUTCOMES = ['resell', 'write_off'] as const;
export type ReturnOutcome = (typeof RETURN_OUTCOMES)[number];

/** Why an item is written off (shown in the stock movements). */
export const WRITE_OFF_REASONS = ['damaged', 'stained', 'lost_in_transit', 'not_returned', 'other'] as const;
export type WriteOffReason = (typeof WRITE_OFF_REASONS)[number];
export const WRITE_OFF_REASON_WORDS: Record<WriteOffReason, string> = {
  damaged: 'Damaged',
  stained: 'Stained or soiled',
  lost_in_transit: 'Lost on the way back',
  not_returned: 'Never returned',
  other: 'Other',
};

/** The stock effect of a return move: per item, back on sale (`return_restock`) or `write_off`. */
export type ReturnStockEffect = 'none' | 'per_item';

export interface ReturnMove {
  /** statuses the return may be in; 'new' is a return that does not exist yet */
  from: readonly (ReturnStatus | 'new')[];
  /** the status afterwards; 'received_when_all' is received once every item is back, else unchanged */
  to: ReturnStatus | 'received_when_all';
  actor: OrderActor;
  stock: ReturnStockEffect;
  /** the order's payment: a refund recorded with the order's `record_refund` move */
  payment: 'none' | 'record_refund';
  guard: string;
  /** the customer's e-mail after the move */
  mail?: 'requested' | 'approved' | 'declined' | 'received';
}

export const RETURN_MOVES = {
  request: {
    from: ['new'],
    to: 'requested',
    actor: 'customer',
    stock: 'none',
    payment: 'none',
    guard:
      'the order is the customer’s own, delivered within the returns window; each item is in no other return that is not declined; a reason from the list',
    mail: 'requested',
  },
  open_refused: {
    from: ['new'],
    to: 'approved',
    actor: 'admin',
    stock: 'none',
    payment: 'none',
    guard:
      'made with the order’s `refuse_delivery` (whose e-mail tells the customer): every item of the order is expected back from the rider',
  },
  open_failed: {
    from: ['new'],
    to: 'approved',
    actor: 'admin',
    stock: 'none',
    payment: 'none',
    guard:
      'made with the order’s `delivery_failed` (whose e-mail tells the customer): every item of the order is expected back from the rider',
  },
  approve: {
    from: ['requested'],
    to: 'approved',
    actor: 'admin',
    stock: 'none',
    payment: 'none',
    guard: 'the shop accepts the return (with a note); the customer sends the items back',
    mail: 'approved',
  },
  decline: {
    from: ['requested'],
    to: 'declined',
    actor: 'admin',
    stock: 'none',
    payment: 'none',
    guard: 'the shop refuses the return with a note; its items may be asked for again',
    mail: 'declined',
  },
  receive: {
    from: ['approved'],
    to: 'received_when_all',
    actor: 'admin',
    stock: 'per_item',
    payment: 'none',
    guard:
      'each item is received once: back on sale (a `return_restock` movement) or written off with a reason (a `write_off` movement); the customer is e-mailed once every item is back',
    mail: 'received',
  },
  refund: {
    from: ['received'],
    to: 'refunded',
    actor: 'admin',
    stock: 'none',
    payment: 'record_refund',
    guard:
      'money was received for the order; the amount is at most the returned items (and the delivery fee when the shop refunds it) and what is left to refund; the order’s `refund` e-mail goes out',
  },
} as const satisfies Record<string, ReturnMove>;

export type ReturnMoveName = keyof typeof RETURN_MOVES;
export const RETURN_MOVE_NAMES = Object.keys(RETURN_MOVES) as ReturnMoveName[];

/** Why `move` is not allowed from `status`, or undefined when it is. */
export function returnMoveRefusal(move: ReturnMoveName, status: ReturnStatus | 'new'): string | undefined {
  const rule: ReturnMove = RETURN_MOVES[move];
  if (rule.from.includes(status)) return undefined;
  return `This return is ${status}: it cannot be ${RETURN_MOVE_DONE[move]}.`;
}

const RETURN_MOVE_DONE: Record<ReturnMoveName, string> = {
  request: 'requested',
  open_refused: 'opened',
  open_failed: 'opened',
  approve: 'approved',
  decline: 'declined',
  receive: 'received',
  refund: 'refunded',
};

/** The return moves as Markdown, for the docs. */
export function returnsTableMarkdown(): string {
  const lines = ['| move | who | from | to | stock | payment | guard |', '|---|---|---|---|---|---|---|'];
  for (const name of RETURN_MOVE_NAMES) {
    const m: ReturnMove = RETURN_MOVES[name];
    lines.push(
      `| \`${name}\` | ${m.actor} | ${m.from.join(', ')} | ${m.to === 'received_when_all' ? 'received once every item is back' : m.to} | ${m.stock === 'per_item' ? 'per item: return_restock or write_off' : 'none'} | ${m.payment} | ${m.guard.replace(/\|/g, '\\|')} |`,
    );
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Request and reply shapes

const note = z.string().trim().max(500, 'The note may have at most 500 characters.');

/** `POST /orders/{id}/returns`: the customer's return request. */
export const returnRequestBodySchema = z.object({
  items: z
    .array(z.number().int().positive(), 'Choose the items to return.')
    .min(1, 'Choose at least one item to return.')
    .max(50),
  reason: z.enum(RETURN_REASONS, 'Choose a reason from the list.'),
  note: note.nullish(),
});
export type ReturnRequestBody = z.input<typeof returnRequestBodySchema>;

/** `POST /admin/orders/{id}/delivery-failed`: refused at the door, or the rider could not deliver. */
export const adminDeliveryFailedBodySchema = z.object({
  kind: z.enum(['refused', 'failed_delivery'], 'Choose refused or failed delivery.'),
  note: note.nullish(),
});
export type AdminDeliveryFailedBody = z.input<typeof adminDeliveryFailedBodySchema>;

/** `POST /admin/returns/{id}/approve|decline`: the shop's note to the customer. */
export const adminReturnAnswerBodySchema = z.object({ note: note.nullish() });

/** `POST /admin/returns/{id}/receive`: what happened to each item that came back. */
export const adminReturnReceiveBodySchema = z.object({
  items: z
    .array(
      z.object({
        id: z.number().int().positive(),
        outcome: z.enum(RETURN_OUTCOMES, 'Choose back on sale or write off.'),
        reason: z.enum(WRITE_OFF_REASONS, 'Choose why the item is written off.').nullish(),
      }),
    )
    .min(1, 'Choose at least one item.')
    .max(50),
});
export type AdminReturnReceiveBody = z.input<typeof adminReturnReceiveBodySchema>;

/** `POST /admin/returns/{id}/refund`: the refund's method; the amount defaults to what the return allows. */
export const adminReturnRefundBodySchema = adminRefundBodySchema.partial({ amount: true });
export type AdminReturnRefundBody = z.input<typeof adminReturnRefundBodySchema>;

export const returnItemJsonSchema = z.object({
  id: z.number(),
  order_item_id: z.number(),
  product_id: z.number().nullable(),
  product_name: z.string(),
  quantity: z.number(),
  /** Ksh, the line's price */
  amount: z.number(),
  outcome: z.enum(RETURN_OUTCOMES).nullable(),
  write_off_reason: z.enum(WRITE_OFF_REASONS).nullable(),
  received_at: z.string().nullable(),
});

export const returnJsonSchema = z.object({
  id: z.number(),
  order_id: z.number(),
  kind: z.enum(RETURN_KINDS),
  status: z.enum(RETURN_STATUSES),
  reason: z.enum(RETURN_REASONS).nullable(),
  note: z.string().nullable(),
  shop_note: z.string().nullable(),
  /** Ksh refunded through this return */
  refunded: z.number(),
  /** Ksh the shop may refund for it now (0 until every item is received, or when nothing was paid) */
  refundable: z.number(),
  items: z.array(returnItemJsonSchema),
  /** the customer's photos (image URLs), at most RETURN_MAX_PHOTOS */
  photos: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReturnJson = z.infer<typeof returnJsonSchema>;

export const orderReturnsJsonSchema = z.object({
  /** whether the customer may ask for a return now (delivered, inside the window, items left) */
  can_request: z.boolean(),
  /** when the returns window closes (null: the order was not delivered) */
  window_ends_at: z.string().nullable(),
  /** the order lines that may still be returned */
  returnable_items: z.array(z.object({ id: z.number(), product_name: z.string(), quantity: z.number() })),
  returns: z.array(returnJsonSchema),
});
export type OrderReturnsJson = z.infer<typeof orderReturnsJsonSchema>;

export const returnReplySchema = z.object({ message: z.string(), return: returnJsonSchema });

export const adminReturnsQuerySchema = z.object({
  status: z
    .enum(['open', 'all', 'requested', 'approved', 'declined', 'received', 'refunded'], 'Choose a return status.')
    .default('open'),
});

export const adminReturnListItemSchema = returnJsonSchema.extend({ customer_name: z.string().nullable() });
export const adminReturnsListSchema = z.object({ open: z.number(), returns: z.array(adminReturnListItemSchema) });
export type AdminReturnsList = z.infer<typeof adminReturnsListSchema>;

/** Photos a customer may add to a return request. */
export const RETURN_MAX_PHOTOS = 3;

export const RETURN_MESSAGES = {
  tooManyPhotos: `A return may have at most ${RETURN_MAX_PHOTOS} photos.`,
  choosePhotos: 'Choose up to 3 photos (image files).',
  photosClosed: 'Photos can be added while the return waits for the shop’s answer.',
  notFound: 'Return not found.',
  outsideWindow: (days: number) =>
    `Returns are accepted within ${days} days of delivery; this order is outside that window.`,
  notDelivered: 'Only a delivered order can be returned.',
  unknownItem: 'Choose items of this order.',
  alreadyReturned: 'An item you chose is already in a return.',
  requested: 'Return requested. The shop will answer by e-mail.',
  approved: 'Return approved.',
  declined: 'Return declined.',
  received: 'Items received.',
  refunded: 'Refund recorded.',
  itemReceived: 'An item you chose was already received.',
  writeOffReason: 'Choose why the item is written off.',
  notReceived: 'Receive every item of the return before refunding it.',
  nothingPaid: 'Nothing was paid for this order: there is nothing to refund.',
  refundTooLarge: (max: string) => `At most ${max} can be refunded for this return.`,
  deliveryFailed: 'Delivery recorded as failed; the items are expected back.',
} as const;
