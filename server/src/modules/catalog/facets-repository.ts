import { centsToAmount, type ProductCondition } from '@mtumba/contract';
import type { ProductFacets } from '@mtumba/contract/product';
import { sql, type SqlBool } from 'kysely';
import type { Executor } from '../../db/database.js';
import { planCondition } from './search-repository.js';
import type { SearchPlan } from './search-terms.js';

/** The price bands offered as chips, in cents: [from, below). */
export const PRICE_BANDS_CENTS: readonly [number, number | null][] = [
  [0, 500_00],
  [500_00, 1000_00],
  [1000_00, 2000_00],
  [2000_00, null],
];

/**
 * What is in stock among the products a shopper is looking at (a category and/or a search), as
 * chip counts: sizes, conditions, colours and price bands. One query (the four groupings joined
 * by `union all`) over the published, in-stock products.
 */
export async function productFacets(
  db: Executor,
  scope: { categoryId?: number; plan?: SearchPlan },
): Promise<Omit<ProductFacets, 'did_you_mean'>> {
  const band = sql<string>`case ${sql.join(
    PRICE_BANDS_CENTS.map(
      ([from, below], i) =>
        sql`when products.price_cents >= ${sql.lit(from)}${below === null ? sql`` : sql` and products.price_cents < ${sql.lit(below)}`} then ${sql.lit(String(i))}`,
    ),
    sql` `,
  )} end`;
  const base = () => {
    let query = db
      .selectFrom('products')
      .where('products.deleted_at', 'is', null)
      .where('products.status', '=', 'published')
      .where('products.stock_quantity', '>', 0);
    if (scope.categoryId !== undefined) {
      query = query.where(
        'products.id',
        'in',
        db.selectFrom('product_categories').select('product_id').where('category_id', '=', scope.categoryId),
      );
    }
    if (scope.plan && scope.plan.words.length > 0) query = query.where(planCondition(db, scope.plan));
    return query;
  };
  const group = (kind: string, value: ReturnType<typeof sql<string>>, label: ReturnType<typeof sql<string>>) =>
    base()
      .where(sql<SqlBool>`${value} is not null`)
      .select([
        sql<string>`${sql.lit(kind)}`.as('kind'),
        value.as('value'),
        sql<string>`min(${label})`.as('label'),
        (eb) => eb.fn.countAll<number>().as('count'),
      ])
      .groupBy(value);
  const rows = await group('size', sql<string>`lower(products.size)`, sql<string>`products.size`)
    .unionAll(group('condition', sql<string>`products.condition`, sql<string>`products.condition`))
    .unionAll(group('color', sql<string>`lower(products.color)`, sql<string>`products.color`))
    .unionAll(group('price', band, band))
    .execute();
  const of = (kind: string) =>
    rows
      .filter((r) => r.kind === kind && r.value !== '')
      .map((r) => ({ value: r.label, count: Number(r.count) }))
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value, 'en', { numeric: true }));
  const prices = rows
    .filter((r) => r.kind === 'price')
    .map((r) => {
      const [from, below] = PRICE_BANDS_CENTS[Number(r.value)]!;
      return {
        min: centsToAmount(from),
        max: below === null ? null : centsToAmount(below - 1),
        count: Number(r.count),
      };
    })
    .sort((a, b) => a.min - b.min);
  return {
    sizes: of('size'),
    conditions: of('condition').map((c) => ({ ...c, value: c.value as ProductCondition })),
    colors: of('color'),
    prices,
  };
}
