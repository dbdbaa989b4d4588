// What a server-rendered page says to search engines and link previews: title, description,
// canonical address, Open Graph and Twitter cards, and schema.org JSON-LD (docs/architecture.md
// section 13). Pure: the server rendering (src/entry-server.tsx) calls it with the page's data.
import { formatKsh } from '@mtumba/contract/money';
import type { PublicConfig } from '@/lib/api/get-config';
import type { Category, Product } from '@mtumba/contract/product';
import type { Language } from '@/i18n/language';
import browse from '@/i18n/catalogs/en/browse.json';
import messages from '@/i18n/catalogs/en/pages.json';
import { tOf, translate, type MessageValues } from '@/i18n';

// The English catalog is loaded once (tOf loads it); the head is then written in each request's language.
tOf(messages);
tOf(browse);

/** A message of the pages catalog in a language. */
export const pageText = (language: Language, id: keyof typeof messages, values?: MessageValues): string =>
  translate(language, id, values);

export interface PageMeta {
  title: string;
  description: string;
  /** path and query of the page's one address (canonical), without the origin */
  path: string;
  /** absolute or root-relative photo for the link preview */
  image?: string | null;
  type?: 'website' | 'product';
  /** schema.org objects, each written as its own JSON-LD script */
  jsonLd?: Record<string, unknown>[];
  /** false: search engines should not index it (search results, not-found) */
  index?: boolean;
}

const esc = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON for inside a <script>: nothing in it can close the script element. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028|\u2029/g, '');

export const absoluteUrl = (appUrl: string, pathOrUrl: string) => new URL(pathOrUrl, `${appUrl}/`).toString();

/** Used items are UsedCondition; only 'new with tags' is NewCondition. */
export function itemCondition(condition: string | null | undefined): string {
  return condition === 'new with tags' ? 'https://schema.org/NewCondition' : 'https://schema.org/UsedCondition';
}

export const availability = (product: Pick<Product, 'stock_quantity'>) =>
  product.stock_quantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut';

/** The biggest picture of a product's first image (from its srcset), else its image_url. */
export function productPhoto(product: Product): string | null {
  const first = product.images?.[0];
  const candidates = (first?.srcset ?? '')
    .split(',')
    .map((part) => part.trim().split(/\s+/))
    .filter((p) => p[0])
    .map(([url, w]) => ({ url: url!, w: Number.parseInt(w ?? '0', 10) || 0 }))
    .sort((a, b) => b.w - a.w);
  return candidates[0]?.url ?? first?.image_url ?? product.image_url ?? null;
}

export function organizationLd(appUrl: string, config: PublicConfig): Record<string, unknown> {
  const { shop } = config;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: shop.name,
    url: `${appUrl}/`,
    logo: absoluteUrl(appUrl, '/favicon.svg'),
    ...(shop.email ? { email: shop.email } : {}),
    ...(shop.phone ? { telephone: shop.phone } : {}),
    address: { '@type': 'PostalAddress', streetAddress: shop.address, addressCountry: 'KE' },
  };
}

export function breadcrumbLd(appUrl: string, items: { name: string; path: string }[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: absoluteUrl(appUrl, item.path),
    })),
  };
}

export function productLd(appUrl: string, product: Product, shopName: string): Record<string, unknown> {
  const photo = productPhoto(product);
  const url = absoluteUrl(appUrl, `/products/${product.id}`);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    ...(product.description ? { description: product.description } : {}),
    ...(photo ? { image: [absoluteUrl(appUrl, photo)] } : {}),
    sku: String(product.id),
    url,
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    ...(product.color ? { color: product.color } : {}),
    ...(product.size ? { size: product.size } : {}),
    itemCondition: itemCondition(product.condition),
    ...(product.review_count && product.average_rating
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.average_rating,
            reviewCount: product.review_count,
          },
        }
      : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: product.price.toFixed(2),
      priceCurrency: 'KES',
      availability: availability(product),
      itemCondition: itemCondition(product.condition),
      seller: { '@type': 'Organization', name: shopName },
    },
  };
}

/** A product's description for search results: its own words, else its facts, at most 160 characters. */
export function productDescription(product: Product, language: Language = 'en'): string {
  const facts = [
    product.size && pageText(language, 'seo.size', { size: product.size }),
    product.condition &&
      translate(language, 'condition', {
        key: product.condition.toLowerCase().replace(/\s+/g, '_'),
        value: product.condition,
      }),
    product.brand,
    product.color,
  ]
    .filter(Boolean)
    .join(' · ');
  const text = (product.description?.trim() || `${product.name}${facts ? ` (${facts})` : ''}`).replace(/\s+/g, ' ');
  const sold = product.stock_quantity > 0 ? '' : `${pageText(language, 'seo.sold')} `;
  const full = `${sold}${formatKsh(product.price)}. ${text}`;
  return full.length > 160 ? `${full.slice(0, 157).trimEnd()}…` : full;
}

export function categoryName(categories: Category[] | undefined, id: string | undefined): string | undefined {
  return id ? categories?.find((c) => String(c.id) === id)?.name : undefined;
}

/** A page's address in a language: English is the plain address, Kiswahili adds ?lang=sw. */
export function languageUrl(url: string, language: Language): string {
  if (language === 'en') return url;
  const [path, query = ''] = url.split('?');
  const params = new URLSearchParams(query);
  params.set('lang', language);
  return `${path}?${params}`;
}

/** The <head> tags of a page, as HTML. */
export function headTags(meta: PageMeta, appUrl: string, shopName: string, language: Language = 'en'): string {
  const english = absoluteUrl(appUrl, meta.path);
  const canonical = languageUrl(english, language);
  // Each language's version of an indexed page names the others (and English as the default).
  const alternates =
    meta.index === false
      ? []
      : [
          `<link rel="alternate" hreflang="en" href="${esc(english)}">`,
          `<link rel="alternate" hreflang="sw" href="${esc(languageUrl(english, 'sw'))}">`,
          `<link rel="alternate" hreflang="x-default" href="${esc(english)}">`,
        ];
  const image = meta.image ? absoluteUrl(appUrl, meta.image) : null;
  const tags = [
    `<title>${esc(meta.title)}</title>`,
    `<meta name="description" content="${esc(meta.description)}">`,
    `<link rel="canonical" href="${esc(canonical)}">`,
    ...alternates,
    meta.index === false ? '<meta name="robots" content="noindex, follow">' : '',
    `<meta property="og:site_name" content="${esc(shopName)}">`,
    `<meta property="og:type" content="${meta.type ?? 'website'}">`,
    `<meta property="og:title" content="${esc(meta.title)}">`,
    `<meta property="og:description" content="${esc(meta.description)}">`,
    `<meta property="og:url" content="${esc(canonical)}">`,
    `<meta property="og:locale" content="${language === 'sw' ? 'sw_KE' : 'en_KE'}">`,
    image ? `<meta property="og:image" content="${esc(image)}">` : '',
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${esc(meta.title)}">`,
    `<meta name="twitter:description" content="${esc(meta.description)}">`,
    image ? `<meta name="twitter:image" content="${esc(image)}">` : '',
    ...(meta.jsonLd ?? []).map((ld) => `<script type="application/ld+json">${scriptJson(ld)}</script>`),
  ];
  return tags.filter(Boolean).join('\n    ');
}
