// The shopper's language: English or Kiswahili. The server draws pages in it and says which on
// <html lang>; the choice is kept in a cookie the server also reads (and, signed in, on the
// account), so every page, e-mail and SMS follows it.

export type Language = 'en' | 'sw';
export const LANGUAGES: readonly Language[] = ['en', 'sw'];
export const LANGUAGE_COOKIE = 'mtumba_lang';

/** Each language's name in itself, for the switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', sw: 'Kiswahili' };

/** The locale dates and numbers are formatted in. */
export const LOCALES: Record<Language, string> = { en: 'en-KE', sw: 'sw-KE' };

export const isLanguage = (value: unknown): value is Language => value === 'en' || value === 'sw';

/** The language of the page the browser is showing (what the server drew it in). */
export function pageLanguage(): Language {
  return typeof document !== 'undefined' && document.documentElement.lang === 'sw' ? 'sw' : 'en';
}

/**
 * The language the shopper chose, which the server drew the first page in. The page's own language
 * differs on the admin's screens, which are English: there `data-chosen-lang` keeps the choice
 * (i18n/route-language.tsx).
 */
export function chosenLanguage(): Language {
  if (typeof document === 'undefined') return 'en';
  const kept = document.documentElement.dataset.chosenLang;
  return isLanguage(kept) ? kept : pageLanguage();
}

/** Keeps the choice for a year; the server reads it on the next request. */
export function rememberLanguage(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${365 * 24 * 3600}; samesite=lax`;
}

/** The admin's screens (under /admin, and /add-product): they stay English whatever the choice. */
export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/') || pathname === '/add-product';
}
