import { z } from 'zod';
import { mpesaPromptBodySchema } from './mpesa';
import { SHIPPING_OPTIONS } from './constants';
import { orderDeliveryFieldsSchema } from './delivery';
import {
  adminManualPaymentBodySchema,
  adminOrderJsonSchema,
  MAX_DB_ID,
  MAX_ORDER_LINES,
  orderAmountsShape,
  SHIPPING_CHOICE_MESSAGE,
  orderStatusSchema,
  paymentStatusSchema,
  placeOrderItemSchema,
} from './order';

/**
 * Shapes of the manual-order and pay-link calls (docs/product.md section 13): the admin finds or
 * creates a customer, builds an order for a sale made on WhatsApp, by phone or live, and either
 * records its payment or sends a pay link the buyer opens without signing in.
 */

export const SALES_CHANNELS = ['whatsapp', 'phone', 'live', 'in_shop'] as const;
export type SalesChannel = (typeof SALES_CHANNELS)[number];
export const SALES_CHANNEL_LABELS: Record<SalesChannel, string> = {
  whatsapp: 'WhatsApp',
  phone: 'Phone call',
  live: 'Live (TikTok, Instagram)',
  in_shop: 'In the shop',
};

export const DISCOUNT_REASON_MAX = 200;

// ---------------------------------------------------------------------------------------------
// Customers

export const adminCustomerJsonSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** '' for a customer known only by phone (`has_email` false) */
  email: z.string(),
  /** false for a customer the shop created from a phone number alone: texts, never e-mails */
  has_email: z.boolean(),
  /** the account's phone, or the latest phone it ordered with */
  phone: z.string().nullable(),
  /** false for an account the shop created that has no password yet */
  has_password: z.boolean(),
});
export type AdminCustomerJson = z.infer<typeof adminCustomerJsonSchema>;

/** `GET /admin/customers?q`: the customers found. */
export const adminCustomerListSchema = z.object({ data: z.array(adminCustomerJsonSchema) });
export type AdminCustomerList = z.infer<typeof adminCustomerListSchema>;

export const adminCustomerSearchQuerySchema = z.object({
  q: z
    .string('Enter a phone number or an e-mail address.')
    .trim()
    .min(3, 'Enter a phone number or an e-mail address.')
    .max(254, 'That is too long for a phone number or an e-mail address.'),
});

export const adminCustomerCreateBodySchema = z
  .object({
    name: z
      .string('The name field is required.')
      .trim()
      .min(1, 'The name field is required.')
      .max(120, 'The name may have at most 120 characters.'),
    /** optional ('' or null: none): a customer known only by phone gets the pay link and a claim link by SMS */
    email: z
      .string('The email must be a valid email address.')
      .trim()
      .toLowerCase()
      .refine((e) => e.length <= 254, { error: 'The email is too long.', abort: true })
      .refine((e) => e === '' || z.email().safeParse(e).success, {
        error: 'The email must be a valid email address.',
        abort: true,
      })
      // the reserved .invalid domain is the shop's own stand-in for customers known only by phone
      .refine((e) => !/\.invalid$/.test(e), 'The email must be a valid email address.')
      .nullish(),
    phone: z.string().trim().max(32, 'Enter a Kenyan phone number such as 0712 345 678.').nullish(),
  })
  .refine((b) => Boolean(b.email) || Boolean(b.phone), {
    path: ['phone'],
    message: 'Enter the customer’s phone number (an e-mail address is optional).',
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
export type AdminCustomerCreateBody = z.infer<typeof adminCustomerCreateBodySchema>;

export const adminCustomerCreateReplySchema = z.object({
  message: z.string(),
  /** false when an account with that e-mail already existed: it is returned unchanged */
  created: z.boolean(),
  customer: adminCustomerJsonSchema,
});
export type AdminCustomerCreateReply = z.infer<typeof adminCustomerCreateReplySchema>;

// ---------------------------------------------------------------------------------------------
// Manual orders

const kshAmount = (field: string) =>
  z
    .number(`The ${field} must be a number.`)
    .min(0, `The ${field} may not be negative.`)
    .max(21_474_836.47, `The ${field} is too large.`)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `The ${field} may have at most 2 decimals.`);

export const manualOrderDiscountSchema = z.object({
  amount: kshAmount('discount'),
  reason: z
    .string('Say why the discount is given.')
    .trim()
    .min(1, 'Say why the discount is given.')
    .max(DISCOUNT_REASON_MAX, `The reason may have at most ${DISCOUNT_REASON_MAX} characters.`),
});

const manualOrderQuoteFields = z
  .object({
    customer_id: z
      .number('Choose the customer.')
      .int('Choose the customer.')
      .positive('Choose the customer.')
      .max(MAX_DB_ID, 'Choose the customer.'),
    items: z
      .array(placeOrderItemSchema, 'Pick at least one item.')
      .min(1, 'Pick at least one item.')
      .max(MAX_ORDER_LINES, `An order may have at most ${MAX_ORDER_LINES} lines.`),
    /** one of the spec's two names; may be left out when `delivery_method_id` is given */
    shipping_address: z.enum(SHIPPING_OPTIONS, SHIPPING_CHOICE_MESSAGE).optional(),
    /** the phone for delivery and the WhatsApp message; the customer's own when left out */
    shipping_phone: z.string().trim().max(32, 'Enter a Kenyan phone number such as 0712 345 678.').nullish(),
    channel: z.enum(SALES_CHANNELS, 'Choose where the sale was made: WhatsApp, phone, live or in the shop.'),
    discount: manualOrderDiscountSchema.nullish(),
  })
  // every active delivery method with the address fields it needs, as at checkout
  .extend(orderDeliveryFieldsSchema.shape);

const deliveryChosen = {
  path: ['shipping_address'],
  message: SHIPPING_CHOICE_MESSAGE,
  // checked with the other fields' errors too, so the form learns everything at once
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};
const choosesDelivery = (b: { shipping_address?: unknown; delivery_method_id?: number | null }) =>
  b.shipping_address !== undefined || (b.delivery_method_id ?? null) !== null;

export const manualOrderQuoteBodySchema = manualOrderQuoteFields.refine(choosesDelivery, deliveryChosen);
export type ManualOrderQuoteBody = z.infer<typeof manualOrderQuoteBodySchema>;
/** What a client sends (before trimming and defaults): the delivery fields may be left out. */
export type ManualOrderQuoteRequest = z.input<typeof manualOrderQuoteBodySchema>;

export const manualOrderBodySchema = manualOrderQuoteFields
  .extend({
    /** the payment the shop already received (cash, an M-Pesa code); without it a pay link is made */
    payment: adminManualPaymentBodySchema.nullish(),
  })
  .refine(choosesDelivery, deliveryChosen);
export type ManualOrderBody = z.infer<typeof manualOrderBodySchema>;
export type ManualOrderRequest = z.input<typeof manualOrderBodySchema>;

/** `discount_amount` counts every discount: the offers and the shop's own (`shop_discount`). */
export const manualOrderQuoteSchema = z.object({
  ...orderAmountsShape,
  shop_discount: z.number(),
});
export type ManualOrderQuote = z.infer<typeof manualOrderQuoteSchema>;

export const payLinkJsonSchema = z.object({
  url: z.string(),
  expires_at: z.string(),
  /** a wa.me link that opens WhatsApp with the message and the link, to the order's phone */
  whatsapp_url: z.string(),
  message: z.string(),
});
export type PayLinkJson = z.infer<typeof payLinkJsonSchema>;

export const manualOrderReplySchema = z.object({
  message: z.string(),
  order: adminOrderJsonSchema,
  /** null when the payment was recorded at once */
  pay_link: payLinkJsonSchema.nullable(),
  /** the phone the order's text message (pay link, claim link) went to; null when none was sent */
  texted_to: z.string().nullable().optional(),
  /** the customer has no e-mail address: no e-mail is sent about this order, texts are */
  customer_has_email: z.boolean().optional(),
  /** a one-time link to take the account over (set an e-mail and password) was in the text */
  claim_link_sent: z.boolean().optional(),
  /** the SMS sandbox only (development, journeys): the text that was not sent, for the screen to show */
  sandbox_sms: z.string().optional(),
});
export type ManualOrderReply = z.infer<typeof manualOrderReplySchema>;

// ---------------------------------------------------------------------------------------------
// Pay links (public: the token is the permission)

export const payLinkViewSchema = z.object({
  shop: z.object({ name: z.string(), whatsapp: z.string() }),
  order: z.object({
    id: z.number(),
    /** the customer's first name, for the greeting */
    customer_first_name: z.string().nullable(),
    order_status: orderStatusSchema,
    payment_status: paymentStatusSchema,
    items: z.array(
      z.object({
        name: z.string(),
        quantity: z.number(),
        price: z.number(),
        subtotal: z.number(),
        image_url: z.string().nullable(),
      }),
    ),
    subtotal: z.number(),
    discount_amount: z.number(),
    delivery_fee: z.number(),
    total_amount: z.number(),
    applied_discounts: z.array(z.string()),
    shipping_address: z.string(),
    /** the phone the shop took the order with: the M-Pesa prompt suggests it */
    phone: z.string().nullable().optional(),
  }),
  expires_at: z.string(),
  /** whether the Pay button is offered: the order is held and unpaid and the link has not expired */
  can_pay: z.boolean(),
  /** 'payable' | 'paid' | 'cancelled' | 'expired' | 'closed' (shipped, delivered, refunded...) */
  state: z.enum(['payable', 'paid', 'cancelled', 'expired', 'closed']),
});
export type PayLinkView = z.infer<typeof payLinkViewSchema>;

export const payLinkInitiateBodySchema = z
  .object({
    /** when given, must be the link's own order */
    order_id: z.number().int().positive().max(MAX_DB_ID).optional(),
  })
  .nullish();

export const payLinkInitiateReplySchema = z.object({
  checkout_url: z.string(),
  reference: z.string(),
  provider: z.string(),
});
export type PayLinkInitiateReply = z.infer<typeof payLinkInitiateReplySchema>;

/** POST /pay-links/{token}/mpesa: an M-Pesa prompt for the link's order, to this phone. */
export const payLinkMpesaBodySchema = mpesaPromptBodySchema.pick({ phone: true });

export const payLinkConfirmBodySchema = z
  .object({ tracking_id: z.string().trim().max(100, 'The tracking id is too long.').optional() })
  .nullish();

export const PAY_LINK_MESSAGES = {
  invalid: 'This pay link is not valid. Please ask the shop for a new one.',
  tampered: 'This pay link has been changed or is not for this order. Please ask the shop for a new one.',
  expired: 'This pay link has expired. Please ask the shop for a new one.',
  otherOrder: 'This pay link is for another order.',
} as const;
