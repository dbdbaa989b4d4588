import { z } from 'zod';
import { formatKshCents } from './money';

/**
 * "Make an offer" (docs/product.md, Make an offer): a customer offers a price on a negotiable
 * item; the shop accepts, declines or counters. The rules that decide at once live here, shared by
 * the server (which decides) and the web app (which explains them before the customer sends).
 */

export const PRICE_OFFER_STATUSES = ['open', 'countered', 'accepted', 'ordered', 'declined', 'expired'] as const;
export type PriceOfferStatus = (typeof PRICE_OFFER_STATUSES)[number];

/** Statuses in which the offer is still alive (at most one per customer and item). */
export const LIVE_OFFER_STATUSES: readonly PriceOfferStatus[] = ['open', 'countered', 'accepted'];
/** Statuses in which someone still has to answer (count towards the customer's open offers). */
export const WAITING_OFFER_STATUSES: readonly PriceOfferStatus[] = ['open', 'countered'];

export interface OfferRules {
  /** below this share of the price an offer is declined at once */
  floorPercent: number;
  /** at or above this share of the price an offer is accepted at once */
  autoAcceptPercent: number;
  /** counters allowed in all, by either side */
  maxRounds: number;
}

export const floorCents = (priceCents: number, rules: Pick<OfferRules, 'floorPercent'>) =>
  Math.ceil((priceCents * rules.floorPercent) / 100);
export const autoAcceptCents = (priceCents: number, rules: Pick<OfferRules, 'autoAcceptPercent'>) =>
  Math.ceil((priceCents * rules.autoAcceptPercent) / 100);

export type OfferDecision = 'accept' | 'decline' | 'open';

/** What happens to a price the customer puts forward on an item priced `priceCents`. */
export function decideOffer(offerCents: number, priceCents: number, rules: OfferRules): OfferDecision {
  if (offerCents >= autoAcceptCents(priceCents, rules)) return 'accept';
  if (offerCents < floorCents(priceCents, rules)) return 'decline';
  return 'open';
}

export const OFFER_MESSAGES = {
  accepted: (hours: number) =>
    `Offer accepted! The item is reserved for you at this price for ${hours} hours and is in your cart.`,
  declinedBelowFloor: (priceCents: number, rules: Pick<OfferRules, 'floorPercent'>) =>
    `Sorry, that is too low for this item. The shop considers offers from ${formatKshCents(floorCents(priceCents, rules))}.`,
  sent: 'Offer sent. The shop will answer soon; you will be told here and by e-mail.',
  notNegotiable: 'This item does not take offers.',
  soldOut: 'This item is sold out.',
  reserved: 'This item is reserved for another customer for now.',
  aboveListPrice: 'Your offer must be below the price. At the price, simply add it to your cart.',
  alreadyLive: 'You already have an offer on this item. See it under My offers.',
  tooManyOpen: (n: number) =>
    `You have ${n} offers waiting for an answer. Please wait for an answer or withdraw one first.`,
  noMoreRounds: 'No more counter-offers on this one: accept or decline the last price.',
  notYourTurn: 'This offer is waiting for the other side’s answer.',
  closed: 'This offer is closed.',
  notFound: 'Offer not found.',
  counterTooHigh: 'Your counter must be below the shop’s price. Accept it instead.',
  counterNotAbove: 'The counter must be above the customer’s offer.',
  counterAtPrice: 'The counter must be below the item’s price.',
  heldElsewhere: 'Sorry, this item has just been reserved for someone else.',
  holdEnded: (name: string) => `Your reserved price for ${name} has ended. Please review your cart.`,
  declinedByShop: 'The shop declined your offer.',
  declinedByYou: 'You declined the shop’s counter-offer.',
  countered: 'Counter-offer sent.',
  withdrawn: 'Offer withdrawn.',
} as const;

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

export const adminOffersQuerySchema = z.object({
  status: z.enum(['waiting', 'all', ...PRICE_OFFER_STATUSES], 'Unknown offer status.').default('waiting'),
  page: z.coerce.number('The page must be a number.').int().min(1, 'The page must be at least 1.').default(1),
  per_page: z.coerce
    .number('The per page value must be a number.')
    .int()
    .min(1, 'The per page value must be at least 1.')
    .max(100, 'The per page value may not be greater than 100.')
    .default(20),
});

export const adminOffersListSchema = z.object({
  offers: z.array(adminPriceOfferJsonSchema),
  total: z.number(),
  /** offers waiting for the shop, for the admin badge */
  waiting: z.number(),
});
export type AdminOffersList = z.infer<typeof adminOffersListSchema>;

/** Who must answer an offer in this state next. */
export function waitingFor(status: PriceOfferStatus): 'customer' | 'shop' | 'nobody' {
  if (status === 'open') return 'shop';
  if (status === 'countered') return 'customer';
  return 'nobody';
}

/**
 * The unit prices of a cart line: an agreed price covers one unit, the rest are at the item's
 * price (thrift items are mostly one-offs). Used by the checkout estimate; the server prices orders the same way.
 */
export function lineUnits(line: {
  quantity: number;
  priceCents: number;
  agreedCents: number | null | undefined;
}): { unitPriceCents: number; quantity: number }[] {
  if (line.agreedCents == null || line.quantity < 1)
    return [{ unitPriceCents: line.priceCents, quantity: line.quantity }];
  const rest = line.quantity - 1;
  return rest > 0
    ? [
        { unitPriceCents: line.agreedCents, quantity: 1 },
        { unitPriceCents: line.priceCents, quantity: rest },
      ]
    : [{ unitPriceCents: line.agreedCents, quantity: 1 }];
}

/** `GET /offer-rules`: how the shop takes offers, for the product page's hints. */
export const offerRulesSchema = z.object({
  all_items: z.boolean(),
  floor_percent: z.number(),
  auto_accept_percent: z.number(),
  hold_hours: z.number(),
  max_rounds: z.number(),
});
export type OfferRulesJson = z.infer<typeof offerRulesSchema>;
