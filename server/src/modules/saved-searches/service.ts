import { centsToAmount } from '@mtumba/contract';
import {
  SAVED_SEARCH_DUPLICATE_MESSAGE,
  SAVED_SEARCH_LIMIT,
  SAVED_SEARCH_LIMIT_MESSAGE,
  SAVED_SEARCH_NOT_FOUND,
  savedSearchLabel,
  type SavedSearch,
} from '@mtumba/contract/listing';
import { isUniqueViolation, now, type Db, type Executor } from '../../db/database.js';
import { DomainError, conflict, invalidField, notFound } from '../../lib/errors.js';
import type { PendingEvent } from '../../lib/events.js';
import { firstImageKeys } from '../catalog/product-view.js';
import { imageUrl } from '../catalog/images.js';
import { renderEmail } from '../mail/layout.js';
import { queueMails, type OutgoingMail } from '../mail/outbox.js';
import { kshIn, t } from '../../lib/i18n/index.js';
import { asLanguage } from '../../lib/language.js';
import { savedSearchRepository, type SavedSearchRow } from './repository.js';

/** What alert e-mails need to know about the shop. */
export interface AlertShop {
  shopName: string;
  appUrl: string;
}

/** The criteria as the service keeps them: prices in cents, text trimmed. */
export interface SavedSearchCriteria {
  category_id: number | null;
  q: string | null;
  size: string | null;
  max_price_cents: number | null;
}

const MATCHES_SHOWN = 3;

/** The same search typed twice (other case, other spacing) gives the same key. */
export function criteriaKey(c: SavedSearchCriteria): string {
  return JSON.stringify([
    c.category_id,
    c.q?.toLowerCase().split(/\s+/).filter(Boolean).join(' ') ?? null,
    c.size?.toLowerCase() ?? null,
    c.max_price_cents,
  ]);
}

/** Whether every word of the search appears in the product's search text (as the list's `q` does). */
export function wordsMatch(q: string | null, searchText: string): boolean {
  if (!q) return true;
  return q
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => searchText.includes(word));
}

function toJson(row: SavedSearchRow, matches: SavedSearch['matches']): SavedSearch {
  const category =
    row.category_id !== null && row.category_name !== null ? { id: row.category_id, name: row.category_name } : null;
  const maxPrice = row.max_price_cents === null ? null : centsToAmount(row.max_price_cents);
  return {
    id: row.id,
    category,
    q: row.q,
    size: row.size,
    max_price: maxPrice,
    label: savedSearchLabel({ category, q: row.q, size: row.size, max_price: maxPrice }),
    created_at: row.created_at,
    matches,
  };
}

/** A customer's saved searches (docs/product.md section 10). */
export function savedSearchService(db: Db) {
  const repo = savedSearchRepository(db);

  async function list(userId: number): Promise<SavedSearch[]> {
    const rows = await repo.listForUser(userId);
    const recent = await repo.recentMatches(
      rows.map((r) => r.id),
      MATCHES_SHOWN,
    );
    const bySearch = new Map<number, SavedSearch['matches']>();
    for (const m of recent) {
      if (m.saved_search_id === null) continue;
      const list = bySearch.get(m.saved_search_id) ?? [];
      if (list.length < MATCHES_SHOWN) list.push({ id: m.id, name: m.name, price: centsToAmount(m.price_cents) });
      bySearch.set(m.saved_search_id, list);
    }
    return rows.map((r) => toJson(r, bySearch.get(r.id) ?? []));
  }

  return {
    list,

    async create(userId: number, criteria: SavedSearchCriteria): Promise<SavedSearch> {
      if (criteria.category_id !== null && !(await repo.categoryExists(criteria.category_id))) {
        throw invalidField('category_id', 'The selected category is invalid.');
      }
      const id = await db.transaction().execute(async (trx) => {
        const inTrx = savedSearchRepository(trx);
        if ((await inTrx.countForUser(userId)) >= SAVED_SEARCH_LIMIT) {
          throw new DomainError('invalid', SAVED_SEARCH_LIMIT_MESSAGE, {
            errors: { saved_search: [SAVED_SEARCH_LIMIT_MESSAGE] },
          });
        }
        try {
          return await inTrx.insert({
            user_id: userId,
            ...criteria,
            criteria_key: criteriaKey(criteria),
            created_at: now(),
          });
        } catch (err) {
          if (isUniqueViolation(err)) throw conflict(SAVED_SEARCH_DUPLICATE_MESSAGE);
          throw err;
        }
      });
      const saved = (await list(userId)).find((s) => s.id === id);
      if (!saved) throw notFound(SAVED_SEARCH_NOT_FOUND);
      return saved;
    },

    async remove(userId: number, id: number): Promise<void> {
      if (!(await repo.deleteForUser(userId, id))) throw notFound(SAVED_SEARCH_NOT_FOUND);
    },
  };
}

/**
 * Tells customers whose saved searches fit newly published products: one alert per customer and
 * product (the table's key), one e-mail per customer listing them, and a live `saved_search.matched`
 * event each. Call it inside the transaction that publishes the products: the alerts exist
 * exactly when the publication does, and an instance that loses the publication race sends nothing.
 */
export async function alertSavedSearches(
  trx: Executor,
  productIds: number[],
  at: string,
  shop: AlertShop,
): Promise<PendingEvent[]> {
  const repo = savedSearchRepository(trx);
  const candidates = (await repo.candidates(productIds)).filter((c) => wordsMatch(c.q, c.search_text));
  const seen = new Set<string>();
  const wanted = [];
  for (const c of candidates) {
    const key = `${c.user_id}:${c.product_id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    wanted.push({ user_id: c.user_id, product_id: c.product_id, saved_search_id: c.saved_search_id, created_at: at });
  }
  const fresh = await repo.insertAlerts(wanted);
  if (fresh.length === 0) return [];

  const [users, products, imageKeys] = await Promise.all([
    repo.usersByIds([...new Set(fresh.map((f) => f.user_id))]),
    repo.productsByIds([...new Set(fresh.map((f) => f.product_id))]),
    firstImageKeys(trx, [...new Set(fresh.map((f) => f.product_id))]),
  ]);
  const productById = new Map(products.map((p) => [p.id, p]));
  const mails: OutgoingMail[] = [];
  const events: PendingEvent[] = [];
  for (const user of users) {
    const mine = fresh.filter((f) => f.user_id === user.id);
    const items = mine.flatMap((f) => {
      const p = productById.get(f.product_id);
      if (!p) return [];
      const key = imageKeys.get(p.id);
      events.push({
        name: 'saved_search.matched',
        payload: {
          userId: user.id,
          saved_search_id: f.saved_search_id,
          product_id: p.id,
          product_name: p.name,
          matched_at: at,
        },
      });
      return [
        {
          name: p.name,
          price: kshIn(asLanguage(user.language), p.price_cents),
          url: `${shop.appUrl}/products/${p.id}`,
          imageUrl: key ? `${shop.appUrl}${imageUrl(key)}` : null,
        },
      ];
    });
    if (items.length === 0) continue;
    const lang = asLanguage(user.language);
    const count = items.length;
    const subject =
      count === 1
        ? t(lang, 'savedSearch.subjectOne', { product: items[0]!.name })
        : t(lang, 'savedSearch.subjectMany', { count });
    const { html, text } = renderEmail({
      shopName: shop.shopName,
      language: lang,
      heading: t(lang, 'savedSearch.heading', { count }),
      paragraphs: [t(lang, 'savedSearch.body', { name: user.name, shop: shop.shopName })],
      items,
      button: { label: t(lang, 'savedSearch.button'), url: `${shop.appUrl}/account/alerts` },
      footnote: t(lang, 'savedSearch.footnote'),
    });
    mails.push({ to: user.email, subject, html, text, template: 'saved_search_alert' });
  }
  await queueMails(trx, mails);
  return events;
}
