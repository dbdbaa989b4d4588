import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';

// Only the database layer: Vitest's global setup loads this file in its main process.

export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Where `createTestDatabase` finds the migrated SQLite file of this run to copy (set by test/global-setup.ts). */
export const SQLITE_TEMPLATE_ENV = 'MTUMBA_TEST_SQLITE_TEMPLATE';

/**
 * Kysely's migrator looks for its tables across every schema of the database, and fails ("schema
 * t_… does not exist") when a schema is dropped while it looks. Test runs share the database, so
 * migrating holds this advisory lock shared and dropping a schema holds it alone.
 */
const SCHEMA_LOCK = 31_031;

/** Runs `work` while holding the schema lock (shared, or alone), on a connection of its own. */
export async function withSchemaLock<T>(mode: 'shared' | 'alone', work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  const suffix = mode === 'shared' ? '_shared' : '';
  try {
    await client.query(`select pg_advisory_lock${suffix}(${SCHEMA_LOCK})`);
    try {
      return await work();
    } finally {
      await client.query(`select pg_advisory_unlock${suffix}(${SCHEMA_LOCK})`);
    }
  } finally {
    await client.end();
  }
}

/** Runs one statement on the PostgreSQL test server, on a connection of its own. */
export async function onTestServer(query: string): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}

/**
 * A migrated SQLite database for a whole test run, made once (by test/global-setup.ts) under `dir`;
 * `env` tells `createTestDatabase`, in the workers, to copy it. Migrating costs far more than copying.
 * PostgreSQL has none: a schema per test stays in the one database, whose caches are warm (a new
 * database per test, cloned from a template, made each new connection slower than migrating).
 */
export async function createTemplateDatabase(
  dir: string,
): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (TEST_DB === 'postgres') return { env: {}, drop: async () => {} };
  const file = path.join(dir, 'template.db');
  const db = createDatabase({ kind: 'sqlite', file });
  await migrateToLatest(db);
  // closing the last connection writes the write-ahead log into the file: the file alone is the database
  await db.destroy();
  return { env: { [SQLITE_TEMPLATE_ENV]: file }, drop: async () => fs.rmSync(file, { force: true }) };
}
