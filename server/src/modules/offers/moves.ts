import { formatKshCents } from '@mtumba/contract';
import type { PriceOfferStatus } from '@mtumba/contract/price-offers';
import type { OrderActor } from '@mtumba/contract';
import type { PriceOffer } from '../../db/schema.js';
import { dateTimeIn, kshIn, t } from '../../lib/i18n/index.js';
import type { Language } from '../../lib/language.js';

/**
 * The offer move table: every change of a price offer's status after it is made. `runOfferMove`
 * (run-move.ts) runs each row: the status check, the hold limits, the conditional UPDATE on
 * status and round, the stock (a held unit), the cart, the e-mail and the events. Making an offer
 * inserts it (`makeOffer`); an order taking a hold over is the order's move (`takeOverHolds`).
 */
export interface OfferMove {
  /** statuses the offer may be in */
  from: readonly PriceOfferStatus[];
  to: PriceOfferStatus;
  /** who makes it */
  actor: OrderActor;
  /** who had the last word (`last_by`); absent: unchanged */
  lastBy?: 'customer' | 'shop' | 'system';
  /** a unit comes off the shelf for the customer (and goes into their cart), or goes back */
  stock: 'hold' | 'release' | 'none';
  /** `hold`: the agreed price is the customer's offer or the shop's counter */
  agreed?: 'offer' | 'counter';
  /** the move counts as one of the rounds of haggling */
  round?: true;
  /** the e-mail to the customer */
  mail?: OfferMail;
  /** a live message to the customer (the same words as the e-mail's sentence) */
  tellCustomer?: true;
}

export type OfferMail = 'accepted' | 'declined' | 'countered' | 'hold_ended';

export const OFFER_MOVES = {
  /** the customer's price (or their answer to a counter) reaches the auto-accept share */
  auto_accept: {
    from: ['open', 'countered'],
    to: 'accepted',
    actor: 'customer',
    lastBy: 'system',
    stock: 'hold',
    agreed: 'offer',
    mail: 'accepted',
  },
  customer_accept: {
    from: ['countered'],
    to: 'accepted',
    actor: 'customer',
    lastBy: 'customer',
    stock: 'hold',
    agreed: 'counter',
    mail: 'accepted',
  },
  /** the customer declines the shop's counter, or withdraws an offer still waiting for the shop */
  customer_decline: {
    from: ['open', 'countered'],
    to: 'declined',
    actor: 'customer',
    lastBy: 'customer',
    stock: 'none',
  },
  customer_counter: {
    from: ['countered'],
    to: 'open',
    actor: 'customer',
    lastBy: 'customer',
    stock: 'none',
    round: true,
  },
  shop_accept: {
    from: ['open'],
    to: 'accepted',
    actor: 'admin',
    lastBy: 'shop',
    stock: 'hold',
    agreed: 'offer',
    mail: 'accepted',
    tellCustomer: true,
  },
  shop_decline: {
    from: ['open'],
    to: 'declined',
    actor: 'admin',
    lastBy: 'shop',
    stock: 'none',
    mail: 'declined',
    tellCustomer: true,
  },
  shop_counter: {
    from: ['open'],
    to: 'countered',
    actor: 'admin',
    lastBy: 'shop',
    stock: 'none',
    round: true,
    mail: 'countered',
    tellCustomer: true,
  },
  /** the hold's time has passed without an order: the unit is on sale again */
  hold_expire: {
    from: ['accepted'],
    to: 'expired',
    actor: 'system',
    stock: 'release',
    mail: 'hold_ended',
    tellCustomer: true,
  },
} as const satisfies Record<string, OfferMove>;

export type OfferMoveName = keyof typeof OFFER_MOVES;

/** What the customer is told after a move, by e-mail and live (`before` is the offer as read). */
export function customerSentence(
  mail: OfferMail,
  before: PriceOffer,
  after: PriceOffer,
  productName: string,
  holdEnds: string,
  /** the customer's language for the e-mail; the live message stays English */
  language: Language = 'en',
): { subject: string; sentence: string } {
  const product = productName;
  const words = (key: 'accepted' | 'declined' | 'countered' | 'holdEnded', values: Record<string, unknown>) => ({
    subject: t(language, `offer.${key}.subject`, { product }),
    sentence: t(language, `offer.${key}.sentence`, { product, ...values }),
  });
  switch (mail) {
    case 'accepted':
      return words('accepted', {
        price: kshIn(language, after.agreed_cents ?? 0),
        until: language === 'en' ? new Date(holdEnds).toUTCString() : dateTimeIn(language, holdEnds),
      });
    case 'declined':
      return words('declined', { price: kshIn(language, before.offer_cents) });
    case 'countered':
      return words('countered', { price: kshIn(language, after.counter_cents ?? 0) });
    case 'hold_ended':
      return words('holdEnded', {});
  }
}

/** The live message of the shop's accepting (its e-mail is the `accepted` one). */
export function shopAcceptedSentence(before: PriceOffer, productName: string): string {
  return `The shop accepted your offer of ${formatKshCents(before.offer_cents)} on ${productName}. It is reserved for you and in your cart.`;
}
