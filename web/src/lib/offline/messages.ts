// Every word the installed app and its service worker show about the signal (docs/product.md
// section 16), in the catalog part `offline` (English and Kiswahili). Imported by the service
// worker (src/sw.ts) and by the lazy offline modules, never by the home page's first download.
import english from '@/i18n/catalogs/en/offline.json';
import swahili from '@/i18n/catalogs/sw/offline.json';
import { tIn } from '@/i18n/core';
import { LOCALES, pageLanguage, type Language } from '@/i18n/language';

/** A time of day as the shop writes it (24-hour: "14:05"). */
export function timeOfDay(at: number | Date, language: Language = 'en'): string {
  return new Date(at).toLocaleTimeString(LOCALES[language], { hour: '2-digit', minute: '2-digit' });
}

function buildOfflineText(language: Language) {
  const t = tIn(language, english, swahili);
  return {
    /** the note over a page or list read from this phone because the network failed */
    showingSaved: (at: number) => t('offline.showingSaved', { time: timeOfDay(at, language) }),
    /** the heading of the pages the app refuses to show without a connection */
    offlineTitle: t('offline.title'),
    checkout: t('offline.checkout'),
    cart: t('offline.cart'),
    wishlist: t('offline.wishlist'),
    account: t('offline.account'),
    notSaved: t('offline.notSaved'),
    backHome: t('offline.backHome'),
    tryAgain: t('offline.tryAgain'),
    queuedCart: (name: string) => t('offline.queuedCart', { name }),
    queuedWishlist: (name: string) => t('offline.queuedWishlist', { name }),
    addedCart: (name: string) => t('offline.addedCart', { name }),
    addedWishlist: (name: string) => t('offline.addedWishlist', { name }),
    refusedCart: (name: string, reason: string) => t('offline.refusedCart', { name, reason }),
    refusedWishlist: (name: string, reason: string) => t('offline.refusedWishlist', { name, reason }),
    refusedUnknown: t('offline.refusedUnknown'),
  };
}

export type OfflineText = ReturnType<typeof buildOfflineText>;

const built: Partial<Record<Language, OfflineText>> = {};

/**
 * The texts in a language (the service worker names it; pages use OFFLINE_TEXT), made the first
 * time that language is asked for and kept: both languages' catalogs are part of this module.
 */
export function offlineText(language: Language): OfflineText {
  return (built[language] ??= buildOfflineText(language));
}

/** The texts in the language of the page the app is showing (read when used: it can change). */
export const OFFLINE_TEXT: OfflineText = new Proxy({} as OfflineText, {
  get: (_target, key: keyof OfflineText) => offlineText(pageLanguage())[key],
});
