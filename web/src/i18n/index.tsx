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
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { createContext, useContext, type ReactNode } from 'react';
import { LOCALES, pageLanguage, type Language } from './language';

export type { Language } from './language';

const instances: Record<Language, I18n> = {
  en: setupI18n({ locale: 'en', locales: [LOCALES.en], messages: { en: {} } }),
  sw: setupI18n({ locale: 'sw', locales: [LOCALES.sw], messages: { sw: {} } }),
};

const loaded = new WeakSet<object>();
function loadEnglish(catalog: object) {
  if (loaded.has(catalog)) return;
  loaded.add(catalog);
  instances.en.load('en', catalog as Messages);
}

let swahili: Promise<void> | null = null;
/** Loads the Kiswahili catalogs (once); English needs nothing loaded. */
export function loadLanguage(language: Language): Promise<void> {
  if (language === 'en') return Promise.resolve();
  swahili ??= import('./swahili').then(({ catalogs }) => {
    for (const catalog of catalogs) instances.sw.load('sw', catalog as Messages);
  });
  return swahili;
}

const LanguageContext = createContext<Language>('en');

/** The page's language for everything inside (the server renders each request in its own). */
export function LanguageProvider({ language, children }: { language: Language; children: ReactNode }) {
  return <LanguageContext value={language}>{children}</LanguageContext>;
}

export const useLanguage = (): Language => useContext(LanguageContext);

/** Values a message's placeholders take. */
export type MessageValues = Record<string, string | number>;

export type Translate<Id extends string> = (id: Id, values?: MessageValues) => string;

/** A message in a language, falling back to English when the language has none. */
export function translate(language: Language, id: string, values?: MessageValues): string {
  const i18n = language === 'sw' && instances.sw.messages[id] !== undefined ? instances.sw : instances.en;
  // Plain text needs no interpreting (the catalogs keep it as a string when compiled).
  const message: unknown = i18n.messages[id];
  if (typeof message === 'string') return message;
  return i18n._(id, values);
}

/** A translator for the messages of one English catalog, in the page's language. */
export function useT<C extends object>(catalog: C): Translate<Extract<keyof C, string>> {
  loadEnglish(catalog);
  const language = useLanguage();
  return (id, values) => translate(language, id, values);
}

/** The same, outside React (toasts, validation messages): in the language the page is in. */
export function tOf<C extends object>(catalog: C): Translate<Extract<keyof C, string>> {
  loadEnglish(catalog);
  return (id, values) => translate(pageLanguage(), id, values);
}

/** The locale to format dates and numbers in, for the page's language. */
export const useLocale = (): string => LOCALES[useLanguage()];
