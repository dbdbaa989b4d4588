import { OFFERS } from '@mtumba/contract/constants';
import { formatKsh } from '@mtumba/contract/money';
import messages from '@/i18n/catalogs/en/buy-offers.json';
import { tOf, translate, useT, type Translate } from '@/i18n';

export type OfferId = 'bulk' | 'delivery' | 'welcome';

export interface OfferCopy {
  id: OfferId;
  /** the hero slide's headline */
  headline: string;
  title: string;
  description: string;
}

/** A translator of the offers' messages (catalog part buy-offers.json, small enough for the home page). */
export type OfferTranslate = Translate<keyof typeof messages>;

const ksh = (cents: number) => formatKsh(cents / 100);

/**
 * The three offers of docs/product.md section 9, in the words the hero, the offers block and
 * /offers use, in the language of `t`.
 */
export function offerCopy(t: OfferTranslate): OfferCopy[] {
  const bulk = { count: OFFERS.bulk.minItems, amount: ksh(OFFERS.bulk.discountCents) };
  const percent = { percent: OFFERS.welcome.percent };
  return [
    {
      id: 'bulk',
      headline: t('offer.bulk.headline', bulk),
      title: t('offer.bulk.title'),
      description: t('offer.bulk.text', bulk),
    },
    {
      id: 'delivery',
      headline: t('offer.delivery.headline', { amount: ksh(OFFERS.freeDelivery.aboveCents) }),
      title: t('offer.delivery.title'),
      description: t('offer.delivery.text', {
        fee: ksh(OFFERS.cbdDeliveryFeeCents),
        amount: ksh(OFFERS.freeDelivery.aboveCents),
      }),
    },
    {
      id: 'welcome',
      headline: t('offer.welcome.headline', percent),
      title: t('offer.welcome.title'),
      description: t('offer.welcome.text', percent),
    },
  ];
}

/** The offers in the page's language (for a screen). */
export function useOfferCopy(): OfferCopy[] {
  return offerCopy(useT(messages));
}

// tOf loads the English messages; OFFER_COPY then reads them in English whatever the page's language.
tOf(messages);
/** The offers in English, for code that has no language (a screen should use useOfferCopy). */
export const OFFER_COPY: readonly OfferCopy[] = offerCopy((id, values) => translate('en', id, values));
