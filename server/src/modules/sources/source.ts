/**
 * Where a shopper came from, in the shop's own short names. A link the shop shares carries it
 * (`?src=wa` on a WhatsApp share, `?utm_source=instagram` on a bio link, `utm_source=feed` on
 * the product feed); without one, the site that sent the shopper (the Referer) names it. The
 * first source is kept in a cookie for 30 days and written on the orders placed meanwhile.
 */

export const SOURCE_COOKIE = 'mtumba_source';
export const SOURCE_COOKIE_DAYS = 30;

/** The sources the dashboard names; any other well-formed `utm_source` is kept as given. */
export const SOURCE_LABELS: Record<string, string> = {
  whatsapp: 'WhatsApp',
  instagram: 'Instagram',
  facebook: 'Facebook',
  tiktok: 'TikTok',
  google: 'Google',
  feed: 'Product feeds (Google, Meta)',
  email: 'E-mail',
  sms: 'Text messages',
  x: 'X (Twitter)',
  // the installed app's start address (/?src=pwa, web/public/manifest.webmanifest)
  pwa: 'Installed app',
  phone: 'Phone (manual order)',
  live: 'Live sale (manual order)',
  in_shop: 'In the shop (manual order)',
  direct: 'Direct or unknown',
};

/** Short codes and common spellings of each source. */
const ALIASES: Record<string, string> = {
  wa: 'whatsapp',
  whatsapp: 'whatsapp',
  ig: 'instagram',
  insta: 'instagram',
  instagram: 'instagram',
  fb: 'facebook',
  facebook: 'facebook',
  meta: 'facebook',
  tt: 'tiktok',
  tiktok: 'tiktok',
  g: 'google',
  google: 'google',
  feed: 'feed',
  mail: 'email',
  email: 'email',
  newsletter: 'email',
  sms: 'sms',
  twitter: 'x',
  x: 'x',
};

/** Sites that send shoppers, by the end of their host name. */
const REFERRERS: [RegExp, string][] = [
  [/(^|\.)whatsapp\.(com|net)$|(^|\.)wa\.me$/, 'whatsapp'],
  [/(^|\.)instagram\.com$/, 'instagram'],
  [/(^|\.)(facebook\.com|fb\.com|fb\.me)$/, 'facebook'],
  [/(^|\.)tiktok\.com$/, 'tiktok'],
  [/(^|\.)google\.[a-z.]+$/, 'google'],
  [/(^|\.)(t\.co|twitter\.com|x\.com)$/, 'x'],
];

const WELL_FORMED = /^[a-z0-9][a-z0-9._-]{0,39}$/;

/** A source as written in a link, in the shop's name for it; undefined when it is not one. */
export function normaliseSource(raw: string | null | undefined): string | undefined {
  const value = raw?.trim().toLowerCase();
  if (!value || !WELL_FORMED.test(value)) return undefined;
  return ALIASES[value] ?? value;
}

/**
 * The source of an arrival: the link's own (`src`, then `utm_source`), else the referring site
 * when it is a known one (never the shop itself).
 */
export function arrivalSource(
  query: URLSearchParams,
  referer: string | undefined,
  ownHost: string,
): string | undefined {
  const tagged = normaliseSource(query.get('src')) ?? normaliseSource(query.get('utm_source'));
  if (tagged) return tagged;
  if (!referer) return undefined;
  let host: string;
  try {
    host = new URL(referer).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  if (host === ownHost) return undefined;
  return REFERRERS.find(([pattern]) => pattern.test(host))?.[1];
}

/** The value of one cookie in a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The source kept in a request's cookie, when it is a well-formed one. */
export function keptSource(cookieHeader: string | undefined): string | undefined {
  return normaliseSource(cookieValue(cookieHeader, SOURCE_COOKIE));
}

export function sourceLabel(source: string): string {
  return SOURCE_LABELS[source] ?? source;
}
