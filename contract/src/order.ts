import { z } from 'zod';
import { SHIPPING_OPTIONS } from './constants';
import { ORDER_STATUSES, PAYMENT_STATUSES } from './order-states';

/** Shared shapes of the order calls (SPEC.md section 7, issue 5): bodies the web sends, replies it reads. */

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

export const placeOrderBodySchema = z.object({
  items: z
    .array(placeOrderItemSchema, 'The items field is required.')
    .min(1, 'Your cart is empty.')
    .max(MAX_ORDER_LINES, `An order may have at most ${MAX_ORDER_LINES} lines.`),
  shipping_address: z.enum(SHIPPING_OPTIONS, 'Choose CBD Delivery or Paid custom delivery.'),
  shipping_phone: z
    .string('The shipping phone field is required.')
    .trim()
    .min(1, 'The shipping phone field is required.')
    .max(32, 'Enter a Kenyan phone number such as 0712 345 678.'),
  discount_code: z.string().trim().max(64).nullish(),
});
export type PlaceOrderBody = z.infer<typeof placeOrderBodySchema>;

export const orderStatusSchema = z.enum(ORDER_STATUSES);
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);

export const adminOrderUpdateBodySchema = z.object({
  order_status: z.enum(ORDER_STATUSES, `The order status must be one of: ${ORDER_STATUSES.join(', ')}.`),
});
export type AdminOrderUpdateBody = z.infer<typeof adminOrderUpdateBodySchema>;

export const adminOrdersQuerySchema = z.object({
  status: z.enum(['all', ...ORDER_STATUSES], 'Unknown order status.').optional(),
  page: z.coerce.number('The page must be a number.').int().min(1, 'The page must be at least 1.').default(1),
  per_page: z.coerce
    .number('The per page value must be a number.')
    .int()
    .min(1, 'The per page value must be at least 1.')
    .max(100, 'The per page value may not be greater than 100.')
    .default(20),
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
  product: z.object({ id: z.number().nullable(), name: z.string(), image_url: z.string().nullable() }),
});
export type OrderItemJson = z.infer<typeof orderItemJsonSchema>;

export const orderHistoryJsonSchema = z.object({
  from_status: orderStatusSchema.nullable(),
  to_status: orderStatusSchema,
  /** 'customer' | 'admin' | 'system' | 'payment' */
  actor: z.string(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type OrderHistoryJson = z.infer<typeof orderHistoryJsonSchema>;

export const orderJsonSchema = z.object({
  id: z.number(),
  /** null once the customer deleted their account */
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  order_status: orderStatusSchema,
  payment_status: paymentStatusSchema,
  subtotal: z.number(),
  discount_amount: z.number(),
  delivery_fee: z.number(),
  total_amount: z.number(),
  applied_discounts: z.array(z.string()),
  shipping_address: z.string(),
  shipping_phone: z.string().nullable(),
  reserved_until: z.string().nullable(),
  cancel_requested_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  item_count: z.number(),
  order_items: z.array(orderItemJsonSchema),
  /** the same lines, under the name the old web app also read */
  orderItems: z.array(orderItemJsonSchema),
  history: z.array(orderHistoryJsonSchema),
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

export const adminOrderDetailJsonSchema = adminOrderJsonSchema.extend({
  payments: z.array(orderPaymentJsonSchema),
});
export type AdminOrderDetailJson = z.infer<typeof adminOrderDetailJsonSchema>;

export const orderMessageReplySchema = z.object({ message: z.string(), order: orderJsonSchema });

export const CANCEL_REQUEST_SENT = "Your cancellation request was sent. We'll update you shortly.";
export const ORDER_STATUS_UPDATED = 'Order status updated.';
