// The translations' engine without React (the service worker uses it too): Lingui's instances,
// one per language, and the translators. The React side is ./index.tsx.
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { LOCALES, pageLanguage, type Language } from './language';

const instances: Record<Language, I18n> = {
  en: setupI18n({ locale: 'en', locales: [LOCALES.en], messages: { en: {} } }),
  sw: setupI18n({ locale: 'sw', locales: [LOCALES.sw], messages: { sw: {} } }),
};

const loaded = new WeakSet<object>();
/** Loads an English catalog the first time a translator for it is made. */
export function loadEnglish(catalog: object) {
  if (loaded.has(catalog)) return;
  loaded.add(catalog);
  instances.en.load('en', catalog as Messages);
}

/** Adds a catalog's compiled messages to a language (the Kiswahili chunk, see loadLanguage). */
export function addCatalog(language: Language, catalog: object): void {
  instances[language].load(language, catalog as Messages);
}

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

/** The same, outside React (toasts, validation messages): in the language the page is in. */
export function tOf<C extends object>(catalog: C): Translate<Extract<keyof C, string>> {
  loadEnglish(catalog);
  return (id, values) => translate(pageLanguage(), id, values);
}

/**
 * A translator for one catalog in a given language, with that language's catalog of the same part
 * loaded directly: for code that runs without a page, such as the service worker.
 */
export function tIn<C extends object>(
  language: Language,
  english: C,
  swahili: object,
): Translate<Extract<keyof C, string>> {
  loadEnglish(english);
  if (!loaded.has(swahili)) {
    loaded.add(swahili);
    instances.sw.load('sw', swahili as Messages);
  }
  return (id, values) => translate(language, id, values);
}
