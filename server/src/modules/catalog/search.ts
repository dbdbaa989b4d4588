import { sql, type Expression, type SqlBool } from 'kysely';

/**
 * Product search helpers: how a shopper's text becomes words, LIKE patterns and (on SQLite) an FTS5
 * trigram query that narrows the candidates. The repository composes them into its queries.
 */

/** Escapes LIKE wildcards so a shopper's `%` or `_` matches itself. */
export function likePattern(text: string, where: 'anywhere' | 'start'): string {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return where === 'start' ? `${escaped}%` : `%${escaped}%`;
}

/** Lower-cased words of a search text (the same lower-casing as `productSearchText`). */
export function searchWords(text: string): string[] {
  return text.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
}

/** products.search_text: what `q` and search match against, lower-cased by the application. */
export function productSearchText(name: string, brand: string | null, description: string): string {
  return [name, brand ?? '', description].join(' ').toLowerCase();
}

export const like = (column: string, pattern: string): Expression<SqlBool> =>
  sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`;

/** A word as an FTS5 string: quotes doubled, so nothing in it is read as query syntax. */
const ftsString = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** The highest code point: `prefix <= term <= prefix + MAX_CHAR` spans every term starting with prefix. */
const MAX_CHAR = String.fromCodePoint(0x10ffff);

/**
 * Whether the trigram tokenizer indexes a (lower-case) character as itself: its case folding
 * turns a few lower-case letters into others (ς → σ, µ → μ, ſ → s) and SQLite reads U+FFFE and
 * U+FFFF as U+FFFD. Only 2-character words compare their characters with indexed trigrams.
 */
const indexedAsItself = (ch: string) =>
  ch.toLowerCase() === ch && ch.toUpperCase().toLowerCase() === ch && ch !== '\ufffe' && ch !== '\uffff';

/**
 * The FTS5 query (SQLite's products_search, migration 0006) that every product matching all
 * `words` also matches, or undefined when no word can use the index. It only narrows the
 * candidates: the LIKE conditions still decide, so the results stay exactly those of LIKE.
 * A trigram index finds words of 3+ characters itself; a 2-character word becomes "any
 * indexed trigram starting with it" (the index text ends with a space, so every occurrence
 * has one); a single character cannot be narrowed.
 */
export function searchMatch(words: string[]): Expression<string> | undefined {
  const parts: Expression<string>[] = [];
  for (const word of words) {
    // NUL ends text for SQLite's functions, and a lone surrogate half has no UTF-8 form.
    if (/[\0\p{Cs}]/u.test(word)) continue;
    const chars = [...word];
    if (chars.length >= 3) {
      parts.push(sql<string>`${ftsString(word)}`);
    } else if (chars.length === 2 && chars.every(indexedAsItself)) {
      // No such trigram means no product has the word: `""` matches nothing.
      parts.push(sql<string>`(select coalesce('(' || group_concat('"' || replace(term, '"', '""') || '"', ' OR ') || ')', '""')
        from products_search_terms where term >= ${word} and term <= ${word + MAX_CHAR})`);
    }
  }
  if (parts.length === 0) return undefined;
  return sql<string>`(${sql.join(parts, sql` || ' AND ' || `)})`;
}
