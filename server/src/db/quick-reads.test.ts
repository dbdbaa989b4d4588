import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB, type TestDatabase } from '../../test/helpers.js';
import { createDatabase, quickReads } from './database.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

describe(`quickReads, on ${TEST_DB}`, () => {
  it('answers while every connection of the main pool is held, and closes with its handle (SQLite: the one handle)', async () => {
    if (TEST_DB !== 'postgres') {
      // one connection, no pool to wait for: the reads go through the handle itself
      expect(quickReads(database.db)).toBe(database.db);
      return;
    }
    const db = createDatabase({ kind: 'postgres', url: database.url!, poolSize: 1 });
    let release!: () => void;
    let begun!: () => void;
    const started = new Promise<void>((resolve) => (begun = resolve));
    // a checkout's transaction holding the main pool's only connection
    const held = db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      begun();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await started;
    const quick = quickReads(db);
    expect(quick).not.toBe(db);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from catalogue_state`.execute(quick);
    expect(rows[0]!.n).toBeGreaterThan(0);
    release();
    await held;
    await db.destroy();
    await expect(sql`select 1`.execute(quick)).rejects.toThrow();
  });
});
