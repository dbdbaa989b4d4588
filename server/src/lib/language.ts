import type { FastifyRequest } from 'fastify';

/**
 * The shop's languages (docs/architecture.md, i18n on the server). English is the default and the
 * language of the API contract; Kiswahili is chosen by the shopper, never guessed from the
 * browser's Accept-Language, so API clients written against the contract keep getting English.
 */
export type Language = 'en' | 'sw';

export const LANGUAGES: readonly Language[] = ['en', 'sw'];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The cookie the web app reads and writes (so not HttpOnly), and the server reads on every request. */
export const LANGUAGE_COOKIE = 'mtumba_lang';
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Intl locales for amounts and dates. */
export const LOCALE_OF: Record<Language, string> = { en: 'en-KE', sw: 'sw-KE' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A stored value (a users or orders row) as a language; anything unknown is English. */
export function asLanguage(value: unknown): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** The `mtumba_lang` cookie of a Cookie header, when it names a language. */
export function cookieLanguage(cookieHeader: string | undefined): Language | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === LANGUAGE_COOKIE) {
      const value = part.slice(at + 1).trim();
      if (isLanguage(value)) return value;
    }
  }
  return undefined;
}

/**
 * The language of a request: the `mtumba_lang` cookie when it is valid, else the signed-in user's
 * account language (known once an auth hook identified them), else English.
 */
export function requestLanguage(
  request: Pick<FastifyRequest, 'headers'> & { user?: { language?: string } | null },
): Language {
  return (
    cookieLanguage(request.headers.cookie) ?? (request.user ? asLanguage(request.user.language) : DEFAULT_LANGUAGE)
  );
}

/** The Set-Cookie value remembering a language for a year (readable by the web app's scripts). */
export function languageCookie(language: Language, secure: boolean): string {
  return [
    `${LANGUAGE_COOKIE}=${language}`,
    'Path=/',
    `Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}`,
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
