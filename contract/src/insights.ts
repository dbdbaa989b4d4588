import { z } from 'zod';

/**
 * The admin's dashboard, the accountant's orders CSV and the items CSV (import and export).
 * Figures and formats are defined in docs/product.md section 12.
 */

/** The shop's days are Nairobi days: East Africa Time, UTC+3 all year (no daylight saving). */
export const SHOP_TIME_ZONE = 'Africa/Nairobi';
export const SHOP_UTC_OFFSET_HOURS = 3;
const OFFSET_MS = SHOP_UTC_OFFSET_HOURS * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The longest range the dashboard and the orders CSV accept, in days. */
export const REPORT_MAX_DAYS = 366;

export const DASHBOARD_RANGES = ['today', '7d', '30d', '90d'] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];
export const DASHBOARD_RANGE_LABELS: Record<DashboardRange, string> = {
  today: 'Today',
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
};
const RANGE_DAYS: Record<DashboardRange, number> = { today: 1, '7d': 7, '30d': 30, '90d': 90 };

const DATE_TEXT = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `text` is a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(text: string): boolean {
  if (!DATE_TEXT.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** The Nairobi calendar day (YYYY-MM-DD) of an instant. */
export function shopDay(at: Date | string): string {
  const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 10);
}

/** The first instant (UTC ISO) of a Nairobi day: 00:00 EAT is 21:00 UTC the day before. */
export function shopDayStart(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS).toISOString();
}

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** A named range as days: `7d` is today and the six days before it. */
export function namedRange(range: DashboardRange, now: Date = new Date()): { from: string; to: string } {
  const to = shopDay(now);
  return { from: addDays(to, 1 - RANGE_DAYS[range]), to };
}

const dateParam = (label: string) =>
  z
    .string({ error: `The ${label} date must be a date (YYYY-MM-DD).` })
    .trim()
    .refine(isCalendarDate, `The ${label} date must be a date (YYYY-MM-DD).`)
    .optional();

/**
 * A report's range: `range` (today, 7d, 30d, 90d) or `from` and `to` (Nairobi days, both
 * included). Without either: the last 30 days.
 */
export const reportRangeQuerySchema = z
  .object({
    range: z.enum(DASHBOARD_RANGES, { error: `The range must be one of: ${DASHBOARD_RANGES.join(', ')}.` }).optional(),
    from: dateParam('from'),
    to: dateParam('to'),
  })
  .superRefine((q, ctx) => {
    if (q.range && (q.from || q.to)) {
      ctx.addIssue({ code: 'custom', path: ['range'], message: 'Give either a range or from and to dates, not both.' });
      return;
    }
    if ((q.from && !q.to) || (!q.from && q.to)) {
      ctx.addIssue({ code: 'custom', path: [q.from ? 'to' : 'from'], message: 'Give both the from and to dates.' });
      return;
    }
    if (q.from && q.to) {
      if (q.to < q.from) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'The to date must be on or after the from date.' });
      } else if (daysBetweenCount(q.from, q.to) > REPORT_MAX_DAYS) {
        ctx.addIssue({
          code: 'custom',
          path: ['to'],
          message: `The range may cover at most ${REPORT_MAX_DAYS} days.`,
        });
      }
    }
  });
export type ReportRangeQuery = z.output<typeof reportRangeQuerySchema>;

function daysBetweenCount(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The range a query asks for, as Nairobi days. */
export function resolveRange(query: ReportRangeQuery, now: Date = new Date()): { from: string; to: string } {
  if (query.from && query.to) return { from: query.from, to: query.to };
  return namedRange(query.range ?? '30d', now);
}

const attentionOrder = z.object({
  id: z.number().int(),
  customer: z.string(),
  /** Ksh: the order's total, or for a refund the amount still to pay back */
  amount: z.number(),
  /** when the reservation ends (unpaid), the cancellation was asked (requests), or the order was paid */
  at: z.string().nullable(),
  order_status: z.string(),
  payment_status: z.string(),
});
export type AttentionOrder = z.infer<typeof attentionOrder>;

const attentionList = z.object({ count: z.number().int(), orders: z.array(attentionOrder) });

export const dashboardSchema = z.object({
  range: z.object({
    from: z.string(),
    to: z.string(),
    days: z.number().int(),
    time_zone: z.string(),
  }),
  totals: z.object({
    /** Ksh: paid orders' totals minus what was refunded on them */
    revenue: z.number(),
    /** Ksh refunded on the orders counted (already taken off revenue) */
    refunded: z.number(),
    orders: z.number().int(),
    /** Ksh: revenue ÷ orders, 0 without orders */
    average_order_value: z.number(),
    items_sold: z.number().int(),
  }),
  by_day: z.array(z.object({ date: z.string(), revenue: z.number(), orders: z.number().int() })),
  /** items listed in the range, per category: how many sold since and how fast */
  categories: z.array(
    z.object({
      id: z.number().int().nullable(),
      name: z.string(),
      listed: z.number().int(),
      sold: z.number().int(),
      /** sold ÷ listed, 0 to 1, null when nothing was listed */
      sell_through: z.number().nullable(),
      /** median days from listing to payment over the sold lines, one decimal; null when none sold */
      median_days_to_sell: z.number().nullable(),
    }),
  ),
  top_categories: z.array(
    z.object({ id: z.number().int().nullable(), name: z.string(), revenue: z.number(), items: z.number().int() }),
  ),
  top_brands: z.array(z.object({ brand: z.string(), revenue: z.number(), items: z.number().int() })),
  /**
   * Where the range's sales came from: the source a shopper first arrived with (a share link's
   * `src`, a `utm_source`, the referring site), a manual order's channel, or 'direct'
   */
  sources: z
    .array(
      z.object({
        source: z.string(),
        label: z.string(),
        orders: z.number().int(),
        /** Ksh, as `totals.revenue` */
        revenue: z.number(),
        /** shoppers who first arrived from it in the range; null when none are counted (manual, direct) */
        visits: z.number().int().nullable(),
        /** orders ÷ visits, null without visits */
        conversion: z.number().nullable(),
      }),
    )
    .optional(),
  /**
   * Orders shipped in the range, by delivery method, area and payment method: how many were
   * refused or not delivered (refusal rate) and how many delivered ones came back as a customer's
   * return that was not declined (return rate). Rates are 0–1, null when nothing to divide by.
   */
  returns_by_delivery: z
    .array(
      z.object({
        method: z.string(),
        area: z.string(),
        payment_method: z.enum(['online', 'pay_on_delivery']),
        shipped: z.number().int(),
        refused: z.number().int(),
        refusal_rate: z.number().nullable(),
        delivered: z.number().int(),
        returned: z.number().int(),
        return_rate: z.number().nullable(),
      }),
    )
    .optional(),
  attention: z.object({
    expiring_unpaid: attentionList,
    refunds_due: attentionList,
    cancel_requests: attentionList,
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** Columns of the orders CSV, in order. */
export const ORDERS_CSV_COLUMNS = [
  'id',
  'date',
  'customer',
  'items',
  'item_count',
  'subtotal',
  'discount',
  'discounts_applied',
  'delivery',
  'delivery_fee',
  'total',
  'refunded',
  'payment_method',
  'payment_reference',
  'payment_status',
  'paid_at',
  'order_status',
  /** where the order came from: a source (whatsapp, instagram, …), a manual order's channel, or direct */
  'source',
  /** `refused` or `not_delivered` when the parcel came back (docs/product.md section 15), else empty */
  'delivery_outcome',
  /** the statuses of the customer's returns of the order that were not declined, e.g. `refunded` */
  'returns',
] as const;

/**
 * Columns of the items CSV (export writes them all, import needs the required ones). `status` is
 * `draft` or `published`: an import makes drafts unless the file says to publish.
 */
export const PRODUCTS_CSV_COLUMNS = [
  'name',
  'description',
  'price',
  'compare_at_price',
  'stock',
  'categories',
  'size',
  'condition',
  'brand',
  'color',
  'featured',
  'trending',
  'images',
  'status',
] as const;
export type ProductsCsvColumn = (typeof PRODUCTS_CSV_COLUMNS)[number];
/** What an imported item becomes. */
export const IMPORT_STATUSES = ['draft', 'published'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_STATUS_INVALID = 'The status must be draft or published (empty is draft).';
export const PRODUCTS_CSV_REQUIRED: readonly ProductsCsvColumn[] = ['name', 'price', 'stock', 'categories'];

/** Import limits. */
export const IMPORT_LIMITS = {
  /** the CSV file */
  maxFileBytes: 2 * 1024 * 1024,
  maxRows: 1000,
  /** photos sent with one import */
  maxPhotos: 200,
} as const;

export const importRowErrorSchema = z.object({
  /** the line of the file (the header is line 1) */
  line: z.number().int(),
  name: z.string(),
  errors: z.array(z.string()),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importPreviewSchema = z.object({
  /** true when the file can be imported as it is */
  ok: z.boolean(),
  rows: z.number().int(),
  /** every bad row, with each reason */
  errors: z.array(importRowErrorSchema),
  /** problems with the file itself (columns) */
  file_errors: z.array(z.string()),
  /** categories the import will create (only when asked to) */
  new_categories: z.array(z.string()),
  /** the first rows as they will be written */
  sample: z.array(
    z.object({
      line: z.number().int(),
      name: z.string(),
      price: z.number(),
      stock: z.number().int(),
      categories: z.array(z.string()),
      images: z.array(z.string()),
      /** draft unless the file's status column says published */
      status: z.enum(IMPORT_STATUSES),
    }),
  ),
  /** photo files sent that no row names */
  unused_photos: z.array(z.string()),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z.object({
  message: z.string(),
  created: z.number().int(),
  product_ids: z.array(z.number().int()),
  new_categories: z.array(z.string()),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const IMPORT_HAS_ERRORS = 'The file has errors: nothing was imported. Fix the rows listed and try again.';
