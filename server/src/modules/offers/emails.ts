import { kshIn, t } from '../../lib/i18n/index.js';
import { asLanguage } from '../../lib/language.js';
import type { Executor } from '../../db/database.js';
import { renderEmail, type ShopContact } from '../mail/layout.js';
import { queueMail } from '../mail/outbox.js';

/** The shop details an offer e-mail needs (the orders module's ShopContext has them). */
export interface OfferMailShop {
  shopName: string;
  appUrl: string;
  contact?: ShopContact;
}

/** Every answer on a customer's price offer, by e-mail through the outbox (docs/product.md, Make an offer). */
export async function mailOfferAnswer(
  db: Executor,
  ctx: OfferMailShop,
  to: { name: string; email: string; language?: string },
  offer: { id: number; productName: string; priceCents: number | null },
  answer: { subject: string; sentence: string; note?: string | null },
): Promise<void> {
  const lang = asLanguage(to.language);
  const paragraphs = [t(lang, 'order.hi', { name: to.name }), answer.sentence];
  if (answer.note) paragraphs.push(t(lang, 'offer.mail.note', { note: answer.note }));
  const content = renderEmail({
    shopName: ctx.shopName,
    language: lang,
    contact: ctx.contact,
    preheader: answer.sentence,
    heading: answer.subject,
    paragraphs,
    rows: offer.priceCents === null ? [] : [[offer.productName, kshIn(lang, offer.priceCents)]],
    button: { label: t(lang, 'offer.mail.button'), url: `${ctx.appUrl}/my-offers` },
    footnote: t(lang, 'offer.mail.footnote', { shop: ctx.shopName }),
  });
  await queueMail(db, { to: to.email, subject: answer.subject, template: 'price_offer', ...content });
}
