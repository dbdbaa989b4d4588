import { sql, type Expression, type SqlBool } from 'kysely';
import { dialectOf, type Executor } from '../../db/database.js';
import { like, likePattern, searchMatch } from './search.js';
import { correctable, planSearch, type SearchPlan, type Vocabulary, type WordMatch } from './search-terms.js';

/**
 * Search in the shop's own words (see search-terms.ts): reads the vocabulary (categories, and
 * the brands, sizes and colours of live products: two queries on indexed columns), checks the
 * words that look misspelt against the catalogue, and turns the plan into one SQL condition.
 */

export async function loadVocabulary(db: Executor): Promise<Vocabulary> {
  const live = (column: 'brand' | 'size' | 'color') =>
    db
      .selectFrom('products')
      .where('products.deleted_at', 'is', null)
      .where(column, 'is not', null)
      .select([
        sql<string>`${sql.lit(column)}`.as('kind'),
        sql<number | null>`null`.as('id'),
        sql<string>`lower(${sql.ref(column)})`.as('value'),
      ]);
  const rows = await db
    .selectFrom('categories')
    .select([sql<string>`${sql.lit('category')}`.as('kind'), sql<number | null>`id`.as('id'), 'name as value'])
    .union(live('brand'))
    .union(live('size'))
    .union(live('color'))
    .execute();
  const of = (kind: string) => rows.filter((v) => v.kind === kind && v.value).map((v) => v.value);
  const categories = rows.filter((r) => r.kind === 'category').map((r) => ({ id: Number(r.id), name: r.value }));
  return { categories, brands: of('brand'), sizes: of('size'), colors: of('color') };
}

/** Whether any live product's text contains the word (an index-backed probe, one per unknown word). */
async function anyProductContains(db: Executor, word: string): Promise<boolean> {
  let query = db
    .selectFrom('products')
    .where('products.deleted_at', 'is', null)
    .where(like('products.search_text', likePattern(word, 'anywhere')))
    .select('products.id')
    .limit(1);
  const match = dialectOf(db) === 'sqlite' ? searchMatch([word]) : undefined;
  if (match) {
    query = query.where(
      sql<SqlBool>`products.id in (select rowid from products_search where products_search match ${match})`,
    );
  }
  return (await query.execute()).length > 0;
}

/** The vocabulary each database handle last read, with the terms version read before it. */
const vocabularies = new WeakMap<Executor, { terms: number; vocabulary: Promise<Vocabulary> }>();

/**
 * The vocabulary, read again only when the terms version (migration 0170: categories, and the
 * products' brands, sizes and colours) has gone up since it was last read: reading it means going
 * through every live product, which a sale's searches must not do each time.
 */
export async function currentVocabulary(db: Executor): Promise<Vocabulary> {
  const row = await db
    .selectFrom('catalogue_state')
    .select((eb) => eb.fn.sum<number | string>('terms_version').as('terms'))
    .executeTakeFirst();
  const terms = Number(row?.terms ?? 0);
  const kept = vocabularies.get(db);
  if (kept && kept.terms >= terms) return kept.vocabulary;
  const entry = { terms, vocabulary: loadVocabulary(db) };
  vocabularies.set(db, entry);
  entry.vocabulary.catch(() => {
    if (vocabularies.get(db) === entry) vocabularies.delete(db);
  });
  return entry.vocabulary;
}

/** The plan of a search text: a word is read as a misspelling only when no product contains it. */
export async function searchPlan(db: Executor, text: string): Promise<SearchPlan> {
  const vocab = await currentVocabulary(db);
  const misspelt = new Set<string>();
  for (const { word } of correctable(text, vocab)) {
    if (!(await anyProductContains(db, word))) misspelt.add(word);
  }
  return planSearch(text, vocab, (word) => misspelt.has(word));
}

/** The condition of one word: any of its texts, categories, sizes, colours or conditions. */
function wordCondition(word: WordMatch): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = word.texts.map((text) =>
    like('products.search_text', likePattern(text, 'anywhere')),
  );
  if (word.categoryIds.length > 0) {
    parts.push(
      sql<SqlBool>`products.id in (select pc.product_id from product_categories pc where pc.category_id in (${sql.join(word.categoryIds)}))`,
    );
  }
  if (word.sizes.length > 0) parts.push(sql<SqlBool>`lower(products.size) in (${sql.join(word.sizes)})`);
  if (word.colors.length > 0) parts.push(sql<SqlBool>`lower(products.color) in (${sql.join(word.colors)})`);
  if (word.conditions.length > 0) parts.push(sql<SqlBool>`products.condition in (${sql.join(word.conditions)})`);
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/**
 * Every word of the plan must match. On SQLite the trigram index narrows the candidates for the
 * words that only match text (a single text each); the LIKE conditions still decide.
 */
export function planCondition(db: Executor, plan: SearchPlan): Expression<SqlBool> {
  const parts = plan.words.map(wordCondition);
  if (dialectOf(db) === 'sqlite') {
    const textOnly = plan.words.filter(
      (w) =>
        w.texts.length === 1 && w.categoryIds.length + w.sizes.length + w.colors.length + w.conditions.length === 0,
    );
    const match = textOnly.length > 0 ? searchMatch(textOnly.map((w) => w.texts[0]!)) : undefined;
    if (match)
      parts.push(sql<SqlBool>`products.id in (select rowid from products_search where products_search match ${match})`);
  }
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}
