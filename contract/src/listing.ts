import { z } from 'zod';
import { LIMITS } from './constants';
import { SAVED_SEARCH_LIMIT, savedSearchLabel } from './saved-search-rules';

/**
 * Listing from a phone, scheduled drops, new-arrival e-mails and saved searches
 * (docs/product.md section 10): shapes and pure rules shared by the server and the web app.
 */

/** draft: only admins see it; scheduled: goes on sale at `publish_at`; published: on sale. */
export const PRODUCT_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const productStatusSchema = z.enum(PRODUCT_STATUSES);

/** The shop's clock: drops are scheduled in Nairobi time (UTC+3 all year, no daylight saving). */
export const SHOP_TIME_ZONE = 'Africa/Nairobi';
const NAIROBI_OFFSET = '+03:00';

/** `2026-11-28` and `10:00` in Nairobi → an ISO UTC instant, or null when either is malformed. */
export function nairobiToIso(date: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const at = new Date(`${date}T${time}:00${NAIROBI_OFFSET}`);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** An instant → its Nairobi date (`YYYY-MM-DD`) and time (`HH:MM`), for date and time inputs. */
export function isoToNairobi(iso: string): { date: string; time: string } {
  const shifted = new Date(new Date(iso).getTime() + 3 * 60 * 60 * 1000).toISOString();
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 16) };
}

/** "Sat 28 Nov, 10:00" in Nairobi time. */
export function formatNairobi(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: SHOP_TIME_ZONE,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date(iso));
}

export const PUBLISH_AT_REQUIRED = 'Choose when the item goes on sale.';
export const PUBLISH_AT_INVALID = 'The publish time must be a date and time.';
export const PUBLISH_AT_PAST = 'The publish time must be in the future.';
export const STATUS_INVALID = `The status must be one of: ${PRODUCT_STATUSES.join(', ')}.`;

/**
 * The publish fields of the product form (create and update): `status` and, for a scheduled
 * drop, `publish_at` (an ISO date-time with its offset). Whether the time is in the future is
 * checked by the server against its clock.
 */
export const publishFieldsSchema = z.object({
  status: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v === null ? undefined : v),
    z.enum(PRODUCT_STATUSES, { error: STATUS_INVALID }).optional(),
  ),
  publish_at: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string({ error: PUBLISH_AT_INVALID })
      .trim()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) return undefined;
        const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) ? new Date(v) : new Date(NaN);
        if (Number.isNaN(at.getTime())) {
          ctx.issues.push({ code: 'custom', message: PUBLISH_AT_INVALID, input: v });
          return z.NEVER;
        }
        return at.toISOString();
      }),
  ),
});
export type PublishFields = z.output<typeof publishFieldsSchema>;

const capitalise = (text: string) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : text);

/** "Jackets" → "jacket", "Dresses" → "dress", "Jeans" stays: good enough for a default name. */
export function singularCategory(name: string): string {
  const lower = name.trim().toLowerCase();
  if (/(ss|us|is|jeans|shorts|trousers|pants|leggings|clothes)$/.test(lower)) return lower;
  if (/ies$/.test(lower)) return `${lower.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/.test(lower)) return lower.slice(0, -2);
  if (lower.length > 3 && lower.endsWith('s')) return lower.slice(0, -1);
  return lower;
}

export interface ItemAttributes {
  brand?: string | null;
  color?: string | null;
  size?: string | null;
  condition?: string | null;
  /** the first chosen category's name */
  category?: string | null;
}

/**
 * What the item is, from its category: the first of a compound name, singular ("Jackets & Coats"
 * → "jacket", "Bags & Accessories" → "bag"), as a shopper would say it.
 */
export function itemNoun(category: string): string {
  const first = category.split(/\s*(?:&|\+|\/|,|\band\b)\s*/i).find((part) => part.trim() !== '') ?? category;
  return singularCategory(first);
}

/**
 * The name used when the admin leaves it blank: brand, colour, then what it is, size last
 * ("Levi's blue jacket, size M"); the brand keeps its own spelling.
 */
export function defaultItemName(a: ItemAttributes): string {
  const words = [a.brand?.trim(), a.color?.trim().toLowerCase(), a.category?.trim() ? itemNoun(a.category) : 'item']
    .filter((w): w is string => Boolean(w))
    .join(' ');
  const size = a.size?.trim();
  return capitalise(size ? `${words}, size ${size}` : words).slice(0, 255);
}

/** The description used when the admin leaves it blank. */
export function defaultItemDescription(a: ItemAttributes): string {
  const parts = [`${defaultItemName({ ...a, size: null })}.`];
  if (a.condition) parts.push(`Condition: ${a.condition}.`);
  if (a.size?.trim()) parts.push(`Size ${a.size.trim()}.`);
  parts.push('One piece only.');
  return parts.join(' ');
}

/** `GET /admin/products`: the admin's table, drafts and scheduled items included. */
export const adminProductListQuerySchema = z.object({
  page: z.coerce.number({ error: 'The page must be a whole number.' }).int().min(1).max(1_000_000).optional(),
  per_page: z.coerce
    .number({ error: 'The per page must be a whole number.' })
    .int()
    .min(1)
    .max(LIMITS.maxPerPage, `The per page must be between 1 and ${LIMITS.maxPerPage}.`)
    .optional(),
  q: z.string().trim().max(100, 'The search may not be greater than 100 characters.').optional(),
  status: z
    .enum([...PRODUCT_STATUSES, 'all'], { error: `The status must be one of: ${PRODUCT_STATUSES.join(', ')}, all.` })
    .optional(),
});
export type AdminProductListQuery = z.output<typeof adminProductListQuerySchema>;

// Saved searches

export { SAVED_SEARCH_LIMIT, savedSearchLabel };
export const SAVED_SEARCH_LIMIT_MESSAGE = `You can keep up to ${SAVED_SEARCH_LIMIT} saved searches. Delete one first.`;
export const SAVED_SEARCH_EMPTY_MESSAGE = 'Choose a category, a size, a highest price or some words to search for.';
export const SAVED_SEARCH_DUPLICATE_MESSAGE = 'You have already saved this search.';
export const SAVED_SEARCH_NOT_FOUND = 'Saved search not found.';

export const savedSearchInputSchema = z
  .object({
    category_id: z
      .number({ error: 'The category must be a category id.' })
      .int('The category must be a category id.')
      .positive('The category must be a category id.')
      .max(2_147_483_647, 'The category must be a category id.')
      .nullish()
      .transform((v) => v ?? null),
    q: z
      .string({ error: 'The search words must be text.' })
      .trim()
      .max(100, 'The search words may not be greater than 100 characters.')
      .nullish()
      .transform((v) => (v ? v.replace(/\s+/g, ' ') : null)),
    size: z
      .string({ error: 'The size must be text.' })
      .trim()
      .max(50, 'The size may not be greater than 50 characters.')
      .nullish()
      .transform((v) => v || null),
    /** the highest price in Ksh */
    max_price: z
      .number({ error: 'The highest price must be a number.' })
      .positive('The highest price must be greater than 0.')
      .max(10_000_000, 'The highest price may not be greater than 10,000,000.')
      .nullish()
      .transform((v) => (v == null ? null : Math.round(v * 100))),
  })
  .refine((s) => s.category_id !== null || s.q !== null || s.size !== null || s.max_price !== null, {
    message: SAVED_SEARCH_EMPTY_MESSAGE,
    path: ['criteria'],
  });
export type SavedSearchInput = z.input<typeof savedSearchInputSchema>;

export const savedSearchSchema = z.object({
  id: z.number().int(),
  category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  q: z.string().nullable(),
  size: z.string().nullable(),
  /** Ksh */
  max_price: z.number().nullable(),
  /** the search in words, e.g. "Jackets · size M · up to Ksh 1,500" */
  label: z.string(),
  created_at: z.string(),
  /** products published since it was saved that matched it (the latest few) */
  matches: z.array(z.object({ id: z.number().int(), name: z.string(), price: z.number() })),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

/** `GET /saved-searches`: the customer's saved searches. */
export const savedSearchListSchema = z.object({ data: z.array(savedSearchSchema) });
export type SavedSearchList = z.infer<typeof savedSearchListSchema>;

// New-arrival e-mails

export const emailPreferencesSchema = z.object({
  new_arrivals: z.boolean({ error: 'new_arrivals must be true or false.' }),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

export const UNSUBSCRIBE_LINK_INVALID = 'This unsubscribe link is not valid. Use the link from your latest e-mail.';
export const UNSUBSCRIBED_MESSAGE = 'You will get no more new-arrival e-mails.';

export const unsubscribeTokenSchema = z.object({
  token: z
    .string({ error: UNSUBSCRIBE_LINK_INVALID })
    .trim()
    .min(1, UNSUBSCRIBE_LINK_INVALID)
    .max(600, UNSUBSCRIBE_LINK_INVALID),
});

/** What the unsubscribe page shows: the address (partly hidden) and whether drops still go to it. */
export const unsubscribeStatusSchema = z.object({
  email: z.string(),
  subscribed: z.boolean(),
  message: z.string().optional(),
});
export type UnsubscribeStatus = z.infer<typeof unsubscribeStatusSchema>;
