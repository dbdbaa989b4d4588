import { formatKshCents } from './money';

/**
 * "Make an offer" (docs/product.md, Make an offer): a customer offers a price on a negotiable
 * item; the shop accepts, declines or counters. The rules that decide at once live here, shared by
 * the server (which decides) and the web app (which explains them before the customer sends).
 * No zod here: the storefront's first download imports this file (the schemas are in price-offers.ts).
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
