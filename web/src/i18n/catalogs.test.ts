import fs from 'node:fs';
import path from 'node:path';
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { compileCatalog } from '../../scripts/lingui-catalogs.mjs';

// Every storefront string lives in an English catalog (the screens ask for it by id). Each one
// must have a Kiswahili entry with the same placeholders, and both must be valid ICU messages.
const dir = path.join(import.meta.dirname, 'catalogs');
const read = (language: string, part: string) =>
  JSON.parse(fs.readFileSync(path.join(dir, language, part), 'utf8')) as Record<string, string>;
const parts = fs.readdirSync(path.join(dir, 'en')).filter((f) => f.endsWith('.json'));

/** The names a message's placeholders, plurals and selects use. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'content' || token.type === 'octothorpe') continue;
      names.add(token.arg);
      if ('cases' in token) for (const c of token.cases) visit(c.tokens);
    }
  };
  visit(parse(message));
  return [...names].sort();
}

describe('message catalogs', () => {
  it('has an English and a Kiswahili catalog for every part of the storefront', () => {
    expect(parts.length).toBeGreaterThan(0);
    expect(fs.readdirSync(path.join(dir, 'sw')).sort()).toEqual([...parts].sort());
  });

  it('gives every message an id no other part uses (the catalogs of a language share one namespace)', () => {
    const owners = new Map<string, string>();
    const clashes: string[] = [];
    for (const part of parts) {
      for (const id of Object.keys(read('en', part))) {
        const owner = owners.get(id);
        if (owner) clashes.push(`${id} (${owner} and ${part})`);
        else owners.set(id, part);
      }
    }
    expect(clashes).toEqual([]);
  });

  for (const part of parts) {
    it(`${part}: every English message has a Kiswahili one with the same placeholders`, () => {
      const en = read('en', part);
      const sw = read('sw', part);
      const missing = Object.keys(en).filter((id) => typeof sw[id] !== 'string' || sw[id]!.trim() === '');
      expect(missing, `messages with no Kiswahili in sw/${part}`).toEqual([]);
      expect(
        Object.keys(sw).filter((id) => !(id in en)),
        `Kiswahili messages no English one has`,
      ).toEqual([]);
      for (const id of Object.keys(en)) {
        expect(placeholders(sw[id]!), `${id}'s placeholders`).toEqual(placeholders(en[id]!));
      }
    });

    it(`${part}: both languages compile`, () => {
      for (const language of ['en', 'sw']) {
        const file = path.join(dir, language, part);
        expect(() => compileCatalog(fs.readFileSync(file, 'utf8'), file)).not.toThrow();
      }
    });
  }
});
