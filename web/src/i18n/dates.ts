// Dates a storefront page shows while it loads (a product's reviews), written out rather than
// asked of Intl.DateTimeFormat: a page's first Intl formatter costs a phone's main thread tens of
// milliseconds (the locale data it loads) in the middle of taking the page over. Written in the
// shop's time (Nairobi, UTC+3 all year), so the server and the browser draw the same day.
import type { Language } from './language';

const MONTHS: Record<Language, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  sw: ['Jan', 'Feb', 'Mac', 'Apr', 'Mei', 'Jun', 'Jul', 'Ago', 'Sep', 'Okt', 'Nov', 'Des'],
};
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;

/** "2026-12-02T09:05:00Z" → "2 Dec 2026" (en) or "2 Des 2026" (sw), as en-KE and sw-KE write a medium date. */
export function formatDay(iso: string, language: Language): string {
  const at = new Date(Date.parse(iso) + NAIROBI_OFFSET_MS);
  if (Number.isNaN(at.getTime())) return '';
  return `${at.getUTCDate()} ${MONTHS[language][at.getUTCMonth()]} ${at.getUTCFullYear()}`;
}
