import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB, type TestDatabase } from '../../test/helpers.js';
import { tokenRepository } from '../modules/accounts/token-repository.js';
import { dialectOf, isUniqueViolation, now } from './database.js';
import { migrateToLatest, migrationsUpToDate } from './migrate.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
});
afterAll(async () => {
  await database.drop();
});

describe(`database layer on ${TEST_DB}`, () => {
  it('talks to the configured database', () => {
    expect(dialectOf(database.db)).toBe(TEST_DB);
  });

  it('applies migrations once; a second run changes nothing', async () => {
    expect(await migrationsUpToDate(database.db)).toBe(false);
    const first = await migrateToLatest(database.db);
    expect(first).toContain('0001_initial');
    expect(await migrateToLatest(database.db)).toEqual([]);
    expect(await migrationsUpToDate(database.db)).toBe(true);
  });

  it('stores and reads users, timestamps and flags the same way on both databases', async () => {
    const at = now();
    const user = await database.db
      .insertInto('users')
      .values({
        name: 'Amina',
        email: 'amina@example.com',
        password_hash: null,
        is_admin: 1,
        email_verified_at: at,
        google_sub: null,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ name: 'Amina', is_admin: 1, email_verified_at: at, created_at: at });

    const duplicate = database.db
      .insertInto('users')
      .values({
        name: 'Other',
        email: 'amina@example.com',
        password_hash: null,
        is_admin: 0,
        email_verified_at: null,
        google_sub: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await expect(duplicate).rejects.toSatisfy(isUniqueViolation);

    const count = await database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(1);
  });

  it('issues, finds and revokes bearer tokens, storing only their hash', async () => {
    const user = await database.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const tokens = tokenRepository(database.db);
    const { token } = await tokens.issue(user.id);
    const stored = await database.db.selectFrom('auth_tokens').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);

    const found = await tokens.authenticate(token);
    expect(found?.user).toEqual({
      id: user.id,
      name: 'Amina',
      email: 'amina@example.com',
      is_admin: true,
      email_verified: true,
      pending_email: null,
      language: 'en',
    });
    expect(await tokens.authenticate(`${token}x`)).toBeUndefined();

    await tokens.revoke(found!.tokenId);
    expect(await tokens.authenticate(token)).toBeUndefined();
  });

  it('refuses negative stock at the database level', async () => {
    const at = now();
    const insert = database.db
      .insertInto('products')
      .values({
        name: 'Denim jacket',
        description: '',
        price_cents: 150000,
        stock_quantity: -1,
        size: null,
        brand: null,
        condition: null,
        color: null,
        search_text: 'denim jacket',
        created_at: at,
        updated_at: at,
        deleted_at: null,
      })
      .execute();
    await expect(insert).rejects.toThrow();
    const rows = await sql<{ n: number }>`select count(*) as n from products`.execute(database.db);
    expect(Number(rows.rows[0].n)).toBe(0);
  });

  // SQLite's own locking (PostgreSQL locks rows, see the orders' concurrency tests)
  if (TEST_DB === 'sqlite')
    it('starts SQLite transactions as writers: another connection cannot start writing meanwhile', async () => {
      const file = path.join(database.dataDir, 'test.db');
      const other = new SQLite(file);
      other.pragma('busy_timeout = 0');
      try {
        await database.db.transaction().execute(async (trx) => {
          // nothing written yet: the transaction holds the write lock from its BEGIN
          await sql`select 1`.execute(trx);
          expect(() => other.exec('begin immediate')).toThrow(/locked|busy/i);
        });
        // committed: the other connection writes now
        other.exec('begin immediate');
        other.exec('rollback');
      } finally {
        other.close();
      }
    });
});
