// Translations of the storefront, with Lingui's runtime. Messages are ICU MessageFormat strings
// in catalogs/<language>/<part>.json, compiled at build time (scripts/lingui-catalogs.mjs).
//
// A screen imports the English catalog of its part and asks for a translator:
//   import messages from '@/i18n/catalogs/en/cart.json';
//   const t = useT(messages);
//   t('cart.empty'); t('cart.count', { count: 3 });
// The ids are checked by TypeScript against that catalog. English catalogs travel with the code
// that uses them (so a page downloads only its own strings); the Kiswahili catalogs are one lazy
// chunk, loaded before the app draws anything when the page is in Kiswahili. A Kiswahili message
// that is missing falls back to English (and a test fails on it: i18n/catalogs.test.ts).
import { createContext, useContext, type ReactNode } from 'react';
import { addCatalog, loadEnglish, translate, type Translate } from './core';
import { LOCALES, type Language } from './language';

export type { Language } from './language';
export { tIn, tOf, translate, type MessageValues, type Translate } from './core';

let swahili: Promise<void> | null = null;
/** Loads the Kiswahili catalogs (once); English needs nothing loaded. */
export function loadLanguage(language: Language): Promise<void> {
  if (language === 'en') return Promise.resolve();
  swahili ??= import('./swahili').then(({ catalogs }) => {
    for (const catalog of catalogs) addCatalog('sw', catalog);
  });
  return swahili;
}

const LanguageContext = createContext<Language>('en');

/** The page's language for everything inside (the server renders each request in its own). */
export function LanguageProvider({ language, children }: { language: Language; children: ReactNode }) {
  return <LanguageContext value={language}>{children}</LanguageContext>;
}

export const useLanguage = (): Language => useContext(LanguageContext);

/** A translator for the messages of one English catalog, in the page's language. */
export function useT<C extends object>(catalog: C): Translate<Extract<keyof C, string>> {
  loadEnglish(catalog);
  const language = useLanguage();
  return (id, values) => translate(language, id, values);
}

/** The locale to format dates and numbers in, for the page's language. */
export const useLocale = (): string => LOCALES[useLanguage()];
