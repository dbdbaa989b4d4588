// The translations' engine without React (the service worker uses it too): the loaded catalogs,
// one per language, the interpreter of their compiled messages, and the translators. The React
// side is ./index.tsx.
import { writeNumber } from '@mtumba/contract/money';
import { LOCALES, pageLanguage, type Language } from './language';

/**
 * A message as the build compiles it (scripts/lingui-catalogs.mjs, Lingui's compiled form): plain
 * text, or a list of text, placeholders (`[name]`), plurals and selects (`[name, 'plural', cases]`),
 * where a plural's cases may hold `#`, the count. The build refuses any other kind.
 */
type Compiled = string | readonly Token[];
type Token = string | readonly [name: string, kind?: 'plural' | 'select', cases?: Cases];
type Cases = Record<string, readonly Token[] | number>;

const catalogs: Record<Language, Map<string, Compiled>> = { en: new Map(), sw: new Map() };

const loaded = new WeakSet<object>();
/** Loads an English catalog the first time a translator for it is made. */
export function loadEnglish(catalog: object) {
  if (loaded.has(catalog)) return;
  loaded.add(catalog);
  addCatalog('en', catalog);
}

/** Adds a catalog's compiled messages to a language (the Kiswahili chunk, see loadLanguage). */
export function addCatalog(language: Language, catalog: object): void {
  for (const [id, message] of Object.entries(catalog)) catalogs[language].set(id, message as Compiled);
}

/** Values a message's placeholders take. */
export type MessageValues = Record<string, string | number>;

export type Translate<Id extends string> = (id: Id, values?: MessageValues) => string;

/** A message in a language, falling back to English when the language has none (and to its id). */
export function translate(language: Language, id: string, values?: MessageValues): string {
  const message = (language === 'sw' ? catalogs.sw.get(id) : undefined) ?? catalogs.en.get(id);
  if (message === undefined) return id;
  return typeof message === 'string' ? message : interpret(message, language, values ?? {});
}

// Plural categories come from the browser (Intl.PluralRules is cheap to make); the count a plural
// shows (`#`) is written here, as en-KE and sw-KE write numbers: a first Intl.NumberFormat costs a
// phone's main thread tens of milliseconds while the page is being taken over (see writeNumber).
const pluralRules = new Map<Language, Intl.PluralRules>();
function pluralCategory(language: Language, n: number): string {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(LOCALES[language])));
  return rules.select(n);
}

/**
 * A compiled message with its values: a placeholder is its value as given (nothing for a missing
 * one); a plural picks the case for the exact count (`=2`), else for the count less its offset
 * by the language's plural rules, else `other`, and shows that count for `#`; a select picks the
 * value's case, else `other`.
 */
function interpret(tokens: readonly Token[], language: Language, values: MessageValues, count?: number): string {
  let text = '';
  for (const token of tokens) {
    if (typeof token === 'string') {
      // a plural's count as the page shows it: 1234 → "1,234", 2.5 → "2.5" (up to three decimals)
      text += token === '#' && count !== undefined ? writeNumber(count, 3) : token;
      continue;
    }
    const [name, kind, cases] = token;
    const value = values[name];
    if (!kind || !cases) {
      if (value !== undefined && value !== null) text += String(value);
      continue;
    }
    let chosen: Cases[string] | undefined;
    let shown: number | undefined;
    if (kind === 'plural') {
      const n = Number(value);
      const offset = typeof cases.offset === 'number' ? cases.offset : 0;
      shown = n - offset;
      chosen = cases[String(value)] ?? cases[pluralCategory(language, shown)] ?? cases.other;
    } else {
      chosen = cases[String(value)] ?? cases.other;
    }
    if (Array.isArray(chosen)) text += interpret(chosen, language, values, kind === 'plural' ? shown : undefined);
  }
  return text;
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
    addCatalog('sw', swahili);
  }
  return (id, values) => translate(language, id, values);
}
