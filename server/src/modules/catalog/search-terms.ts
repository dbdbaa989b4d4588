import { PRODUCT_CONDITIONS, type ProductCondition } from '@mtumba/contract';
import { searchWords } from './search.js';

/**
 * The shop's own words: how a shopper's search text becomes, word by word, the set of things a
 * product may match (text, a category, a size, a colour, a condition). Pure functions: the
 * vocabulary is read from the database by `search-repository.ts`.
 */

/** Words that mean the same thing to a shopper (all lower-case). */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['sweater', 'jumper', 'pullover', 'knitwear'],
  ['sneakers', 'trainers', 'shoes', 'kicks'],
  ['trousers', 'pants', 'slacks', 'chinos'],
  ['jeans', 'denim'],
  ['t-shirt', 'tshirt', 'tee'],
  ['hoodie', 'hoody', 'sweatshirt'],
  ['jacket', 'coat'],
  ['dress', 'gown', 'frock'],
  ['bag', 'handbag', 'purse'],
  ['cap', 'hat'],
  ['sandals', 'flip-flops'],
  ['grey', 'gray'],
];

/** Common colour words, so a misspelt colour is corrected even before any product has it. */
export const COLOUR_WORDS = [
  'black',
  'white',
  'red',
  'blue',
  'green',
  'yellow',
  'pink',
  'purple',
  'orange',
  'brown',
  'grey',
  'gray',
  'beige',
  'navy',
  'cream',
  'maroon',
  'khaki',
];

/** Single words a shopper types for a condition. */
const CONDITION_WORDS: Record<string, ProductCondition[]> = {
  new: ['new with tags', 'like new'],
  nwt: ['new with tags'],
  tags: ['new with tags'],
  good: ['good'],
  fair: ['fair'],
  used: ['like new', 'good', 'fair'],
};

/** What the shop has: read from the live catalogue, all lower-case. */
export interface Vocabulary {
  categories: { id: number; name: string }[];
  brands: string[];
  sizes: string[];
  colors: string[];
}

/** One word of a query: a product matches it when it matches any of these. */
export interface WordMatch {
  /** the word as typed */
  word: string;
  /** text the product's name, brand or description may contain */
  texts: string[];
  categoryIds: number[];
  /** exact sizes (lower-case) */
  sizes: string[];
  /** exact colours (lower-case) */
  colors: string[];
  conditions: ProductCondition[];
  /** the known word this one was read as, when it looked misspelt */
  correction?: string;
}

export interface SearchPlan {
  words: WordMatch[];
}

/** A plural's singular, roughly: "shoes" → "shoe", "dresses" → "dress", "hoodies" → "hoody". */
export function singular(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Optimal string alignment distance (Levenshtein plus swapping two neighbours), capped at `max + 1`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i, ...Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]![j] = best;
    }
  }
  return Math.min(rows[a.length]![b.length]!, max + 1);
}

/** How many typing mistakes a word of this length may hold and still be read as a known word. */
const allowedMistakes = (length: number) => (length < 4 ? 0 : length < 7 ? 1 : 2);

const synonymsOf = (word: string): string[] => {
  const group = SYNONYM_GROUPS.find((g) => g.includes(word) || g.includes(singular(word)));
  return group ? [...group] : [];
};

/** The words of a category's name ("Men's Shoes" → men's, shoes, men, shoe). */
const nameWords = (name: string) => {
  const words = name
    .toLowerCase()
    .split(/[^\p{L}\p{N}'-]+/u)
    .filter(Boolean);
  return [...new Set([...words, ...words.map(singular)])];
};

/** Every known word: what a misspelt word may be corrected to. */
export function knownWords(vocab: Vocabulary): Set<string> {
  const known = new Set<string>([...SYNONYM_GROUPS.flat(), ...COLOUR_WORDS, ...Object.keys(CONDITION_WORDS)]);
  for (const c of vocab.categories) for (const w of nameWords(c.name)) known.add(w);
  for (const b of vocab.brands) {
    known.add(b);
    for (const w of b.split(/\s+/)) known.add(w);
  }
  for (const c of vocab.colors) known.add(c);
  return known;
}

/** The closest known word within the allowed mistakes (ties: the shorter distance, then alphabetical), or undefined. */
export function closestWord(word: string, known: Set<string>): string | undefined {
  const max = allowedMistakes([...word].length);
  if (max === 0 || /^\d+$/.test(word) || known.has(word) || known.has(singular(word))) return undefined;
  let best: { word: string; distance: number } | undefined;
  for (const candidate of known) {
    if (candidate.length < 3) continue;
    const distance = editDistance(word, candidate, max);
    if (distance > max) continue;
    if (!best || distance < best.distance || (distance === best.distance && candidate < best.word)) {
      best = { word: candidate, distance };
    }
  }
  return best?.word;
}

/** What one word (and the word it may be a misspelling of) can match in the shop. */
function matchFor(word: string, vocab: Vocabulary, correction: string | undefined): WordMatch {
  const base = [word, ...(correction ? [correction] : [])];
  const terms = new Set<string>();
  for (const w of base) {
    terms.add(w);
    for (const s of synonymsOf(w)) terms.add(s);
  }
  const texts = new Set<string>();
  const categoryIds = new Set<number>();
  const sizes = new Set<string>();
  const colors = new Set<string>();
  const conditions = new Set<ProductCondition>();
  for (const term of terms) {
    const one = singular(term);
    // The singular's text also finds the plural ("shoe" is in "shoes").
    texts.add(one);
    for (const c of vocab.categories) {
      const words = nameWords(c.name);
      if (c.name.toLowerCase() === term || words.includes(term) || words.includes(one)) categoryIds.add(c.id);
    }
    if (vocab.sizes.includes(term)) sizes.add(term);
    if (vocab.colors.includes(term)) colors.add(term);
    for (const condition of CONDITION_WORDS[term] ?? []) conditions.add(condition);
    if ((PRODUCT_CONDITIONS as readonly string[]).includes(term)) conditions.add(term as ProductCondition);
  }
  return {
    word,
    texts: [...texts],
    categoryIds: [...categoryIds],
    sizes: [...sizes],
    colors: [...colors],
    conditions: [...conditions],
    ...(correction ? { correction } : {}),
  };
}

/**
 * Reads a search text: each word with its synonyms, the category, size, colour or condition it
 * names, and (for `misspelt` words, those no product contains) the closest known word.
 */
export function planSearch(
  text: string,
  vocab: Vocabulary,
  misspelt: (word: string) => boolean = () => true,
): SearchPlan {
  const known = knownWords(vocab);
  return {
    words: searchWords(text).map((word) => {
      const closest = closestWord(word, known);
      return matchFor(word, vocab, closest && misspelt(word) ? closest : undefined);
    }),
  };
}

/** Words that may be misspelt: not known to the shop and long enough to correct. */
export function correctable(text: string, vocab: Vocabulary): { word: string; closest: string }[] {
  const known = knownWords(vocab);
  return searchWords(text).flatMap((word) => {
    const closest = closestWord(word, known);
    return closest ? [{ word, closest }] : [];
  });
}

/** The query with its misspelt words replaced, or undefined when nothing was corrected. */
export function didYouMean(text: string, plan: SearchPlan): string | undefined {
  if (!plan.words.some((w) => w.correction)) return undefined;
  return plan.words.map((w) => w.correction ?? w.word).join(' ');
}
