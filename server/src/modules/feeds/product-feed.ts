import type { Product } from '@mtumba/contract/product';

/**
 * The shop's items as a product feed for Google Merchant Center and Meta's catalogues (Facebook,
 * Instagram, WhatsApp): RSS 2.0 with Google's `g:` fields, which both read. Every item is second
 * hand (`condition` used) and one of a kind; only items on sale now are listed, so
 * `availability` is always "in_stock". See docs/deploy.md for registering the address.
 */

const GOOGLE_NS = 'http://base.google.com/ns/1.0';
/** Google's limits on the two free-text fields. */
const TITLE_MAX = 150;
const DESCRIPTION_MAX = 5000;
/** Google lists up to ten additional images. */
const ADDITIONAL_IMAGES_MAX = 10;

export interface FeedShop {
  name: string;
  /** the shop's public address, without a trailing slash */
  url: string;
}

/** Text for XML character data and attributes; characters XML 1.0 forbids are dropped. */
export function xmlText(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

const clip = (text: string, max: number) => {
  const chars = [...text.trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
};

/** "1250.00 KES": the price format both services read. */
const kes = (ksh: number) => `${ksh.toFixed(2)} KES`;

/**
 * Google's product taxonomy for the shop's categories, by the words in their names; clothing
 * when nothing more precise matches. Meta maps Google's categories to its own.
 */
const TAXONOMY: [RegExp, string][] = [
  [/shoe|sneaker|boot|sandal|heel|trainer|footwear/i, 'Apparel & Accessories > Shoes'],
  [/bag|handbag|purse|wallet|backpack/i, 'Apparel & Accessories > Handbags, Wallets & Cases'],
  [/jewel|necklace|earring|bracelet|ring/i, 'Apparel & Accessories > Jewelry'],
  [/accessor|belt|hat|cap|scarf|tie|glove|sunglass/i, 'Apparel & Accessories > Clothing Accessories'],
];
const CLOTHING = 'Apparel & Accessories > Clothing';

export function googleCategory(product: Pick<Product, 'categories' | 'name'>): string {
  const words = [...product.categories.map((c) => c.name), product.name];
  for (const [pattern, category] of TAXONOMY) {
    if (words.some((w) => pattern.test(w))) return category;
  }
  return CLOTHING;
}

const absolute = (shop: FeedShop, url: string) => (/^https?:\/\//.test(url) ? url : `${shop.url}${url}`);

/** A `g:` element, left out when there is no value. */
function field(name: string, value: string | null | undefined): string {
  return value === null || value === undefined || value.trim() === ''
    ? ''
    : `      <g:${name}>${xmlText(value.trim())}</g:${name}>\n`;
}

/** One of RSS's own item elements (title, link, description), which Google and Meta read as theirs. */
const rss = (name: string, value: string) => `      <${name}>${xmlText(value)}</${name}>\n`;

/** One `<item>`; reduced items carry their earlier price as `price` and the current one as `sale_price`. */
export function feedItem(shop: FeedShop, product: Product): string {
  const reduced = product.compare_at_price !== null && product.compare_at_price > product.price;
  const [first, ...more] = product.images;
  const description = product.description.trim() || product.name;
  return [
    '    <item>\n',
    field('id', String(product.id)),
    rss('title', clip(product.name, TITLE_MAX)),
    rss('description', clip(description, DESCRIPTION_MAX)),
    // the source code counts the shoppers it sends (modules/sources)
    rss('link', `${shop.url}/products/${product.id}?src=feed`),
    field('image_link', first ? absolute(shop, first.image_url) : null),
    ...more
      .slice(0, ADDITIONAL_IMAGES_MAX)
      .map((image) => field('additional_image_link', absolute(shop, image.image_url))),
    field('condition', 'used'),
    field('availability', 'in_stock'),
    field('price', kes(reduced ? product.compare_at_price! : product.price)),
    reduced ? field('sale_price', kes(product.price)) : '',
    field('brand', product.brand),
    // second-hand clothes have no barcode (GTIN) to give
    product.brand ? '' : field('identifier_exists', 'no'),
    field('size', product.size),
    field('color', product.color),
    field('google_product_category', googleCategory(product)),
    field('product_type', product.categories.map((c) => c.name).join(' > ') || null),
    '    </item>\n',
  ].join('');
}

/** The whole document around the items (already drawn by `feedItem`). */
export function feedDocument(shop: FeedShop, items: readonly string[]): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<rss version="2.0" xmlns:g="${GOOGLE_NS}">\n` +
    '  <channel>\n' +
    `    <title>${xmlText(shop.name)}</title>\n` +
    `    <link>${xmlText(shop.url)}/</link>\n` +
    `    <description>${xmlText(`Second-hand clothing on sale now at ${shop.name}`)}</description>\n` +
    items.join('') +
    '  </channel>\n' +
    '</rss>\n'
  );
}
