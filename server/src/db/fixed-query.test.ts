import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB, type TestDatabase } from '../../test/helpers.js';
import { now } from './database.js';
import { fixedQuery } from './fixed-query.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe(`fixedQuery on ${TEST_DB}`, () => {
  it('gives what the query built afresh gives, with each call’s own arguments and the query’s own values', async () => {
    const { db } = database;
    for (const name of ['Fixed A', 'Fixed B', 'Fixed C']) {
      await db
        .insertInto('categories')
        .values({ name, name_key: name.toLowerCase(), created_at: now(), updated_at: now() })
        .execute();
    }
    const build = (d: typeof db, key: string, after: number) =>
      d
        .selectFrom('categories')
        .select(['id', 'name'])
        .where('name_key', '=', key)
        .where('id', '>', after)
        .where('name', 'like', 'Fixed%')
        .orderBy('id')
        .limit(5);
    const byKey = fixedQuery((d, key: string, after: number) => build(d as typeof db, key, after), 2);
    for (const key of ['fixed a', 'fixed c', 'nothing']) {
      expect(await byKey(db, key, 0)).toEqual(await build(db, key, 0).execute());
    }
    // inside a transaction too
    await db.transaction().execute(async (trx) => {
      expect(await byKey(trx, 'fixed b', 0)).toEqual([{ id: expect.any(Number), name: 'Fixed B' }]);
    });
  });

  if (TEST_DB === 'postgres')
    it('is a named prepared statement on PostgreSQL, parsed once per connection', async () => {
      const byName = fixedQuery(
        (d, key: string) => d.selectFrom('categories').select('name').where('name_key', '=', key).where('id', '>', 0),
        1,
      );
      await database.db.transaction().execute(async (trx) => {
        expect(await byName(trx, 'fixed a')).toEqual([{ name: 'Fixed A' }]);
        expect(await byName(trx, 'fixed b')).toEqual([{ name: 'Fixed B' }]);
        const { rows } = await sql<{
          name: string;
        }>`select name from pg_prepared_statements where statement = ${'select "name" from "categories" where "name_key" = $1 and "id" > $2'}`.execute(
          trx,
        );
        expect(rows).toHaveLength(1);
        expect(rows[0]!.name).toMatch(/^mtumba_fixed_\d+$/);
      });
    });

  if (TEST_DB === 'postgres')
    it('leaves a query that selects * unprepared: a column added while the server runs must not break it', async () => {
      const all = fixedQuery((d, key: string) => d.selectFrom('categories').selectAll().where('name_key', '=', key), 1);
      await database.db.transaction().execute(async (trx) => {
        expect(await all(trx, 'fixed c')).toEqual([expect.objectContaining({ name: 'Fixed C' })]);
        const { rows } = await sql<{
          name: string;
        }>`select name from pg_prepared_statements where statement = ${'select * from "categories" where "name_key" = $1'}`.execute(
          trx,
        );
        expect(rows).toEqual([]);
      });
    });

  it('refuses a query that does not take an argument as a parameter of its own', async () => {
    const ignoring = fixedQuery((d, _unused: string) => d.selectFrom('categories').select('id'), 1);
    await expect(ignoring(database.db, 'x')).rejects.toThrow(/every argument/);
  });
});
