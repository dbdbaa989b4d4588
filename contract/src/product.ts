import { MEASUREMENT_KEYS, MEASUREMENT_LABELS, type MeasurementKey } from './measurements';
import { z } from 'zod';
import { LIMITS, PRODUCT_CONDITIONS, type ProductCondition } from './constants';
import { productStatusSchema, publishFieldsSchema } from './listing';

/**
 * Catalogue shapes shared by the server (validation, replies) and the web app (forms, types).
 * Messages are written for the shopper or the shop owner: the UI shows them as they are.
 */

export const categorySchema = z.object({ id: z.number().int(), name: z.string() });
export type Category = z.infer<typeof categorySchema>;

export const CATEGORY_NAME_MAX = 100;

export const categoryInputSchema = z.object({
  name: z
    .string({ error: 'The name field is required.' })
    .trim()
    .min(1, 'The name field is required.')
    .max(CATEGORY_NAME_MAX, `The name may not be greater than ${CATEGORY_NAME_MAX} characters.`),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;

export const productImageSchema = z.object({
  id: z.number().int(),
  /** the middle width (640 px) WebP */
  image_url: z.string(),
  /** every stored width, for <img srcset> */
  srcset: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type ProductImage = z.infer<typeof productImageSchema>;

export const productConditionSchema = z.enum(PRODUCT_CONDITIONS);

// The measurement names and labels are in a zod-free file: the product page shows them and must
// not download zod.
export { MEASUREMENT_KEYS, MEASUREMENT_LABELS, type MeasurementKey } from './measurements';
export const MEASUREMENT_MAX_CM = 300;
export const FLAWS_MAX = 500;
export const measurementsSchema = z.object(
  Object.fromEntries(MEASUREMENT_KEYS.map((k) => [k, z.number().optional()])) as Record<
    MeasurementKey,
    z.ZodOptional<z.ZodNumber>
  >,
);
export type Measurements = z.infer<typeof measurementsSchema>;

export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Ksh, at most 2 decimals */
  price: z.number(),
  /** the price before a reduction (Ksh), or null: the item is reduced when it is above `price` */
  compare_at_price: z.number().nullable(),
  stock_quantity: z.number().int(),
  /** the first image's middle width, or null without images */
  image_url: z.string().nullable(),
  images: z.array(productImageSchema),
  categories: z.array(categorySchema),
  /** one decimal, 0 without reviews */
  average_rating: z.number(),
  review_count: z.number().int(),
  size: z.string().nullable(),
  brand: z.string().nullable(),
  condition: productConditionSchema.nullable(),
  color: z.string().nullable(),
  /** measurements in cm, only those the admin gave ({} when none) */
  measurements: measurementsSchema.optional(),
  /** flaws a buyer should know about (a stain, a missing button), or null */
  flaws: z.string().nullable().optional(),
  is_featured: z.boolean(),
  is_trending: z.boolean(),
  /** the admin takes price offers on this item (every item when the shop says so: GET /offer-rules) */
  negotiable: z.boolean(),
  /** none on the shelf, held for a customer's accepted offer: shown as "Reserved" */
  reserved: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /** draft | scheduled | published; shoppers only ever see published products */
  status: productStatusSchema.optional(),
  /** when a scheduled product goes on sale (ISO), else null */
  publish_at: z.string().nullable().optional(),
  /**
   * Admin replies only: the version of the product's stock (also the reply's ETag). An edit that
   * sends it back as `If-Match` changes the stock only if it has not moved since (else 409).
   */
  stock_version: z.string().optional(),
});
export type Product = z.infer<typeof productSchema>;

/** Search suggestions (and other short lists): what a suggestion row needs. */
export const productSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number(),
  image_url: z.string().nullable(),
  stock_quantity: z.number().int(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const PRODUCT_SORTS = ['newest', 'price_asc', 'price_desc'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const PRODUCT_SORT_LABELS: Record<ProductSort, string> = {
  newest: 'Newest',
  price_asc: 'Price: Low to High',
  price_desc: 'Price: High to Low',
};

/** The largest price the shop accepts, in Ksh (keeps cents inside a 32-bit integer). */
export const PRICE_MAX = 10_000_000;
export const STOCK_MAX = 1_000_000;
const ID_MAX = 2_147_483_647;

const PRICE_TEXT = /^-?\d+(\.\d+)?$/;

/** A Ksh amount given as a number or text → cents, or a message saying what is wrong with it. */
export function parsePrice(input: unknown, label = 'price'): { cents: number } | { error: string } {
  const text = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : String(input).trim();
  if (typeof input !== 'number' && typeof input !== 'string') return { error: `The ${label} must be a number.` };
  if (!PRICE_TEXT.test(text)) return { error: `The ${label} must be a number.` };
  const value = Number(text);
  const decimals = text.split('.')[1]?.length ?? 0;
  if (decimals > 2) return { error: `The ${label} may have at most 2 decimal places.` };
  if (value > PRICE_MAX) return { error: `The ${label} may not be greater than ${PRICE_MAX.toLocaleString('en')}.` };
  return { cents: Math.round(value * 100) };
}

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const wholeNumber = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .union([z.string(), z.number()], {
        error: (iss) =>
          iss.input === undefined ? `The ${label} field is required.` : `The ${label} must be a number.`,
      })
      .transform((v, ctx) => {
        if (v === '') {
          ctx.issues.push({ code: 'custom', message: `The ${label} field is required.`, input: v });
          return z.NEVER;
        }
        const n = typeof v === 'number' ? v : /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : NaN;
        if (!Number.isFinite(n)) {
          ctx.issues.push({ code: 'custom', message: `The ${label} must be a number.`, input: v });
        } else if (!Number.isInteger(n)) {
          ctx.issues.push({ code: 'custom', message: `The ${label} must be a whole number.`, input: v });
        } else if (n < min) {
          ctx.issues.push({ code: 'custom', message: `The ${label} must be at least ${min}.`, input: v });
        } else if (n > max) {
          ctx.issues.push({
            code: 'custom',
            message: `The ${label} may not be greater than ${max.toLocaleString('en')}.`,
            input: v,
          });
        } else {
          return n;
        }
        return z.NEVER;
      }),
  );

const optionalText = (label: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: `The ${label} must be text.` })
      .max(max, `The ${label} may not be greater than ${max} characters.`)
      .nullish()
      .transform((v) => (v ? v : null)),
  );

const flagField = (label: string) =>
  z
    .union([z.boolean(), z.number(), z.string()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || typeof v === 'boolean') return v ?? false;
      const text = String(v).trim().toLowerCase();
      if (['1', 'true', 'on', 'yes'].includes(text)) return true;
      if (['0', 'false', 'off', 'no', ''].includes(text)) return false;
      ctx.issues.push({ code: 'custom', message: `The ${label} field must be true or false.`, input: v });
      return z.NEVER;
    });

export const PRODUCT_NAME_MAX = 255;
export const PRODUCT_DESCRIPTION_MAX = 5000;

/**
 * The product form (admin) as submitted: multipart text fields or JSON. Numbers may arrive as
 * text; `categories` as one id or a list. Images are files, checked separately (0-4, 5 MB each).
 */
/** The form's measurements: an object (or its JSON text) of cm values; blanks are left out. */
const measurementsField = z.preprocess(
  (v) => {
    if (v === undefined) return undefined;
    if (v === null || v === '') return {};
    if (typeof v === 'string') {
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return v;
      }
    }
    return v;
  },
  z
    .record(z.string(), z.unknown(), { error: 'The measurements must be a list of sizes in cm.' })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const out: Measurements = {};
      for (const [key, raw] of Object.entries(v)) {
        if (!(MEASUREMENT_KEYS as readonly string[]).includes(key)) {
          ctx.issues.push({ code: 'custom', message: `Unknown measurement: ${key}.`, input: v });
          return z.NEVER;
        }
        if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) continue;
        const n = typeof raw === 'number' ? raw : Number(String(raw).trim());
        const label = MEASUREMENT_LABELS[key as MeasurementKey];
        if (!Number.isFinite(n) || n <= 0 || n > MEASUREMENT_MAX_CM || Math.round(n * 10) !== n * 10) {
          ctx.issues.push({
            code: 'custom',
            message: `${label} must be a number of cm between 0 and ${MEASUREMENT_MAX_CM} (one decimal at most).`,
            input: raw,
          });
          return z.NEVER;
        }
        out[key as MeasurementKey] = n;
      }
      return out;
    }),
);

export const productFieldsSchema = z.object({
  name: z
    .string({ error: 'The name field is required.' })
    .trim()
    .min(1, 'The name field is required.')
    .max(PRODUCT_NAME_MAX, `The name may not be greater than ${PRODUCT_NAME_MAX} characters.`),
  description: z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'The description must be text.' })
      .trim()
      .max(PRODUCT_DESCRIPTION_MAX, `The description may not be greater than ${PRODUCT_DESCRIPTION_MAX} characters.`)
      .optional()
      .transform((v) => v ?? ''),
  ),
  price: z.union([z.string(), z.number()], { error: 'The price field is required.' }).transform((v, ctx) => {
    if (typeof v === 'string' && v.trim() === '') {
      ctx.issues.push({ code: 'custom', message: 'The price field is required.', input: v });
      return z.NEVER;
    }
    const parsed = parsePrice(v);
    if ('error' in parsed) {
      ctx.issues.push({ code: 'custom', message: parsed.error, input: v });
      return z.NEVER;
    }
    if (parsed.cents <= 0) {
      ctx.issues.push({ code: 'custom', message: 'The price must be greater than 0.', input: v });
      return z.NEVER;
    }
    return parsed.cents;
  }),
  stock_quantity: wholeNumber('stock quantity', 0, STOCK_MAX),
  /**
   * On an edit, the stock the form loaded: the server moves the stock by the difference only if it
   * has not changed since (409 otherwise), so an open form never undoes a sale.
   */
  expected_stock: wholeNumber('expected stock', 0, STOCK_MAX).optional(),
  /** the price before a reduction; blank clears it */
  compare_at_price: z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
    z
      .union([z.string(), z.number(), z.null()], { error: 'The compare-at price must be a number.' })
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === null) return null;
        const parsed = parsePrice(v, 'compare-at price');
        if ('error' in parsed) {
          ctx.issues.push({ code: 'custom', message: parsed.error, input: v });
          return z.NEVER;
        }
        if (parsed.cents <= 0) {
          ctx.issues.push({ code: 'custom', message: 'The compare-at price must be greater than 0.', input: v });
          return z.NEVER;
        }
        return parsed.cents;
      }),
  ),
  categories: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(
        z.union([z.string(), z.number()]).transform((v, ctx) => {
          const n = typeof v === 'number' ? v : /^\d+$/.test(v.trim()) ? Number(v.trim()) : NaN;
          if (!Number.isInteger(n) || n < 1 || n > ID_MAX) {
            ctx.issues.push({ code: 'custom', message: 'The selected categories are invalid.', input: v });
            return z.NEVER;
          }
          return n;
        }),
        { error: 'The selected categories are invalid.' },
      )
      .min(1, 'Please select at least one category.')
      .transform((ids) => [...new Set(ids)]),
  ),
  size: optionalText('size', 50),
  brand: optionalText('brand', 100),
  color: optionalText('color', 50),
  measurements: measurementsField,
  flaws: optionalText('flaws', FLAWS_MAX),
  condition: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : blankToUndefined(v)),
    z
      .enum(PRODUCT_CONDITIONS, { error: `The condition must be one of: ${PRODUCT_CONDITIONS.join(', ')}.` })
      .optional()
      .transform((v): ProductCondition | null => v ?? null),
  ),
  is_featured: flagField('featured'),
  is_trending: flagField('trending'),
  /** draft, scheduled (with publish_at) or published (the default for a new product) */
  status: publishFieldsSchema.shape.status,
  publish_at: publishFieldsSchema.shape.publish_at,
  negotiable: flagField('negotiable'),
});
export type ProductFieldsInput = z.input<typeof productFieldsSchema>;
export type ProductFields = z.output<typeof productFieldsSchema>;

export const IMAGE_LIMIT_MESSAGE = `You can only upload up to ${LIMITS.maxImages} images.`;
export const IMAGE_TOO_LARGE_MESSAGE = `Each image must be ${LIMITS.maxImageBytes / (1024 * 1024)} MB or smaller.`;
export const NOT_AN_IMAGE_MESSAGE = 'Only image files are allowed.';

const queryFlag = (label: string) =>
  z
    .enum(['true', 'false', '1', '0'], { error: `The ${label} filter must be true or false.` })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1'));

const queryText = (label: string, max = 100) =>
  z
    .string({ error: `The ${label} filter must be text.` })
    .trim()
    .max(max, `The ${label} filter may not be greater than ${max} characters.`)
    .optional()
    .transform((v) => (v ? v : undefined));

const queryInt = (label: string, min: number, max: number) =>
  z
    .string({ error: `The ${label} must be a whole number.` })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      if (!/^\d+$/.test(v.trim())) {
        ctx.issues.push({ code: 'custom', message: `The ${label} must be a whole number.`, input: v });
        return z.NEVER;
      }
      const n = Number(v.trim());
      if (n < min || n > max) {
        ctx.issues.push({ code: 'custom', message: `The ${label} must be between ${min} and ${max}.`, input: v });
        return z.NEVER;
      }
      return n;
    });

const queryPrice = (label: string) =>
  z
    .string({ error: `The ${label} must be a number.` })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const parsed = parsePrice(v, label);
      if ('error' in parsed) {
        ctx.issues.push({ code: 'custom', message: parsed.error, input: v });
        return z.NEVER;
      }
      if (parsed.cents < 0) {
        ctx.issues.push({ code: 'custom', message: `The ${label} must be at least 0.`, input: v });
        return z.NEVER;
      }
      return parsed.cents;
    });

/**
 * `GET /products` (and `/categories/{id}/products`) query: every filter optional. Prices are Ksh
 * and come out as cents (`min_price`, `max_price`). Paging metadata comes back in the
 * `X-Total-Count` and `Link` headers.
 */
export const productListQuerySchema = z
  .object({
    page: queryInt('page', 1, 1_000_000),
    per_page: queryInt('per page', 1, LIMITS.maxPerPage),
    sort: z.enum(PRODUCT_SORTS, { error: `The sort must be one of: ${PRODUCT_SORTS.join(', ')}.` }).optional(),
    category: queryInt('category', 1, ID_MAX),
    q: queryText('search', 100),
    featured: queryFlag('featured'),
    in_stock: queryFlag('in stock'),
    size: queryText('size', 50),
    brand: queryText('brand', 100),
    condition: z
      .string()
      .optional()
      .transform((v) => (v && v.trim() ? v.trim().toLowerCase() : undefined))
      .pipe(
        z
          .enum(PRODUCT_CONDITIONS, { error: `The condition must be one of: ${PRODUCT_CONDITIONS.join(', ')}.` })
          .optional(),
      ),
    color: queryText('color', 50),
    min_price: queryPrice('min price'),
    max_price: queryPrice('max price'),
  })
  .superRefine((q, ctx) => {
    if (q.min_price !== undefined && q.max_price !== undefined && q.max_price < q.min_price) {
      ctx.addIssue({
        code: 'custom',
        path: ['max_price'],
        message: 'The max price must be greater than or equal to the min price.',
      });
    }
  });
/** One chip of a filter: a value in stock among the products looked at, and how many have it. */
const facetValueSchema = z.object({ value: z.string(), count: z.number().int() });

/**
 * `GET /products/facets`: what the filter chips offer for a category and/or search (in-stock items
 * only), and a corrected search when words of `q` looked misspelt.
 */
export const productFacetsSchema = z.object({
  sizes: z.array(facetValueSchema),
  conditions: z.array(z.object({ value: productConditionSchema, count: z.number().int() })),
  colors: z.array(facetValueSchema),
  /** price bands in Ksh: `max` null means "and up" */
  prices: z.array(z.object({ min: z.number(), max: z.number().nullable(), count: z.number().int() })),
  /** the search with misspelt words replaced by the shop's closest words ("addidas" → "adidas"), or null */
  did_you_mean: z.string().nullable(),
});
export type ProductFacets = z.infer<typeof productFacetsSchema>;

/** `GET /products/facets` query: the listing's category and search. */
export const productFacetsQuerySchema = z.object({
  category: queryInt('category', 1, ID_MAX),
  q: queryText('search', 100),
});

/** What a client may send (all text, as in a URL). */
export type ProductListQueryInput = z.input<typeof productListQuerySchema>;
export type ProductListQuery = z.output<typeof productListQuerySchema>;

export const stockChangedMessage = (current: number) => `Stock changed while you were editing: now ${current}`;

/** One change of a product's shelf count (GET /admin/products/{id}/stock-movements), newest first. */
export const stockMovementSchema = z.object({
  id: z.number(),
  change: z.number(),
  stock_after: z.number(),
  reason: z.string(),
  order_id: z.number().nullable(),
  actor: z.string(),
  actor_name: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

/** `GET /admin/products/{id}/stock-movements`: the product's stock ledger. */
export const stockMovementListSchema = z.object({ data: z.array(stockMovementSchema) });
export type StockMovementList = z.infer<typeof stockMovementListSchema>;
