import { z } from 'zod';
import { SHIPPING_OPTIONS } from './constants';
import { ORDER_STATUSES, PAYMENT_STATUSES } from './order-states';
import { orderDeliveryFieldsSchema, orderDeliveryJsonSchema, PAYMENT_METHODS } from './delivery';
import { adminPagingFields } from './paging';

/** Shared shapes of the order calls (docs/product.md section 7, issue 5): bodies the web sends, replies it reads. */

/** the largest id a 32-bit integer column holds */
export const MAX_DB_ID = 2_147_483_647;
export const MAX_ORDER_LINES = 50;
export const MAX_LINE_QUANTITY = 99;

export const placeOrderItemSchema = z.object({
  product_id: z
    .number('The product id must be a number.')
    .int('The product id must be a whole number.')
    .positive('The product id must be a positive number.')
    .max(MAX_DB_ID, 'The product id is invalid.'),
  quantity: z
    .number('The quantity must be a number.')
    .int('The quantity must be a whole number.')
    .min(1, 'The quantity must be at least 1.')
    .max(MAX_LINE_QUANTITY, `The quantity may not be greater than ${MAX_LINE_QUANTITY}.`),
});

export const SHIPPING_CHOICE_MESSAGE = 'Choose CBD Delivery or Paid custom delivery.';

export const placeOrderBodySchema = z
  .object({
    items: z
      .array(placeOrderItemSchema, 'The items field is required.')
      .min(1, 'Your cart is empty.')
      .max(MAX_ORDER_LINES, `An order may have at most ${MAX_ORDER_LINES} lines.`),
    /** one of the spec's two names; may be left out when `delivery_method_id` is given */
    shipping_address: z.enum(SHIPPING_OPTIONS, SHIPPING_CHOICE_MESSAGE).optional(),
    shipping_phone: z
      .string('The shipping phone field is required.')
      .trim()
      .min(1, 'The shipping phone field is required.')
      .max(32, 'Enter a Kenyan phone number such as 0712 345 678.'),
    discount_code: z.string().trim().max(64).nullish(),
  })
  .extend(orderDeliveryFieldsSchema.shape)
  .refine((b) => b.shipping_address !== undefined || (b.delivery_method_id ?? null) !== null, {
    path: ['shipping_address'],
    message: SHIPPING_CHOICE_MESSAGE,
    // checked with the other fields' errors too, so a form learns everything at once
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
export type PlaceOrderBody = z.infer<typeof placeOrderBodySchema>;
/** What a client sends (before trimming and defaults). */
export type PlaceOrderRequest = z.input<typeof placeOrderBodySchema>;

export const orderStatusSchema = z.enum(ORDER_STATUSES);
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);

export const adminOrderUpdateBodySchema = z.object({
  order_status: z.enum(ORDER_STATUSES, `The order status must be one of: ${ORDER_STATUSES.join(', ')}.`),
});
export type AdminOrderUpdateBody = z.infer<typeof adminOrderUpdateBodySchema>;

export const adminOrdersQuerySchema = z.object({
  status: z.enum(['all', ...ORDER_STATUSES], 'Unknown order status.').optional(),
  ...adminPagingFields,
});

export const orderItemJsonSchema = z.object({
  id: z.number(),
  /** null once the product was removed from the database for good */
  product_id: z.number().nullable(),
  quantity: z.number(),
  /** the unit price when ordered, as a decimal string: "1500.00" */
  price: z.string(),
  /** unit price × quantity, in Ksh */
  subtotal: z.number(),
  product: z.object({
    id: z.number().nullable(),
    name: z.string(),
    image_url: z.string().nullable(),
    /** the item's size as listed now (the packing slip shows it); left out when none or the product is gone */
    size: z.string().nullable().optional(),
  }),
});
export type OrderItemJson = z.infer<typeof orderItemJsonSchema>;

export const orderHistoryJsonSchema = z.object({
  from_status: orderStatusSchema.nullable(),
  to_status: orderStatusSchema,
  /** 'customer' | 'admin' | 'system' | 'payment' */
  actor: z.string(),
  note: z.string().nullable(),
  /** the lifecycle move (see ORDER_MOVES); null on entries written before moves were named */
  move: z.string().nullable(),
  created_at: z.string(),
});
export type OrderHistoryJson = z.infer<typeof orderHistoryJsonSchema>;

/** An order's amounts in Ksh with the offers applied, as orders and manual-order quotes give them. */
export const orderAmountsShape = {
  subtotal: z.number(),
  discount_amount: z.number(),
  delivery_fee: z.number(),
  total_amount: z.number(),
  applied_discounts: z.array(z.string()),
};

/** How the order left the shop (docs/product.md, "Ship an order"): null until it is shipped. */
export const orderShipmentJsonSchema = z.object({
  /** the rider or courier; null when the order was shipped by a plain status change */
  carrier: z.string().nullable(),
  /** the courier's waybill or tracking number */
  tracking_number: z.string().nullable(),
  /** the shop's note to the customer (e.g. when the rider calls) */
  note: z.string().nullable(),
  shipped_at: z.string(),
});
export type OrderShipmentJson = z.infer<typeof orderShipmentJsonSchema>;

export const orderJsonSchema = z.object({
  id: z.number(),
  /** null once the customer deleted their account */
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  order_status: orderStatusSchema,
  payment_status: paymentStatusSchema,
  ...orderAmountsShape,
  shipping_address: z.string(),
  shipping_phone: z.string().nullable(),
  reserved_until: z.string().nullable(),
  cancel_requested_at: z.string().nullable(),
  /** a cancellation request waits for the shop's answer */
  cancel_request_open: z.boolean(),
  cancel_request_outcome: z.enum(['approved', 'declined']).nullable(),
  /** the shop's note when it declined the request */
  cancel_request_note: z.string().nullable(),
  /** how much the shop has paid back, in Ksh */
  refunded_amount: z.number(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  item_count: z.number(),
  order_items: z.array(orderItemJsonSchema),
  /** the same lines, under the name the old web app also read */
  orderItems: z.array(orderItemJsonSchema),
  history: z.array(orderHistoryJsonSchema),
  /** how the order is delivered; null on orders placed before delivery methods */
  delivery: orderDeliveryJsonSchema.nullable().optional(),
  /** 'pay_on_delivery' once the customer chose to pay the rider; else 'online' */
  payment_method: z.enum(PAYMENT_METHODS).optional(),
  /** the carrier and waybill once shipped; null before */
  shipment: orderShipmentJsonSchema.nullable().optional(),
});
export type OrderJson = z.infer<typeof orderJsonSchema>;

export const orderPaymentJsonSchema = z.object({
  reference: z.string(),
  provider: z.string(),
  status: z.string(),
  amount: z.number(),
  method: z.string().nullable(),
  created_at: z.string(),
});

export const adminOrderJsonSchema = orderJsonSchema.extend({
  user: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
});
export type AdminOrderJson = z.infer<typeof adminOrderJsonSchema>;

export const orderRefundJsonSchema = z.object({
  amount: z.number(),
  method: z.string(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});

export const adminOrderDetailJsonSchema = adminOrderJsonSchema.extend({
  payments: z.array(orderPaymentJsonSchema),
  refunds: z.array(orderRefundJsonSchema),
});
export type AdminOrderDetailJson = z.infer<typeof adminOrderDetailJsonSchema>;

export const orderMessageReplySchema = z.object({ message: z.string(), order: orderJsonSchema });
export type OrderMessageReply = z.infer<typeof orderMessageReplySchema>;

/** `PUT /admin/orders/{id}` and the admin's order actions (payments, refunds, cancel-request). */
export const adminOrderMessageReplySchema = z.object({ message: z.string(), order: adminOrderJsonSchema });
export type AdminOrderMessageReply = z.infer<typeof adminOrderMessageReplySchema>;

export const CANCEL_REQUEST_SENT = "Your cancellation request was sent. We'll update you shortly.";
export const ORDER_STATUS_UPDATED = 'Order status updated.';

const ksh = (field: string) =>
  z
    .number(`The ${field} must be a number.`)
    .positive(`The ${field} must be more than 0.`)
    .max(21_474_836.47, `The ${field} is too large.`)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `The ${field} may have at most 2 decimals.`);

const reference = z.string().trim().max(64, 'The reference may have at most 64 characters.');

export const MANUAL_PAYMENT_METHODS = ['mpesa', 'cash', 'card', 'bank'] as const;
export const REFUND_METHODS = ['mpesa', 'card', 'cash'] as const;

export const adminManualPaymentBodySchema = z.object({
  method: z.enum(MANUAL_PAYMENT_METHODS, 'Choose M-Pesa, cash, card or bank.'),
  reference: reference.min(1, 'Enter the payment reference, e.g. the M-Pesa code.'),
});
export type AdminManualPaymentBody = z.infer<typeof adminManualPaymentBodySchema>;

export const adminRefundBodySchema = z.object({
  amount: ksh('amount'),
  method: z.enum(REFUND_METHODS, 'Choose M-Pesa, card or cash.'),
  reference: reference.nullish(),
  note: z.string().trim().max(500, 'The note may have at most 500 characters.').nullish(),
});
export type AdminRefundBody = z.infer<typeof adminRefundBodySchema>;

export const adminCancelRequestBodySchema = z.object({
  decision: z.enum(['approve', 'decline'], 'Choose approve or decline.'),
  note: z.string().trim().max(500, 'The note may have at most 500 characters.').nullish(),
});
export type AdminCancelRequestBody = z.infer<typeof adminCancelRequestBodySchema>;

export const SHIP_CARRIER_REQUIRED = 'Enter the rider or courier who takes the parcel.';
export const SHIP_TRACKING_REQUIRED = 'Enter the waybill or tracking number: this order goes by courier.';

/** `POST /admin/orders/{id}/ship`: who takes the parcel, and the courier's waybill. */
export const adminShipBodySchema = z.object({
  carrier: z
    .string(SHIP_CARRIER_REQUIRED)
    .trim()
    .min(1, SHIP_CARRIER_REQUIRED)
    .max(80, 'The carrier may have at most 80 characters.'),
  tracking_number: z
    .string('The waybill number must be text.')
    .trim()
    .max(64, 'The waybill number may have at most 64 characters.')
    .nullish()
    .transform((v) => (v ? v : null)),
  note: z
    .string('The note must be text.')
    .trim()
    .max(300, 'The note may have at most 300 characters.')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type AdminShipBody = z.input<typeof adminShipBodySchema>;

/** `GET /admin/orders/to-ship`: paged like the orders list. */
export const adminToShipQuerySchema = z.object({ ...adminPagingFields });

export const ORDER_SHIPPED = 'Order shipped. The customer was told.';
export const ORDER_ALREADY_SHIPPED = 'This order was already shipped with this carrier and waybill.';

export const ORDER_CANCELLED = 'Your order was cancelled and its items are back on sale.';
