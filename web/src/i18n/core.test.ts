import fs from 'node:fs';
import path from 'node:path';
import { setupI18n, type Messages } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { compileCatalog } from '../../scripts/lingui-catalogs.mjs';
import { addCatalog, translate } from './core';
import { LOCALES, type Language } from './language';

// The storefront reads the compiled catalogs with its own interpreter (core.ts), not Lingui's
// runtime, so that no page load makes a number formatter. Every message of every catalog must
// read as Lingui's runtime reads it, whatever the counts and choices.
const dir = path.join(import.meta.dirname, 'catalogs');
const parts = fs.readdirSync(path.join(dir, 'en')).filter((f) => f.endsWith('.json'));
const compiled = (language: Language, part: string) => {
  const file = path.join(dir, language, part);
  return compileCatalog(fs.readFileSync(file, 'utf8'), file) as Record<string, unknown>;
};

const VALUES: (string | number)[] = [0, 1, 2, 5, 21, 1234, 1_000_000, 'new_with_tags', 'cart', 'alerts', 'Nairobi'];

describe('the storefront’s reading of its catalogs', () => {
  for (const language of ['en', 'sw'] as const) {
    it(`reads every ${language} message as Lingui's runtime does`, () => {
      const lingui = setupI18n({ locale: language, locales: [LOCALES[language]], messages: { [language]: {} } });
      const english = setupI18n({ locale: 'en', locales: [LOCALES.en], messages: { en: {} } });
      let checked = 0;
      for (const part of parts) {
        const messages = compiled(language, part);
        lingui.load(language, messages as Messages);
        english.load('en', compiled('en', part) as Messages);
        addCatalog('en', compiled('en', part));
        addCatalog(language, messages);
        for (const id of Object.keys(messages)) {
          const names =
            JSON.stringify(messages[id])
              .match(/\["([A-Za-z_]\w*)"/g)
              ?.map((m) => m.slice(2, -1)) ?? [];
          for (const value of VALUES) {
            const values = Object.fromEntries(names.map((n) => [n, value]));
            expect(translate(language, id, values), `${id} with ${value}`).toBe(lingui._(id, values));
            checked += 1;
          }
        }
      }
      expect(checked).toBeGreaterThan(1000);
      // and a plural's count is written with thousands separators, as Intl writes it
      expect(translate('en', 'nav.cartCount', { count: 1234 })).toBe('1,234 items in cart');
      expect(translate('en', 'no.such.message')).toBe('no.such.message');
      expect(english._('nav.cartCount', { count: 1 })).toBe(translate('en', 'nav.cartCount', { count: 1 }));
    });
  }
});
