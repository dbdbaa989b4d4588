import { z } from 'zod';
import { PRICE_OFFER_STATUSES } from './price-offer-rules';
import { adminPagingFields } from './paging';

/** Request and reply shapes of the price-offer calls (docs/product.md, Make an offer). */
export * from './price-offer-rules';

const priceField = z.union([z.number(), z.string()], 'Enter your price in Ksh.').transform((v, ctx) => {
  const text = typeof v === 'number' ? String(v) : v.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) {
    ctx.issues.push({ code: 'custom', message: 'Enter the price in Ksh, e.g. 850.', input: v });
    return z.NEVER;
  }
  const cents = Math.round(Number(text) * 100);
  if (cents <= 0 || cents > 1_000_000_000) {
    ctx.issues.push({ code: 'custom', message: 'Enter a price greater than 0.', input: v });
    return z.NEVER;
  }
  return cents;
});

/** `POST /products/{id}/offers` and every counter: the price in Ksh (becomes cents). */
export const offerPriceBodySchema = z.object({ price: priceField });
export type OfferPriceBody = z.input<typeof offerPriceBodySchema>;

/** `POST /admin/offers/{id}/counter|decline`: a counter price and an optional note to the customer. */
export const adminOfferAnswerBodySchema = z.object({
  price: priceField.optional(),
  note: z.string().trim().max(500, 'The note may not be greater than 500 characters.').nullish(),
});
export type AdminOfferAnswerBody = z.input<typeof adminOfferAnswerBodySchema>;

export const priceOfferJsonSchema = z.object({
  id: z.number(),
  product_id: z.number(),
  product_name: z.string(),
  image_url: z.string().nullable(),
  status: z.enum(PRICE_OFFER_STATUSES),
  /** the item's price when the offer was made (Ksh) */
  list_price: z.number(),
  /** the customer's latest price (Ksh) */
  offer_price: z.number(),
  /** the shop's latest counter (Ksh), or null */
  counter_price: z.number().nullable(),
  /** the agreed price (Ksh), once accepted */
  agreed_price: z.number().nullable(),
  rounds: z.number(),
  max_rounds: z.number(),
  /** who must answer next: the customer, the shop, or nobody */
  waiting_for: z.enum(['customer', 'shop', 'nobody']),
  note: z.string().nullable(),
  /** until when an accepted offer holds the item */
  hold_until: z.string().nullable(),
  order_id: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PriceOfferJson = z.infer<typeof priceOfferJsonSchema>;

export const adminPriceOfferJsonSchema = priceOfferJsonSchema.extend({
  customer: z.object({ id: z.number(), name: z.string(), email: z.string() }),
});
export type AdminPriceOfferJson = z.infer<typeof adminPriceOfferJsonSchema>;

export const priceOfferReplySchema = z.object({ message: z.string(), offer: priceOfferJsonSchema });
export type PriceOfferReply = z.infer<typeof priceOfferReplySchema>;
export const adminPriceOfferReplySchema = z.object({ message: z.string(), offer: adminPriceOfferJsonSchema });
export type AdminPriceOfferReply = z.infer<typeof adminPriceOfferReplySchema>;

export const adminOffersQuerySchema = z.object({
  status: z.enum(['waiting', 'all', ...PRICE_OFFER_STATUSES], 'Unknown offer status.').default('waiting'),
  ...adminPagingFields,
});

export const adminOffersListSchema = z.object({
  offers: z.array(adminPriceOfferJsonSchema),
  total: z.number(),
  /** offers waiting for the shop, for the admin badge */
  waiting: z.number(),
});
export type AdminOffersList = z.infer<typeof adminOffersListSchema>;

/** `GET /offer-rules`: how the shop takes offers, for the product page's hints. */
export const offerRulesSchema = z.object({
  all_items: z.boolean(),
  floor_percent: z.number(),
  auto_accept_percent: z.number(),
  hold_hours: z.number(),
  max_rounds: z.number(),
});
export type OfferRulesJson = z.infer<typeof offerRulesSchema>;
