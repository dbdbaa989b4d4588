import { z } from 'zod';
import { idSchema } from './cart';

/** Request and reply shapes of the payment calls (docs/product.md section 7). */

export const initiateBody = z.object({ order_id: idSchema('order id') });
export const initiateReply = z.object({
  checkout_url: z.string(),
  reference: z.string(),
  provider: z.string(),
});

export const confirmBody = z.object({
  order_id: idSchema('order id'),
  tracking_id: z.string().trim().max(100, 'The tracking id is too long.').optional(),
});
export const stateReply = z.object({
  order_id: z.number(),
  order_status: z.string(),
  payment_status: z.string(),
  payment: z.object({ reference: z.string(), provider: z.string(), status: z.string() }).nullable(),
});

export type InitiatePaymentBody = z.input<typeof initiateBody>;
export type InitiatePaymentReply = z.infer<typeof initiateReply>;
export type ConfirmPaymentBody = z.input<typeof confirmBody>;
export type PaymentStateReply = z.infer<typeof stateReply>;
