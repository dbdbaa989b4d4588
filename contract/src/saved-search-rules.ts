/**
 * Saved searches as the storefront shows them (docs/product.md section 10), shared by the server
 * and the web app. No zod here: the products list's first download imports this file (the
 * schemas are in listing.ts).
 */

/** How many searches one customer may keep. */
export const SAVED_SEARCH_LIMIT = 5;

/** A search's criteria in words. */
export function savedSearchLabel(s: {
  category: { name: string } | null;
  q: string | null;
  size: string | null;
  max_price: number | null;
}): string {
  const parts: string[] = [];
  if (s.q) parts.push(`“${s.q}”`);
  if (s.category) parts.push(s.category.name);
  if (s.size) parts.push(`size ${s.size}`);
  if (s.max_price !== null) parts.push(`up to Ksh ${s.max_price.toLocaleString('en-KE')}`);
  return parts.join(' · ');
}
