import { z } from 'zod';

export { deliveryEstimate, podReadySentence } from './delivery-rules';

/**
 * Delivery methods the shop offers (docs/product.md section 11): data the admin manages, shared
 * by the cart, the product page, the order pages and the pricing rule.
 */
export const DELIVERY_KINDS = ['pickup', 'doorstep', 'courier'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

/** A doorstep area with its own fee. */
export const deliveryZoneSchema = z.object({
  name: z.string().trim().min(1, 'Each zone needs a name.').max(80, 'A zone name may have at most 80 characters.'),
  /** the fee for this zone, in Ksh */
  fee: z.number().min(0, 'A zone fee may not be negative.').max(100_000, 'A zone fee is too large.'),
});
export type DeliveryZone = z.infer<typeof deliveryZoneSchema>;

export const deliveryMethodJsonSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(DELIVERY_KINDS),
  /** the fee in Ksh (doorstep methods with zones charge the zone's fee) */
  fee: z.number(),
  /** delivery is free when the total before delivery is above this amount (Ksh); null: never */
  free_over: z.number().nullable(),
  /** doorstep areas served, each with its fee */
  zones: z.array(deliveryZoneSchema),
  /** pickup points: where, when it is open and how many days a parcel waits */
  pickup_address: z.string().nullable(),
  pickup_hours: z.string().nullable(),
  hold_days: z.number().nullable(),
  min_days: z.number(),
  max_days: z.number(),
  /** a short note shown with the choice, e.g. "the fee is paid to the rider" */
  note: z.string().nullable(),
  /** what the shopper must give: an address (doorstep), a town and pickup office (courier) */
  needs: z.array(z.enum(['address', 'zone', 'town', 'pickup_office'])),
  is_active: z.boolean(),
  sort_order: z.number(),
});
export type DeliveryMethodJson = z.infer<typeof deliveryMethodJsonSchema>;

const text = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `The ${field} may have at most ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

/** Body of the admin's create and update calls. */
export const deliveryMethodBodySchema = z
  .object({
    name: z
      .string('The name field is required.')
      .trim()
      .min(1, 'The name field is required.')
      .max(80, 'The name may have at most 80 characters.'),
    kind: z.enum(DELIVERY_KINDS, 'Choose pickup, doorstep or courier.'),
    fee: z
      .number('The fee must be a number.')
      .min(0, 'The fee may not be negative.')
      .max(100_000, 'The fee is too large.'),
    free_over: z.number().min(0, 'The free-delivery amount may not be negative.').max(10_000_000).nullish(),
    zones: z.array(deliveryZoneSchema).max(30, 'At most 30 zones.').default([]),
    pickup_address: text('pickup address', 200),
    pickup_hours: text('opening hours', 120),
    hold_days: z.number().int().min(1, 'Hold days must be at least 1.').max(60).nullish(),
    min_days: z.number('The minimum days must be a number.').int().min(0).max(60),
    max_days: z.number('The maximum days must be a number.').int().min(0).max(60),
    note: text('note', 300),
    is_active: z.boolean().default(true),
    sort_order: z.number().int().min(0).max(1000).default(0),
  })
  .refine((b) => b.max_days >= b.min_days, {
    path: ['max_days'],
    message: 'The maximum days may not be fewer than the minimum days.',
  })
  .refine((b) => b.kind !== 'pickup' || !!b.pickup_address, {
    path: ['pickup_address'],
    message: 'A pickup point needs its address.',
  });
export type DeliveryMethodBody = z.input<typeof deliveryMethodBodySchema>;

/** What a method needs from the shopper. */
export function deliveryNeeds(kind: DeliveryKind, zones: readonly unknown[]): DeliveryMethodJson['needs'] {
  if (kind === 'doorstep') return zones.length > 0 ? ['zone', 'address'] : ['address'];
  if (kind === 'courier') return ['town', 'pickup_office'];
  return [];
}

/** The delivery fields a client may add to `POST /orders` (all optional: old clients send none). */
export const orderDeliveryFieldsSchema = z.object({
  delivery_method_id: z
    .number('The delivery method must be a number.')
    .int('The delivery method is invalid.')
    .positive('The delivery method is invalid.')
    .max(2_147_483_647, 'The delivery method is invalid.')
    .nullish(),
  delivery_zone: text('zone', 80),
  delivery_address: text('address', 200),
  delivery_landmark: text('landmark or notes', 200),
  delivery_town: text('town', 80),
  delivery_pickup_office: text('pickup office', 120),
});
export type OrderDeliveryFields = z.infer<typeof orderDeliveryFieldsSchema>;

/** How an order is delivered, as its replies show it (a copy taken when it was placed). */
export const orderDeliveryJsonSchema = z.object({
  method_id: z.number().nullable(),
  name: z.string(),
  kind: z.enum(DELIVERY_KINDS),
  zone: z.string().nullable(),
  address: z.string().nullable(),
  landmark: z.string().nullable(),
  town: z.string().nullable(),
  pickup_office: z.string().nullable(),
  pickup_address: z.string().nullable(),
  pickup_hours: z.string().nullable(),
  hold_days: z.number().nullable(),
  min_days: z.number(),
  max_days: z.number(),
  /** e.g. "1–2 days" */
  estimate: z.string(),
  note: z.string().nullable(),
});
export type OrderDeliveryJson = z.infer<typeof orderDeliveryJsonSchema>;

export const PAYMENT_METHODS = ['online', 'pay_on_delivery'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Whether an order may be paid on delivery, and why not (`GET /orders/{id}/pay-on-delivery`). */
export const payOnDeliveryOptionSchema = z.object({
  available: z.boolean(),
  /** the order still waits for a payment choice (pending, unpaid): only then is the choice shown */
  open: z.boolean(),
  /** the order is already to be paid on delivery */
  chosen: z.boolean(),
  /** why it is not offered, in words the checkout shows */
  reason: z.string().nullable(),
  /** the amount to have ready for the rider, in Ksh */
  amount: z.number(),
  max_order: z.number(),
});
export type PayOnDeliveryOption = z.infer<typeof payOnDeliveryOptionSchema>;

// ---------------------------------------------------------------------------------------------
// The customer's saved delivery details (My Account)

export const savedAddressBodySchema = z.object({
  label: z
    .string('The label field is required.')
    .trim()
    .min(1, 'The label field is required.')
    .max(40, 'The label may have at most 40 characters.'),
  zone: text('zone or town', 80),
  address_line: z
    .string('The address field is required.')
    .trim()
    .min(1, 'The address field is required.')
    .max(200, 'The address may have at most 200 characters.'),
  landmark: text('landmark or notes', 200),
  is_default: z.boolean().default(false),
});
export type SavedAddressBody = z.input<typeof savedAddressBodySchema>;

export const savedAddressJsonSchema = z.object({
  id: z.number(),
  label: z.string(),
  zone: z.string().nullable(),
  address_line: z.string(),
  landmark: z.string().nullable(),
  is_default: z.boolean(),
});
export type SavedAddressJson = z.infer<typeof savedAddressJsonSchema>;

export const deliveryDetailsJsonSchema = z.object({
  default_phone: z.string().nullable(),
  addresses: z.array(savedAddressJsonSchema),
});
export type DeliveryDetailsJson = z.infer<typeof deliveryDetailsJsonSchema>;

export const defaultPhoneBodySchema = z.object({
  default_phone: z.string().trim().max(32, 'Enter a Kenyan phone number such as 0712 345 678.').nullable(),
});
