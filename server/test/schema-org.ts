import { z } from 'zod';

/**
 * The schema.org shapes the storefront's JSON-LD must have, as search engines read them
 * (Product with an Offer, BreadcrumbList, Organization, WebSite): types, required properties,
 * the enumeration URLs schema.org defines, absolute URLs. Checked offline.
 */
const url = z.url({ protocol: /^https?$/ });
const context = z.literal('https://schema.org');
const enumeration = (...names: string[]) =>
  z.enum(names.map((n) => `https://schema.org/${n}`) as [string, ...string[]]);

const CONDITIONS = ['NewCondition', 'UsedCondition', 'RefurbishedCondition', 'DamagedCondition'];
const AVAILABILITY = [
  'InStock',
  'SoldOut',
  'OutOfStock',
  'PreOrder',
  'BackOrder',
  'Discontinued',
  'LimitedAvailability',
  'OnlineOnly',
  'InStoreOnly',
];

const organizationRef = z.object({ '@type': z.literal('Organization'), name: z.string().min(1) }).loose();

export const offerShape = z
  .object({
    '@type': z.literal('Offer'),
    url: url.optional(),
    // schema.org: a number or a text with a '.' as the decimal separator and no currency sign
    price: z.union([z.number().nonnegative(), z.string().regex(/^\d+(\.\d+)?$/)]),
    priceCurrency: z.string().regex(/^[A-Z]{3}$/),
    availability: enumeration(...AVAILABILITY),
    itemCondition: enumeration(...CONDITIONS).optional(),
    seller: organizationRef.optional(),
  })
  .strict();

export const productShape = z
  .object({
    '@context': context,
    '@type': z.literal('Product'),
    name: z.string().min(1),
    description: z.string().optional(),
    image: z.array(url).min(1).optional(),
    sku: z.string().optional(),
    url: url.optional(),
    brand: z
      .object({ '@type': z.literal('Brand'), name: z.string().min(1) })
      .strict()
      .optional(),
    color: z.string().optional(),
    size: z.string().optional(),
    itemCondition: enumeration(...CONDITIONS).optional(),
    aggregateRating: z
      .object({
        '@type': z.literal('AggregateRating'),
        ratingValue: z.number().min(1).max(5),
        reviewCount: z.number().int().positive(),
      })
      .strict()
      .optional(),
    offers: offerShape,
  })
  .strict();

export const breadcrumbShape = z
  .object({
    '@context': context,
    '@type': z.literal('BreadcrumbList'),
    itemListElement: z
      .array(
        z
          .object({
            '@type': z.literal('ListItem'),
            position: z.number().int().positive(),
            name: z.string().min(1),
            item: url,
          })
          .strict(),
      )
      .min(1)
      .refine((items) => items.every((item, i) => item.position === i + 1), 'positions must count 1, 2, 3…'),
  })
  .strict();

export const organizationShape = z
  .object({
    '@context': context,
    '@type': z.literal('Organization'),
    name: z.string().min(1),
    url,
    logo: url.optional(),
    email: z.email().optional(),
    telephone: z.string().optional(),
    address: z
      .object({
        '@type': z.literal('PostalAddress'),
        streetAddress: z.string().min(1),
        addressCountry: z.string().length(2),
      })
      .strict()
      .optional(),
  })
  .strict();

export const webSiteShape = z
  .object({
    '@context': context,
    '@type': z.literal('WebSite'),
    name: z.string().min(1),
    url,
    potentialAction: z
      .object({
        '@type': z.literal('SearchAction'),
        target: z.string().includes('{search_term_string}'),
        'query-input': z.literal('required name=search_term_string'),
      })
      .strict()
      .optional(),
  })
  .strict();

const SHAPES: Record<string, z.ZodType> = {
  Product: productShape,
  BreadcrumbList: breadcrumbShape,
  Organization: organizationShape,
  WebSite: webSiteShape,
};

/** The problems of one JSON-LD object against its schema.org shape (empty when it fits). */
export function schemaOrgProblems(value: unknown): string[] {
  const type = (value as { '@type'?: unknown } | null)?.['@type'];
  const shape = typeof type === 'string' ? SHAPES[type] : undefined;
  if (!shape) return [`no shape for @type ${String(type)}`];
  const result = shape.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${type}.${i.path.join('.')}: ${i.message}`);
}

/** The JSON-LD objects of an HTML page, parsed. */
export function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}
