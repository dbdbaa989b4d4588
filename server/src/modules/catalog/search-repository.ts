import { sql, type Expression, type SqlBool } from 'kysely';
import { dialectOf, type Executor } from '../../db/database.js';
import { like, likePattern, searchMatch } from './search.js';
import { correctable, planSearch, type SearchPlan, type Vocabulary, type WordMatch } from './search-terms.js';

/**
 * Search in the shop's own words (see search-terms.ts): reads the vocabulary (categories, and
 * the distinct brands, sizes and colours of live products, each walked through its index: one
 * query), checks the words that look misspelt against the catalogue, and turns the plan into one
 * SQL condition.
 */

export async function loadVocabulary(db: Executor): Promise<Vocabulary> {
  const { rows } = await sql<{ kind: string; id: number | null; value: string | null }>`
    with recursive ${sql.join(TERM_COLUMNS.map(walkLiveValues))}
    select 'category' as kind, id, name as value from categories
    ${sql.join(
      TERM_COLUMNS.map((c) => sql`union all select ${c} as kind, null as id, value from ${sql.id(`live_${c}`)}`),
      sql` `,
    )}`.execute(db);
  const of = (kind: string) => rows.filter((r) => r.kind === kind && r.value).map((r) => r.value!);
  const categories = rows.filter((r) => r.kind === 'category').map((r) => ({ id: Number(r.id), name: r.value! }));
  return { categories, brands: of('brand'), sizes: of('size'), colors: of('color') };
}

/** The product columns whose words search knows, besides the categories. */
const TERM_COLUMNS = ['brand', 'size', 'color'] as const;

/**
 * The distinct lowered values of a column over the live products (`live_<column>`), each found
 * from the one before it in the column's `lower(...)` index (migration 0003): about as many index
 * steps as there are values, where a plain DISTINCT goes through every product (144 ms at 50,000
 * products on SQLite, on the event loop, each time a drop of new items moved the terms version;
 * 0.5 ms this way, and 115 → 3 ms on PostgreSQL). The walk ends with a null row, left out above.
 */
function walkLiveValues(column: (typeof TERM_COLUMNS)[number]) {
  const value = sql`lower(${sql.ref(`products.${column}`)})`;
  const live = sql`products.deleted_at is null and ${sql.ref(`products.${column}`)} is not null`;
  return sql`${sql.id(`live_${column}`)}(value) as (
      select min(${value}) from products where ${live}
      union all
      select (select min(${value}) from products where ${live} and ${value} > ${sql.id(`live_${column}`)}.value)
      from ${sql.id(`live_${column}`)} where ${sql.id(`live_${column}`)}.value is not null
    )`;
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
