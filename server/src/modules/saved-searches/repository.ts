import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { SavedSearchesTable } from '../../db/schema.js';

export interface SavedSearchRow {
  id: number;
  user_id: number;
  category_id: number | null;
  category_name: string | null;
  q: string | null;
  size: string | null;
  max_price_cents: number | null;
  created_at: string;
}

/** A saved search and a newly published product that fits its category, size and price. */
export interface CandidateMatch {
  saved_search_id: number;
  user_id: number;
  q: string | null;
  product_id: number;
  search_text: string;
}

export function savedSearchRepository(db: Executor) {
  return {
    listForUser(userId: number): Promise<SavedSearchRow[]> {
      return db
        .selectFrom('saved_searches as ss')
        .leftJoin('categories as c', 'c.id', 'ss.category_id')
        .select([
          'ss.id',
          'ss.user_id',
          'ss.category_id',
          'c.name as category_name',
          'ss.q',
          'ss.size',
          'ss.max_price_cents',
          'ss.created_at',
        ])
        .where('ss.user_id', '=', userId)
        .orderBy('ss.id')
        .execute();
    },

    async countForUser(userId: number): Promise<number> {
      const row = await db
        .selectFrom('saved_searches')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insert(values: Omit<Selectable<SavedSearchesTable>, 'id'>): Promise<number> {
      const row = await db.insertInto('saved_searches').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async deleteForUser(userId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('saved_searches')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The latest products each of the searches alerted about (for the account screen), in one query. */
    async recentMatches(searchIds: number[], perSearch: number) {
      if (searchIds.length === 0) return [];
      const rows = await db
        .selectFrom('saved_search_alerts as a')
        .innerJoin('products as p', 'p.id', 'a.product_id')
        .select(['a.saved_search_id', 'p.id', 'p.name', 'p.price_cents', 'a.created_at'])
        .where('a.saved_search_id', 'in', searchIds)
        .where('p.deleted_at', 'is', null)
        .where('p.status', '=', 'published')
        .orderBy('a.created_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(searchIds.length * perSearch * 4)
        .execute();
      return rows;
    },

    /**
     * Every saved search that one of the products fits by category, size and highest price (one
     * query for the whole batch; the words of `q` are checked by the caller against search_text).
     * Only published products in stock count.
     */
    candidates(productIds: number[]): Promise<CandidateMatch[]> {
      if (productIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom(['saved_searches as ss', 'products as p'])
        .select(['ss.id as saved_search_id', 'ss.user_id', 'ss.q', 'p.id as product_id', 'p.search_text'])
        .where('p.id', 'in', productIds)
        .where('p.deleted_at', 'is', null)
        .where('p.status', '=', 'published')
        .where('p.stock_quantity', '>', 0)
        .where((eb) =>
          eb.or([
            eb('ss.category_id', 'is', null),
            eb.exists(
              eb
                .selectFrom('product_categories as pc')
                .select(sql`1`.as('one'))
                .whereRef('pc.product_id', '=', 'p.id')
                .whereRef('pc.category_id', '=', 'ss.category_id'),
            ),
          ]),
        )
        .where((eb) => eb.or([eb('ss.size', 'is', null), eb(sql`lower(ss.size)`, '=', sql`lower(p.size)`)]))
        .where((eb) =>
          eb.or([eb('ss.max_price_cents', 'is', null), eb('p.price_cents', '<=', eb.ref('ss.max_price_cents'))]),
        )
        .orderBy('ss.user_id')
        .orderBy('p.id')
        .orderBy('ss.id')
        .execute();
    },

    /** Records alerts, one per customer and product; returns the ones that are new. */
    async insertAlerts(
      alerts: { user_id: number; product_id: number; saved_search_id: number; created_at: string }[],
    ): Promise<{ user_id: number; product_id: number; saved_search_id: number | null }[]> {
      if (alerts.length === 0) return [];
      return db
        .insertInto('saved_search_alerts')
        .values(alerts)
        .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
        .returning(['user_id', 'product_id', 'saved_search_id'])
        .execute();
    },

    usersByIds(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('users').select(['id', 'name', 'email', 'language']).where('id', 'in', ids).execute();
    },

    productsByIds(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('products').select(['id', 'name', 'price_cents']).where('id', 'in', ids).execute();
    },

    async categoryExists(id: number): Promise<boolean> {
      return (await db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },
  };
}
