import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { createDatabase, now, type Db } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { tokenRepository } from '../src/modules/accounts/token-repository.js';
import { hashPassword } from '../src/lib/passwords.js';
import {
  createTemplateDatabase,
  onTestServer,
  SQLITE_TEMPLATE_ENV,
  TEST_DATABASE_URL,
  TEST_DB,
  withSchemaLock,
  copyPostgresTemplate,
  POSTGRES_RUN_ENV,
} from './template-database.js';

export { createTemplateDatabase, TEST_DATABASE_URL, TEST_DB };

export interface TestDatabase {
  db: Db;
  kind: 'sqlite' | 'postgres';
  /** for PostgreSQL: the schema this test owns; a server process can use it via DATABASE_URL */
  schema?: string;
  /** a DATABASE_URL another process can use to reach this same database, when PostgreSQL */
  url?: string;
  dataDir: string;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database of its own: a temporary SQLite file, or a new PostgreSQL schema.
 * On SQLite, migrated means a copy of the run's template file (see createTemplateDatabase) when
 * there is one; the migrations then run too, and find nothing left to do.
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mtumba-test-'));
  const migrate = options.migrate !== false;
  let db: Db;
  let schema: string | undefined;
  let url: string | undefined;
  let copied = false;
  if (TEST_DB === 'postgres') {
    const run = process.env[POSTGRES_RUN_ENV];
    schema = `t_${run ? `${run}_` : ''}${randomBytes(6).toString('hex')}`;
    // A copy of the run's migrated template, when there is one (it creates the schema too).
    copied = migrate && (await copyPostgresTemplate(schema));
    if (!copied) await onTestServer(`create schema ${schema}`);
    db = createDatabase({ kind: 'postgres', url: TEST_DATABASE_URL, schema, poolSize: 20 });
    const u = new URL(TEST_DATABASE_URL);
    u.searchParams.set('options', `-c search_path=${schema}`);
    url = u.toString();
  } else {
    const file = path.join(dataDir, 'test.db');
    const template = process.env[SQLITE_TEMPLATE_ENV];
    if (migrate && template && fs.existsSync(template)) fs.copyFileSync(template, file);
    db = createDatabase({ kind: 'sqlite', file });
  }
  if (migrate) {
    if (schema) {
      if (!copied) await withSchemaLock('shared', () => migrateToLatest(db));
    } else await migrateToLatest(db);
  }
  return {
    db,
    kind: TEST_DB,
    schema,
    url,
    dataDir,
    async drop() {
      await db.destroy();
      // A run's schemas are dropped together when it ends (test/template-database.ts).
      if (schema && !process.env[POSTGRES_RUN_ENV]) {
        await withSchemaLock('alone', () => onTestServer(`drop schema if exists ${schema} cascade`));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_COST: 'low',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    APP_URL: 'http://shop.test',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    RATE_LIMIT_PER_MINUTE: '100000',
    // many tests prompt and text one phone number; the tests of these limits set their own
    MPESA_PROMPTS_PER_PHONE: '1000',
    MPESA_PROMPTS_PER_ACCOUNT: '1000',
    SMS_CODES_PER_PHONE: '1000',
    SMS_CODES_PER_ACCOUNT: '1000',
    ...env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * The whole app on a fresh database, for `app.inject`. Background jobs are off unless asked for.
 * `appDb` gives the app another handle on the database (one with a Kysely plugin, say); `db` stays plain.
 */
export async function buildTestApp(
  options: { env?: Record<string, string>; jobs?: boolean; appDb?: (db: Db) => Db } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(database.dataDir, options.env);
  const appDb = options.appDb ? options.appDb(database.db) : database.db;
  const app = await buildApp({ config, db: appDb, logger: false, jobs: options.jobs ?? false });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    database,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

let userCounter = 0;

/** Creates an account directly in the database and signs it in. */
export async function createUser(
  db: Db,
  options: { name?: string; email?: string; password?: string; admin?: boolean; verified?: boolean } = {},
): Promise<{ id: number; email: string; name: string; token: string; password: string }> {
  userCounter += 1;
  const email = options.email ?? `user${userCounter}-${randomBytes(3).toString('hex')}@example.com`;
  const name = options.name ?? `Test User ${userCounter}`;
  const password = options.password ?? 'correct horse battery';
  const at = now();
  const row = await db
    .insertInto('users')
    .values({
      name,
      email,
      password_hash: await hashPassword(password, 'low'),
      is_admin: options.admin ? 1 : 0,
      email_verified_at: options.verified === false ? null : at,
      google_sub: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token } = await tokenRepository(db).issue(row.id);
  return { id: row.id, email, name, token, password };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
