import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { formatKsh } from '@mtumba/contract';
import { DEFAULT_LANGUAGE, LANGUAGES, LOCALE_OF, type Language } from '../language.js';
import { ERROR_VALUES_SW, ERRORS_SW } from './errors.sw.js';
import { MESSAGES_EN, MESSAGES_SW, type MessageId } from './messages.js';

/**
 * The server's translations (docs/architecture.md, "i18n on the server"), with Lingui: one I18n
 * instance per language, made once (requests interleave, so nothing switches a shared locale),
 * with plain ICU MessageFormat catalogs compiled on first use.
 *
 * - `t(language, id, values)`: the e-mail and text catalog (`messages.ts`), keyed by an id, with an
 *   English and a Kiswahili entry for each.
 * - `localiseError(language, message)`: an error reply's message. The API keeps the English wording
 *   the contract names, so the Kiswahili catalog (`errors.sw.ts`) is keyed by the English message,
 *   with `{name}` where a value goes ("Only {count} left"); see `translateError`.
 */

function instance(language: Language, messages: Record<string, string>): I18n {
  const i18n = setupI18n({ locale: language, locales: [LOCALE_OF[language]], messages: { [language]: messages } });
  i18n.setMessagesCompiler(compileMessage);
  return i18n;
}

const MAIL: Record<Language, I18n> = { en: instance('en', MESSAGES_EN), sw: instance('sw', MESSAGES_SW) };
const ERRORS: I18n = instance('sw', ERRORS_SW);

export type { MessageId };

/** A message of the e-mail and text catalog in a language, with its values put in. */
export function t(language: Language, id: MessageId, values?: Record<string, unknown>): string {
  return MAIL[language]._(id, values);
}

/** The same message in every language (tests, and a text that names both). */
export function inEveryLanguage(id: MessageId, values?: Record<string, unknown>): Record<Language, string> {
  return Object.fromEntries(LANGUAGES.map((l) => [l, t(l, id, values)])) as Record<Language, string>;
}

const kshFormats: Record<Language, { whole: Intl.NumberFormat; cents: Intl.NumberFormat }> = {
  en: {
    whole: new Intl.NumberFormat('en-KE', { minimumFractionDigits: 0, maximumFractionDigits: 2 }),
    cents: new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  },
  sw: {
    whole: new Intl.NumberFormat('sw-KE', { minimumFractionDigits: 0, maximumFractionDigits: 2 }),
    cents: new Intl.NumberFormat('sw-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  },
};

/** Cents as Ksh for a language: English is exactly `formatKshCents` (contract/src/money.ts). */
export function kshIn(language: Language, cents: number): string {
  if (language === DEFAULT_LANGUAGE) return formatKsh(cents / 100);
  const amount = cents / 100;
  const whole = Math.round(cents) % 100 === 0;
  return `Ksh ${(whole ? kshFormats[language].whole : kshFormats[language].cents).format(amount)}`;
}

const dateFormats: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-KE', { dateStyle: 'long', timeZone: 'Africa/Nairobi' }),
  sw: new Intl.DateTimeFormat('sw-KE', { dateStyle: 'long', timeZone: 'Africa/Nairobi' }),
};
const dateTimeFormats: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-KE', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Nairobi' }),
  sw: new Intl.DateTimeFormat('sw-KE', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Nairobi' }),
};

/** A day in Nairobi for a language: "26 November 2026" / "26 Novemba 2026". */
export function dateIn(language: Language, at: Date | string): string {
  return dateFormats[language].format(typeof at === 'string' ? new Date(at) : at);
}

/** A day and time in Nairobi for a language. */
export function dateTimeIn(language: Language, at: Date | string): string {
  return dateTimeFormats[language].format(typeof at === 'string' ? new Date(at) : at);
}

// ---- error messages -------------------------------------------------------------------------

interface ErrorPattern {
  key: string;
  regex: RegExp;
  names: string[];
  /** literal characters of the key: the most specific pattern wins */
  weight: number;
}

const PLACEHOLDER = /\{(\w+)\}/g;

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const exact = new Map<string, string>();
const patterns: ErrorPattern[] = [];
for (const key of Object.keys(ERRORS_SW)) {
  const names = [...key.matchAll(PLACEHOLDER)].map((m) => m[1]!);
  if (names.length === 0) {
    exact.set(key, key);
    continue;
  }
  const literal = key.split(PLACEHOLDER).filter((_, i) => i % 2 === 0);
  patterns.push({
    key,
    names,
    regex: new RegExp(`^${literal.map(escapeRegex).join('([\\s\\S]+?)')}$`),
    weight: literal.join('').length,
  });
}
patterns.sort((a, b) => b.weight - a.weight);

/** The English catalog keys with `{}` for each value: what the coverage test compares with. */
export function errorCatalogShapes(): Set<string> {
  return new Set(Object.keys(ERRORS_SW).map((k) => k.replace(PLACEHOLDER, '{}')));
}

function translateError(message: string, depth: number): string | undefined {
  if (exact.has(message)) return ERRORS._(message);
  if (depth > 2) return undefined;
  for (const p of patterns) {
    const match = p.regex.exec(message);
    if (!match) continue;
    const values: Record<string, unknown> = {};
    p.names.forEach((name, i) => {
      const raw = match[i + 1]!;
      const word = ERROR_VALUES_SW[name]?.[raw];
      values[name] = word ?? (/^\d+$/.test(raw) ? Number(raw) : (translateError(raw, depth + 1) ?? raw));
    });
    return ERRORS._(p.key, values);
  }
  return undefined;
}

/**
 * An error reply's message in a language. English (and any message the catalog does not know,
 * such as a provider's own words) is returned as it is.
 */
export function localiseError(language: Language, message: string): string {
  if (language === 'en' || !message) return message;
  return translateError(message, 0) ?? message;
}

/** Whether the Kiswahili catalog knows a message (the request test and the coverage test). */
export function hasErrorTranslation(message: string): boolean {
  return translateError(message, 0) !== undefined;
}

/**
 * An error reply's body in a language: its `message`, the `error` the payment calls repeat it in,
 * and each field message of `errors`. Everything else (and the shape) stays as it is.
 */
export function localiseErrorBody<T>(language: Language, body: T): T {
  if (language === 'en' || !body || typeof body !== 'object' || Array.isArray(body)) return body;
  const source = body as Record<string, unknown>;
  if (typeof source.message !== 'string') return body;
  const out: Record<string, unknown> = { ...source, message: localiseError(language, source.message) };
  if (typeof source.error === 'string') out.error = localiseError(language, source.error);
  if (source.errors && typeof source.errors === 'object' && !Array.isArray(source.errors)) {
    out.errors = Object.fromEntries(
      Object.entries(source.errors as Record<string, unknown>).map(([field, list]) => [
        field,
        Array.isArray(list) ? list.map((m) => (typeof m === 'string' ? localiseError(language, m) : m)) : list,
      ]),
    );
  }
  return out as T;
}
