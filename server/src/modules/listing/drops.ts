import { kshIn, t } from '../../lib/i18n/index.js';
import { asLanguage, type Language } from '../../lib/language.js';
import type { Db, Executor } from '../../db/database.js';
import { accountLanguagesByAddress, newArrivalsCustomerEmails } from '../accounts/flags.js';
import { loadProducts } from '../catalog/product-view.js';
import { claimProductsToAnnounce, productsAwaitingAnnouncement } from '../catalog/service.js';
import { renderEmail, type EmailItem } from '../mail/layout.js';
import { queueMails, type OutgoingMail } from '../mail/outbox.js';
import { confirmedSubscriberEmails } from '../newsletter/subscribers.js';
import { dropRepository } from './repository.js';
import { unsubscribeLinks, unsubscribeToken } from './unsubscribe.js';

/** What a drop e-mail needs from the configuration. */
export interface DropContext {
  shopName: string;
  appUrl: string;
  /** signs the unsubscribe links */
  linkSecret: string;
}

export interface DropResult {
  dropId: number;
  productIds: number[];
  /** addresses an e-mail was queued for */
  recipients: number;
}

/** Photos shown in one e-mail; the rest are behind "See everything new". */
export const DROP_ITEMS_SHOWN = 12;

/** Confirmed newsletter subscribers and customers who opted in, verified, once per address (lower case). */
async function recipients(db: Executor): Promise<string[]> {
  const [subscribers, customers] = await Promise.all([confirmedSubscriberEmails(db), newArrivalsCustomerEmails(db)]);
  return [...new Set([...subscribers, ...customers].map((email) => email.toLowerCase()))].sort();
}

/**
 * Sends one new-arrivals e-mail per address for the products published since the last drop
 * (docs/architecture.md section 16). It waits until every such product's `announce_after` has
 * passed, so items listed one after another by hand go out together, and a scheduled drop goes
 * out at its time. Safe on several instances: the products are claimed with one conditional
 * UPDATE (a second instance claims none and sends nothing), and `drop_recipients` holds each
 * address once per drop. Returns what it sent, or null when no drop was due.
 */
export async function sendNewArrivalDrop(db: Db, at: Date, context: DropContext): Promise<DropResult | null> {
  const nowIso = at.toISOString();
  const due = await productsAwaitingAnnouncement(db);
  if (due.count === 0 || due.latest === null || new Date(due.latest).getTime() > at.getTime()) return null;

  return db.transaction().execute(async (trx) => {
    const productIds = await claimProductsToAnnounce(trx, nowIso);
    if (productIds.length === 0) return null;
    const drops = dropRepository(trx);
    const drop = await drops.insert(nowIso, productIds);

    const onSale = (await loadProducts(trx, productIds))
      .filter((p) => p.stock_quantity > 0)
      .sort((a, b) => b.id - a.id);
    if (onSale.length === 0) return { dropId: drop.id, productIds, recipients: 0 };

    const shop = context.shopName;
    const count = onSale.length;
    const itemsIn = (lang: Language): EmailItem[] =>
      onSale.slice(0, DROP_ITEMS_SHOWN).map((p) => ({
        name: p.name,
        price: kshIn(lang, Math.round(p.price * 100)),
        url: `${context.appUrl}/products/${p.id}`,
        imageUrl: p.image_url ? `${context.appUrl}${p.image_url}` : null,
      }));
    const subjectIn = (lang: Language) =>
      count === 1
        ? t(lang, 'drop.subjectOne', { shop, product: onSale[0]!.name })
        : t(lang, 'drop.subjectMany', { shop, count });
    // an address of an account in Kiswahili gets the drop in Kiswahili; subscribers without an account, English
    const languages = await accountLanguagesByAddress(trx);

    const addresses = await recipients(trx);
    const sentTo: string[] = [];
    for (let i = 0; i < addresses.length; i += 200) {
      sentTo.push(...(await drops.addRecipients(drop.id, addresses.slice(i, i + 200))));
    }
    const mails: OutgoingMail[] = sentTo.map((email) => {
      const links = unsubscribeLinks(context.appUrl, unsubscribeToken(email, context.linkSecret));
      const lang = asLanguage(languages.get(email.toLowerCase()));
      const { html, text } = renderEmail({
        shopName: shop,
        language: lang,
        preheader: t(lang, 'drop.preheader', { count }),
        heading: t(lang, 'drop.heading'),
        paragraphs: [t(lang, 'drop.body', { count })],
        items: itemsIn(lang),
        button: { label: t(lang, 'drop.button'), url: `${context.appUrl}/products?sort=newest` },
        footnote: t(lang, 'drop.footnote', { shop }),
        footerLink: { label: t(lang, 'drop.unsubscribe'), url: links.page },
      });
      return {
        to: email,
        subject: subjectIn(lang),
        html,
        text,
        template: 'new_arrivals',
        headers: {
          'List-Unsubscribe': `<${links.oneClick}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      };
    });
    await queueMails(trx, mails);
    await drops.setRecipientCount(drop.id, sentTo.length);
    return { dropId: drop.id, productIds, recipients: sentTo.length };
  });
}
