import { Link } from '@/components/ui/link';
import { OFFERS } from '@mtumba/contract/constants';
import { formatKsh } from '@mtumba/contract/money';
import type { OfferCopy } from '@/config/offers';
import { paths } from '@/config/paths';
import messages from '@/i18n/catalogs/en/browse.json';
import { useT, type Translate } from '@/i18n';

/** Each offer's headline and description in the page's language (the words of config/offers.ts). */
function offerWords(id: OfferCopy['id'], t: Translate<Extract<keyof typeof messages, string>>) {
  const above = formatKsh(OFFERS.freeDelivery.aboveCents / 100);
  if (id === 'bulk') {
    const values = { count: OFFERS.bulk.minItems, amount: formatKsh(OFFERS.bulk.discountCents / 100) };
    return { headline: t('offer.bulk', values), text: t('offer.bulkText', values) };
  }
  if (id === 'delivery') {
    return {
      headline: t('offer.delivery', { above }),
      text: t('offer.deliveryText', { above, fee: formatKsh(OFFERS.cbdDeliveryFeeCents / 100) }),
    };
  }
  const values = { percent: OFFERS.welcome.percent };
  return { headline: t('offer.welcome', values), text: t('offer.welcomeText', values) };
}

// The offers of config/offers.ts, in its order: its English copy stays out of the home page's download.
const OFFER_IDS: readonly OfferCopy['id'][] = ['bulk', 'delivery', 'welcome'];

/** The three offers as one compact row (it scrolls sideways on a phone), with a link to the details. */
export function CurrentOffers() {
  const t = useT(messages);
  return (
    <section className="offers-strip" aria-labelledby="current-offers-title">
      <div className="offers-strip__head">
        <h2 id="current-offers-title" className="section-title">
          {t('offers.title')}
        </h2>
        <Link to={paths.offers()}>{t('offers.more')}</Link>
      </div>
      {/* It scrolls sideways on a phone: focusable, so the keyboard can scroll it too. */}
      <ul className="offers-strip__list" tabIndex={0} aria-labelledby="current-offers-title">
        {OFFER_IDS.map((id) => {
          const words = offerWords(id, t);
          return (
            <li key={id} className="offer-chip">
              <h3 className="offer-chip__title">{words.headline}</h3>
              <p className="offer-chip__text">{words.text}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
