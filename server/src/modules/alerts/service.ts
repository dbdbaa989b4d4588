import { kshIn, t } from '../../lib/i18n/index.js';
import { asLanguage, type Language } from '../../lib/language.js';
import type { Db, Executor } from '../../db/database.js';
import { loadProducts, type ProductJson } from '../catalog/product-view.js';
import { renderEmail, type EmailItem } from '../mail/layout.js';
import { queueMails, type OutgoingMail } from '../mail/outbox.js';
import { queuePushes } from '../push/outbox.js';
import { alertRepository, type AlertKind, type AlertList } from './repository.js';
import { alertUnsubscribeLinks } from './unsubscribe.js';

/** What the alert e-mails need from the configuration. */
export interface AlertContext {
  shopName: string;
  appUrl: string;
  /** signs the unsubscribe links */
  linkSecret: string;
  /** a cart untouched this long gets its reminder (CART_REMINDER_HOURS) */
  cartReminderHours: number;
}

/** The same item is named in an alert of the same kind at most once in this many days. */
export const ALERT_REPEAT_DAYS = 7;
/** At most this many alert e-mails go to one customer in 24 hours, all kinds together. */
export const ALERTS_PER_DAY = 3;
/** Rows one run looks at per alert kind; the next run takes the rest. */
const BATCH = 500;
const BACK_ON_SALE_CURSOR = 'back_on_sale';
/** Ledger reasons that put an item another customer held back on the shelf. */
const RELEASE_REASONS = new Set(['release', 'hold_release']);

const HOUR = 60 * 60 * 1000;

export interface AlertRunResult {
  priceDrops: number;
  backOnSale: number;
  cartReminders: number;
}

/**
 * One run of the shopper alerts (docs/product.md, Shopper alerts): price drops, items back on
 * sale, cart reminders, each in its own transaction with the e-mails it queues. Safe on several
 * instances: every alert is claimed with a conditional UPDATE (the wishlist entry's last-seen
 * price, the ledger cursor, the cart's reminded time) before its e-mail is queued, so a second
 * instance finds nothing left to send. Returns how many e-mails each kind queued.
 */
export async function sendShopperAlerts(db: Db, at: Date, context: AlertContext): Promise<AlertRunResult> {
  const priceDrops = await sendPriceDropAlerts(db, at, context);
  const backOnSale = await sendBackOnSaleAlerts(db, at, context);
  const cartReminders = await sendCartReminders(db, at, context);
  return { priceDrops, backOnSale, cartReminders };
}

/** The rate limits of one customer: what was sent in the repeat window and how many e-mails today. */
async function limits(db: Executor, userIds: number[], at: Date) {
  const since = new Date(at.getTime() - ALERT_REPEAT_DAYS * 24 * HOUR).toISOString();
  const dayStart = at.getTime() - 24 * HOUR;
  const rows = await alertRepository(db).sendsSince([...new Set(userIds)], since);
  const named = new Set<string>();
  const mailsToday = new Map<number, Set<string>>();
  for (const row of rows) {
    if (row.product_id !== null) named.add(`${row.user_id}:${row.kind}:${row.product_id}`);
    if (new Date(row.sent_at).getTime() > dayStart) {
      const mails = mailsToday.get(row.user_id) ?? new Set<string>();
      mails.add(`${row.kind}:${new Date(row.sent_at).toISOString()}`);
      mailsToday.set(row.user_id, mails);
    }
  }
  return {
    /** whether the customer may get one more alert e-mail now */
    mayMail: (userId: number) => (mailsToday.get(userId)?.size ?? 0) < ALERTS_PER_DAY,
    /** whether this item was already named in an alert of this kind lately */
    named: (userId: number, kind: AlertKind, productId: number) => named.has(`${userId}:${kind}:${productId}`),
  };
}

interface AlertMail {
  to: string;
  /** the customer's language */
  language: Language;
  userId: number;
  list: AlertList;
  template: AlertKind;
  subject: string;
  heading: string;
  paragraphs: string[];
  products: ProductJson[];
  button: { label: string; url: string };
  why: string;
}

function itemOf(context: AlertContext, p: ProductJson, language: Language): EmailItem {
  return {
    name: p.name,
    price: kshIn(language, Math.round(p.price * 100)),
    url: `${context.appUrl}/products/${p.id}`,
    imageUrl: p.image_url ? `${context.appUrl}${p.image_url}` : null,
  };
}

function alertMail(context: AlertContext, m: AlertMail): OutgoingMail {
  const links = alertUnsubscribeLinks(context.appUrl, m.userId, m.list, context.linkSecret);
  const { html, text } = renderEmail({
    shopName: context.shopName,
    language: m.language,
    preheader: m.paragraphs[0],
    heading: m.heading,
    paragraphs: m.paragraphs,
    items: m.products.map((p) => itemOf(context, p, m.language)),
    button: m.button,
    footnote: m.why,
    footerLink: {
      label: t(m.language, m.list === 'cart' ? 'alert.unsubscribeCart' : 'alert.unsubscribeWishlist'),
      url: links.page,
    },
  });
  return {
    to: m.to,
    subject: m.subject,
    html,
    text,
    template: m.template,
    headers: { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/**
 * Queues the alerts' e-mails, and the same news as a notification on the phones the customer
 * turned notifications on for (docs/product.md, Notifications on this phone): only alerts they
 * opted into reach this point. All the customers' subscriptions are read in one query.
 */
async function queueAlerts(db: Executor, context: AlertContext, alerts: AlertMail[]): Promise<void> {
  await queueMails(
    db,
    alerts.map((m) => alertMail(context, m)),
  );
  await queuePushes(
    db,
    alerts.map((m) => ({
      userId: m.userId,
      template: m.template,
      message: {
        title: m.subject,
        body: m.products.length === 1 ? m.products[0]!.name : m.heading,
        url: m.button.url.startsWith(context.appUrl) ? m.button.url.slice(context.appUrl.length) || '/' : m.button.url,
        tag: m.template,
      },
    })),
  );
}

/** Products that are live and on the shelf now, by id. */
async function onSale(db: Executor, ids: number[]): Promise<Map<number, ProductJson>> {
  const products = await loadProducts(db, ids);
  return new Map(products.filter((p) => p.stock_quantity > 0).map((p) => [p.id, p]));
}

const ITEM_WHY = (language: Language, shop: string) => t(language, 'alert.itemWhy', { shop });

/**
 * Price drops: every wishlist entry whose product's price moved since it was last seen gets the
 * new price as its last-seen price (the first look only sets it). When the price went down, the
 * item is live and in stock, and the customer opted in, the customer gets one e-mail naming the
 * cheaper items (rate limits permitting).
 */
export async function sendPriceDropAlerts(db: Db, at: Date, context: AlertContext): Promise<number> {
  const sentAt = at.toISOString();
  return db.transaction().execute(async (trx) => {
    const repo = alertRepository(trx);
    const changes = await repo.wishlistPriceChanges(BATCH);
    const drops: { userId: number; email: string; language: string; productId: number; was: number }[] = [];
    for (const row of changes) {
      if (!(await repo.moveSeenPrice(row.id, row.alert_price_cents, row.price_cents))) continue;
      const cheaper = row.alert_price_cents !== null && row.price_cents < row.alert_price_cents;
      if (cheaper && row.wishlist_alert_emails === 1 && row.email_verified_at !== null) {
        drops.push({
          userId: row.user_id,
          email: row.email,
          language: row.language,
          productId: row.product_id,
          was: row.alert_price_cents!,
        });
      }
    }
    if (drops.length === 0) return 0;
    const products = await onSale(
      trx,
      drops.map((d) => d.productId),
    );
    const limit = await limits(
      trx,
      drops.map((d) => d.userId),
      at,
    );
    const byUser = new Map<number, typeof drops>();
    for (const d of drops) {
      if (!products.has(d.productId) || limit.named(d.userId, 'price_drop', d.productId)) continue;
      byUser.set(d.userId, [...(byUser.get(d.userId) ?? []), d]);
    }
    const mails: AlertMail[] = [];
    for (const [userId, items] of byUser) {
      if (!limit.mayMail(userId)) continue;
      const shown = items.map((d) => ({ ...d, product: products.get(d.productId)! }));
      const first = shown[0]!.product;
      const lang = asLanguage(items[0]!.language);
      const ksh = (amount: number) => kshIn(lang, Math.round(amount * 100));
      const count = shown.length;
      mails.push({
        to: items[0]!.email,
        language: lang,
        userId,
        list: 'wishlist',
        template: 'price_drop',
        subject:
          count === 1
            ? t(lang, 'alert.priceDrop.subjectOne', { product: first.name, price: ksh(first.price) })
            : t(lang, 'alert.priceDrop.subjectMany', { count }),
        heading: t(lang, 'alert.priceDrop.heading', { count }),
        paragraphs: shown.map((d) =>
          t(lang, 'alert.priceDrop.line', {
            product: d.product.name,
            price: ksh(d.product.price),
            was: kshIn(lang, d.was),
          }),
        ),
        products: shown.map((d) => d.product),
        button: { label: t(lang, 'alert.priceDrop.button'), url: `${context.appUrl}/wishlist` },
        why: `${ITEM_WHY(lang, context.shopName)} ${t(lang, 'alert.oneOfAKind')}`,
      });
      await repo.recordSends(
        shown.map((d) => ({ user_id: userId, product_id: d.productId, kind: 'price_drop', sent_at: sentAt })),
      );
    }
    await queueAlerts(trx, context, mails);
    return mails.length;
  });
}

/**
 * Back on sale: reads the stock ledger after the stored cursor and moves the cursor (a
 * conditional UPDATE: one instance reads each movement). Items another customer's order or
 * accepted offer gave back (an expired hold, a cancelled order) that are live and in stock now
 * are announced to the opted-in customers who wished for or carted them, never to the customer
 * who gave them back.
 */
export async function sendBackOnSaleAlerts(db: Db, at: Date, context: AlertContext): Promise<number> {
  const sentAt = at.toISOString();
  return db.transaction().execute(async (trx) => {
    const repo = alertRepository(trx);
    const from = await repo.cursor(BACK_ON_SALE_CURSOR);
    const movements = await repo.movementsAfter(from, BATCH);
    if (movements.length === 0) return 0;
    if (!(await repo.advanceCursor(BACK_ON_SALE_CURSOR, from, movements.at(-1)!.id))) return 0;

    const releasedBy = new Map<number, Set<number>>();
    for (const m of movements) {
      if (!RELEASE_REASONS.has(m.reason)) continue;
      const who = releasedBy.get(m.product_id) ?? new Set<number>();
      const customer = m.order_user_id ?? m.offer_user_id;
      if (customer !== null) who.add(customer);
      releasedBy.set(m.product_id, who);
    }
    if (releasedBy.size === 0) return 0;
    const products = await onSale(trx, [...releasedBy.keys()]);
    if (products.size === 0) return 0;
    const interested = await repo.interestedIn([...products.keys()]);
    const limit = await limits(
      trx,
      interested.map((i) => i.user_id),
      at,
    );
    const byUser = new Map<number, { email: string; language: string; productIds: Set<number> }>();
    for (const i of interested) {
      if (releasedBy.get(i.product_id)!.has(i.user_id) || limit.named(i.user_id, 'back_on_sale', i.product_id))
        continue;
      const entry = byUser.get(i.user_id) ?? { email: i.email, language: i.language, productIds: new Set<number>() };
      entry.productIds.add(i.product_id);
      byUser.set(i.user_id, entry);
    }
    const mails: AlertMail[] = [];
    for (const [userId, { email, language, productIds }] of byUser) {
      if (!limit.mayMail(userId)) continue;
      const shown = [...productIds].map((id) => products.get(id)!);
      const lang = asLanguage(language);
      const count = shown.length;
      mails.push({
        to: email,
        language: lang,
        userId,
        list: 'wishlist',
        template: 'back_on_sale',
        subject:
          count === 1
            ? t(lang, 'alert.backOnSale.subjectOne', { product: shown[0]!.name })
            : t(lang, 'alert.backOnSale.subjectMany', { count }),
        heading: t(lang, 'alert.backOnSale.heading', { count }),
        paragraphs: [t(lang, 'alert.backOnSale.body', { count })],
        products: shown,
        button: {
          label: t(lang, count === 1 ? 'alert.backOnSale.buttonOne' : 'alert.backOnSale.buttonMany'),
          url: count === 1 ? `${context.appUrl}/products/${shown[0]!.id}` : `${context.appUrl}/cart`,
        },
        why: ITEM_WHY(lang, context.shopName),
      });
      await repo.recordSends(
        shown.map((p) => ({ user_id: userId, product_id: p.id, kind: 'back_on_sale', sent_at: sentAt })),
      );
    }
    await queueAlerts(trx, context, mails);
    return mails.length;
  });
}

/**
 * Cart reminders: an opted-in customer whose cart has not changed for `cartReminderHours` gets
 * one reminder per cart change, naming only the items still live and in stock; none when no item
 * is (the cart is still marked reminded, so sold items never bring a reminder later).
 */
export async function sendCartReminders(db: Db, at: Date, context: AlertContext): Promise<number> {
  const sentAt = at.toISOString();
  const before = new Date(at.getTime() - context.cartReminderHours * HOUR).toISOString();
  return db.transaction().execute(async (trx) => {
    const repo = alertRepository(trx);
    const carts = await repo.staleCarts(before, BATCH);
    if (carts.length === 0) return 0;
    const limit = await limits(
      trx,
      carts.map((c) => c.user_id),
      at,
    );
    const mails: AlertMail[] = [];
    for (const cart of carts) {
      if (!limit.mayMail(cart.user_id)) continue;
      if (!(await repo.claimCartReminder(cart.user_id, String(cart.changed_at), sentAt))) continue;
      const lines = await repo.cartLines(cart.user_id);
      const products = await onSale(
        trx,
        lines.map((l) => l.product_id),
      );
      const shown = lines
        .filter((l) => (products.get(l.product_id)?.stock_quantity ?? 0) >= l.quantity)
        .map((l) => products.get(l.product_id)!);
      if (shown.length === 0) continue;
      const lang = asLanguage(cart.language);
      const shop = context.shopName;
      mails.push({
        to: cart.email,
        language: lang,
        userId: cart.user_id,
        list: 'cart',
        template: 'cart_reminder',
        subject: t(lang, 'alert.cart.subject', { shop }),
        heading: t(lang, 'alert.cart.heading'),
        paragraphs: [t(lang, 'alert.cart.body', { count: shown.length })],
        products: shown,
        button: { label: t(lang, 'alert.cart.button'), url: `${context.appUrl}/cart` },
        why: t(lang, 'alert.cart.why', { shop }),
      });
      await repo.recordSends([{ user_id: cart.user_id, product_id: null, kind: 'cart_reminder', sent_at: sentAt }]);
    }
    await queueAlerts(trx, context, mails);
    return mails.length;
  });
}
