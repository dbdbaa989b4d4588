import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
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

/** Where `createTestDatabase` finds this run's migrated PostgreSQL schema as SQL (set by test/global-setup.ts). */
export const POSTGRES_TEMPLATE_ENV = 'MTUMBA_TEST_POSTGRES_TEMPLATE';
/** The schema name the PostgreSQL template's SQL uses, replaced by each test's own. */
export const POSTGRES_TEMPLATE_SCHEMA_ENV = 'MTUMBA_TEST_POSTGRES_TEMPLATE_SCHEMA';

/**
 * A migrated database for a whole test run, made once (by test/global-setup.ts) under `dir`; `env`
 * tells `createTestDatabase`, in the workers, where to find it. Migrating costs far more than
 * copying. SQLite: a migrated file, copied. PostgreSQL: a schema per test stays in the one database,
 * whose caches are warm (a new database per test, cloned from a template, made each new connection
 * slower than migrating); the template is one schema migrated once and dumped as SQL (pg_dump), which
 * each test replays under its own schema's name in one round trip.
 */
export async function createTemplateDatabase(
  dir: string,
): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (TEST_DB === 'postgres') return createPostgresTemplate(dir);
  const file = path.join(dir, 'template.db');
  const db = createDatabase({ kind: 'sqlite', file });
  await migrateToLatest(db);
  // closing the last connection writes the write-ahead log into the file: the file alone is the database
  await db.destroy();
  return { env: { [SQLITE_TEMPLATE_ENV]: file }, drop: async () => fs.rmSync(file, { force: true }) };
}

async function createPostgresTemplate(dir: string): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const schema = `tmpl_${randomBytes(8).toString('hex')}`;
  await onTestServer(`create schema ${schema}`);
  try {
    const db = createDatabase({ kind: 'postgres', url: TEST_DATABASE_URL, schema });
    try {
      await withSchemaLock('shared', () => migrateToLatest(db));
    } finally {
      await db.destroy();
    }
    // Rows as INSERTs (the migrations' own rows, Kysely's record of them): one text any client can run.
    const dump = execFileSync(
      'pg_dump',
      ['--dbname', TEST_DATABASE_URL, '--schema', schema, '--inserts', '--no-owner', '--no-privileges'],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    const file = path.join(dir, 'template.sql');
    // psql's own commands (pg_dump writes \restrict lines for psql) are not SQL: left out.
    fs.writeFileSync(file, dump.replace(/^\\.*$/gm, ''));
    const run = randomBytes(4).toString('hex');
    return {
      env: { [POSTGRES_TEMPLATE_ENV]: file, [POSTGRES_TEMPLATE_SCHEMA_ENV]: schema, [POSTGRES_RUN_ENV]: run },
      drop: async () => {
        fs.rmSync(file, { force: true });
        await dropRunSchemas(run);
      },
    };
  } finally {
    await withSchemaLock('alone', () => onTestServer(`drop schema if exists ${schema} cascade`));
  }
}

/**
 * The run's id, which its tests' schema names carry (`t_<run>_…`): a test's schema is dropped at
 * the end of the run with the others, instead of while the next test waits for the schema lock.
 */
export const POSTGRES_RUN_ENV = 'MTUMBA_TEST_POSTGRES_RUN';

/** Drops the schemas of the run `run`, a few per statement (each table holds a lock until commit). */
async function dropRunSchemas(run: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select nspname as name from pg_namespace where starts_with(nspname, $1)`,
      [`t_${run}_`],
    );
    const names = rows.map((r) => r.name);
    await withSchemaLock('alone', async () => {
      for (let i = 0; i < names.length; i += 4) {
        await client.query(`drop schema if exists ${names.slice(i, i + 4).join(', ')} cascade`);
      }
    });
  } finally {
    await client.end();
  }
}

let templateSql: { file: string; schema: string; sql: string } | null = null;

/**
 * Makes `schema` a copy of this run's migrated template (the SQL test/global-setup.ts dumped), or
 * returns false when this run has none (a test file run on its own without the global setup).
 */
export async function copyPostgresTemplate(schema: string): Promise<boolean> {
  const file = process.env[POSTGRES_TEMPLATE_ENV];
  const template = process.env[POSTGRES_TEMPLATE_SCHEMA_ENV];
  if (!file || !template || !fs.existsSync(file)) return false;
  if (templateSql?.file !== file) templateSql = { file, schema: template, sql: fs.readFileSync(file, 'utf8') };
  // The template's name is random and long: it occurs nowhere else in the text.
  await onTestServer(templateSql.sql.replaceAll(templateSql.schema, schema));
  return true;
}
