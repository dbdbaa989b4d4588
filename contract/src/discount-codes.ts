import { z } from 'zod';

/**
 * Discount codes the admin manages (docs/product.md, discount codes): shared by the admin API, the
 * admin screen and the pricing rule. The spec's three offers are not codes: they stay automatic.
 */
export const DISCOUNT_KINDS = ['percent', 'fixed'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** Codes the shop keeps for itself (the first-order offer is typed as WELCOME10). */
export const RESERVED_CODES = ['WELCOME10'] as const;

export const discountCodeJsonSchema = z.object({
  id: z.number(),
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  /** percent: 1 to 100; fixed: Ksh */
  amount: z.number(),
  /** Ksh the items must come to (before offers); 0: none */
  min_spend: z.number(),
  first_order_only: z.boolean(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  max_uses: z.number().nullable(),
  max_uses_per_customer: z.number().nullable(),
  /** the categories whose items it lowers; empty: every item */
  category_ids: z.array(z.number()),
  is_active: z.boolean(),
  /** uses by live orders */
  uses: z.number(),
  /** how it shows on an order, e.g. "SAVE20 - 20% off" */
  label: z.string(),
});
export type DiscountCodeJson = z.infer<typeof discountCodeJsonSchema>;

const dateTime = (field: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || !Number.isNaN(Date.parse(v)), `The ${field} must be a date, e.g. 2026-12-01.`)
    .nullish()
    .transform((v) => (v ? new Date(Date.parse(v)).toISOString() : null));

const limit = (field: string) =>
  z
    .number(`The ${field} must be a number.`)
    .int(`The ${field} must be a whole number.`)
    .min(1, `The ${field} must be at least 1.`)
    .max(1_000_000, `The ${field} is too large.`)
    .nullish()
    .transform((v) => v ?? null);

/** Body of the admin's create and update calls. */
export const discountCodeBodySchema = z
  .object({
    code: z
      .string('The code field is required.')
      .trim()
      .min(3, 'The code must have at least 3 characters.')
      .max(30, 'The code may have at most 30 characters.')
      .regex(/^[A-Za-z0-9_-]+$/, 'The code may use only letters, digits, - and _.')
      .refine((v) => !(RESERVED_CODES as readonly string[]).includes(v.toUpperCase()), 'That code is the shop’s own.'),
    kind: z.enum(DISCOUNT_KINDS, 'Choose percent or fixed.'),
    amount: z.number('The amount must be a number.').positive('The amount must be more than 0.').max(1_000_000),
    min_spend: z
      .number('The minimum spend must be a number.')
      .min(0, 'The minimum spend may not be negative.')
      .max(10_000_000)
      .default(0),
    first_order_only: z.boolean().default(false),
    starts_at: dateTime('start'),
    ends_at: dateTime('end'),
    max_uses: limit('total uses'),
    max_uses_per_customer: limit('uses per customer'),
    category_ids: z
      .array(z.number().int().positive().max(2_147_483_647), 'The categories must be a list of ids.')
      .max(50, 'At most 50 categories.')
      .default([]),
    is_active: z.boolean().default(true),
  })
  .refine((b) => b.kind !== 'percent' || (Number.isInteger(b.amount) && b.amount <= 100), {
    path: ['amount'],
    message: 'A percentage must be a whole number from 1 to 100.',
  })
  .refine((b) => !b.starts_at || !b.ends_at || b.ends_at > b.starts_at, {
    path: ['ends_at'],
    message: 'The end must be after the start.',
  });
export type DiscountCodeBody = z.input<typeof discountCodeBodySchema>;

/** How a code shows on an order and in the admin list: "SAVE20 - 20% off", "KARIBU - Ksh 200 off". */
export function discountCodeLabel(code: { code: string; kind: DiscountKind; amount: number }): string {
  const what =
    code.kind === 'percent'
      ? `${code.amount}%`
      : `Ksh ${Number.isInteger(code.amount) ? code.amount : code.amount.toFixed(2)}`;
  return `${code.code.toUpperCase()} - ${what} off`;
}

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    timeZone: 'Africa/Nairobi',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });

/** The refusal of a code, each with its own message (422 on `discount_code`). */
export const CODE_MESSAGES = {
  invalid: 'Invalid discount code',
  notStarted: (code: string, startsAt: string) => `The code ${code} starts on ${day(startsAt)}.`,
  expired: (code: string, endedAt: string) => `The code ${code} expired on ${day(endedAt)}.`,
  belowMinimum: (code: string, minKsh: number) =>
    `The code ${code} needs items worth at least Ksh ${minKsh.toLocaleString('en-KE')}.`,
  exhausted: (code: string) => `The code ${code} has been used up.`,
  perCustomer: (code: string, limit: number) =>
    limit === 1
      ? `You have already used the code ${code}.`
      : `You have already used the code ${code} ${limit} times, its limit per customer.`,
  firstOrderOnly: (code: string) => `The code ${code} is only for your first order.`,
  noEligibleItems: (code: string) => `The code ${code} does not apply to the items in your cart.`,
} as const;
