import { OFFERS } from '@mtumba/contract/constants';
import { formatKsh } from '@mtumba/contract/money';

export interface OfferCopy {
  id: 'bulk' | 'delivery' | 'welcome';
  /** the hero slide's headline */
  headline: string;
  title: string;
  description: string;
}

/** The three offers of docs/product.md section 9, in the words the hero, the offers block and /offers use. */
export const OFFER_COPY: readonly OfferCopy[] = [
  {
    id: 'bulk',
    headline: `Buy ${OFFERS.bulk.minItems} Items, Save ${formatKsh(OFFERS.bulk.discountCents / 100)}`,
    title: 'Bulk discount',
    description: `Buy ${OFFERS.bulk.minItems} or more items in one order and ${formatKsh(
      OFFERS.bulk.discountCents / 100,
    )} comes off your total automatically.`,
  },
  {
    id: 'delivery',
    headline: `Free CBD Delivery on orders above ${formatKsh(OFFERS.freeDelivery.aboveCents / 100)}`,
    title: 'Free CBD delivery',
    description: `Choose CBD Delivery (normally ${formatKsh(
      OFFERS.cbdDeliveryFeeCents / 100,
    )}) and it is free when your order comes to more than ${formatKsh(
      OFFERS.freeDelivery.aboveCents / 100,
    )} after discounts.`,
  },
  {
    id: 'welcome',
    headline: `${OFFERS.welcome.percent}% Off Your First Order`,
    title: 'First order discount',
    description: `New here? ${OFFERS.welcome.percent}% comes off your first order, applied automatically at checkout.`,
  },
];
