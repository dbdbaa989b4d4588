import { formatKshCents } from '@mtumba/contract';
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
  to: { name: string; email: string },
  offer: { id: number; productName: string; priceCents: number | null },
  answer: { subject: string; sentence: string; note?: string | null },
): Promise<void> {
  const paragraphs = [`Hi ${to.name},`, answer.sentence];
  if (answer.note) paragraphs.push(`The shop’s note: “${answer.note}”`);
  const content = renderEmail({
    shopName: ctx.shopName,
    contact: ctx.contact,
    preheader: answer.sentence,
    heading: answer.subject,
    paragraphs,
    rows: offer.priceCents === null ? [] : [[offer.productName, formatKshCents(offer.priceCents)]],
    button: { label: 'See your offers', url: `${ctx.appUrl}/my-offers` },
    footnote: `You get this e-mail because you made an offer at ${ctx.shopName}.`,
  });
  await queueMail(db, { to: to.email, subject: answer.subject, template: 'price_offer', ...content });
}
