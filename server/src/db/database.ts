import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  type KyselyConfig,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import type { DB } from './schema.js';

export type Db = Kysely<DB>;
export type Trx = Transaction<DB>;
/** Either the database or a transaction: repositories accept both. */
export type Executor = Kysely<DB> | Transaction<DB>;
export type DialectKind = 'sqlite' | 'postgres';

export type DatabaseOptions =
  { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string; poolSize?: number };

// PostgreSQL returns bigint counts and numerics as strings, and timestamptz as Date objects;
// read them as numbers and ISO strings so both databases give the same JavaScript values.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));
pg.types.setTypeParser(1184, (v) => new Date(v).toISOString());
pg.types.setTypeParser(1114, (v) => new Date(`${v}Z`).toISOString());

const kinds = new WeakMap<object, DialectKind>();

/** How many distinct SQL texts keep their prepared statement. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query's SQL afresh; the same texts come back all the time (a product
 * page, a cart), so keep their prepared statements. A statement is used by one query at a time:
 * the driver runs queries one after another on its single connection.
 */
function reusingStatements(sqlite: SQLite.Database): SQLite.Database {
  const prepare = sqlite.prepare.bind(sqlite);
  const statements = new Map<string, SQLite.Statement>();
  sqlite.prepare = ((source: string) => {
    let statement = statements.get(source);
    if (statement === undefined || statement.busy) {
      statement = prepare(source);
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      statements.set(source, statement);
    }
    return statement;
  }) as typeof sqlite.prepare;
  return sqlite;
}

/**
 * SQLite transactions start as writers (`BEGIN IMMEDIATE`): a transaction that reads and then
 * writes never finds, at its first write, that another connection (a second process on the same
 * file: the admin CLI, a backup) began writing meanwhile, which SQLite refuses at once with
 * SQLITE_BUSY whatever the busy timeout. Taking the write lock at the start waits its turn (the
 * busy timeout) instead. This process runs one connection, so its own transactions queue anyway.
 */
class WriterFirstSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class WriterFirstSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new WriterFirstSqliteDriver(this.settings);
  }
}

/** SQL texts run as named prepared statements on PostgreSQL, and their names (db/fixed-query.ts). */
const preparedNames = new Map<string, string>();

/**
 * Makes a query text a named prepared statement on PostgreSQL: each connection parses and plans
 * it once instead of on every run. Only for texts that never change (db/fixed-query.ts compiles
 * them once): the statement is kept by each connection of the pool for its life.
 */
export function prepareOnPostgres(sqlText: string): void {
  if (!preparedNames.has(sqlText)) preparedNames.set(sqlText, `mtumba_fixed_${preparedNames.size + 1}`);
}

/** Runs the registered texts (`prepareOnPostgres`) of a pool's connection as named statements. */
function namingStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (config: unknown, values?: unknown, callback?: unknown) => unknown;
  client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
    const name = typeof config === 'string' ? preparedNames.get(config) : undefined;
    if (name === undefined || typeof values === 'function') return query(config, values, callback);
    return query({ name, text: config, values }, undefined, callback);
  }) as typeof client.query;
}

export function createDatabase(options: DatabaseOptions): Db {
  let db: Db;
  if (options.kind === 'sqlite') {
    if (options.file !== ':memory:') fs.mkdirSync(path.dirname(options.file), { recursive: true });
    const sqlite = new SQLite(options.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    db = new Kysely<DB>({
      dialect: new WriterFirstSqliteDialect({ database: reusingStatements(sqlite) }),
      log: queryLog(),
    });
  } else {
    const url = new URL(options.url);
    if (options.schema) url.searchParams.set('options', `-c search_path=${options.schema}`);
    const pool = new pg.Pool({ connectionString: url.toString(), max: options.poolSize ?? 10 });
    pool.on('error', (err) => connectionLost(db, err));
    pool.on('connect', namingStatements);
    timingPoolWaits(pool);
    db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: queryLog() });
    keepQuickReadsApart(db, url.toString());
  }
  kinds.set(db, options.kind);
  return db;
}

const lostListeners = new WeakMap<object, (err: Error) => void>();

/**
 * Tells `listener` when one of the database's idle PostgreSQL connections is lost: the server
 * restarted or ended it, or the network dropped it. The pool drops that connection and the next
 * query opens a new one. A pool with no listener for this would end the whole process on it.
 */
export function onConnectionLost(db: Db, listener: (err: Error) => void): void {
  lostListeners.set(db, listener);
}

function connectionLost(db: Db, err: Error): void {
  lostListeners.get(db)?.(err);
}

/** The handles that single statements which must not queue (see `quickReads`) go through. */
const quickHandles = new WeakMap<Db, () => Db>();

/** How many connections the quick reads' own pool opens at most. */
const QUICK_POOL_SIZE = 5;

/**
 * Gives a PostgreSQL handle a second, small pool for `quickReads`, opened on first use and closed
 * with the handle.
 */
function keepQuickReadsApart(db: Db, connectionString: string): void {
  let quick: Db | undefined;
  quickHandles.set(db, () => {
    if (!quick) {
      const pool = new pg.Pool({ connectionString, max: QUICK_POOL_SIZE });
      pool.on('error', (err) => connectionLost(db, err));
      pool.on('connect', namingStatements);
      timingPoolWaits(pool, '(waiting for a quick-read connection)');
      quick = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: queryLog() });
      kinds.set(quick, 'postgres');
    }
    return quick;
  });
  const destroy = db.destroy.bind(db);
  db.destroy = async () => {
    await quick?.destroy();
    await destroy();
  };
}

/**
 * The handle for one-statement reads that every request of a kind makes before its own work, such
 * as the catalogue's versions: on PostgreSQL they have their own few connections, so that a page
 * kept in memory is not sent only once a connection comes free from the checkouts and payments
 * holding the main pool in their transactions. SQLite has one connection and no queue: the same
 * handle. Such a read is never part of a transaction.
 */
export function quickReads(db: Db): Db {
  return quickHandles.get(db)?.() ?? db;
}

/**
 * With MTUMBA_QUERY_PROFILE set to a file name (`npm run bench:api -- --query-profile`), every
 * query's time is added up by its SQL text and the totals are written there when the process
 * exits: where a request's database time goes, which a CPU profile cannot say (the driver's call
 * has lost its caller by the time it runs).
 */
function queryLog(): KyselyConfig['log'] {
  const profile = queryProfile();
  return profile && ((event) => profile(event.query.sql, event.queryDurationMillis));
}

let profileTotals: ((key: string, ms: number) => void) | undefined;

/** Adds a time to MTUMBA_QUERY_PROFILE's totals under `key`; undefined when it is not set. */
function queryProfile(): ((key: string, ms: number) => void) | undefined {
  const file = process.env.MTUMBA_QUERY_PROFILE;
  if (!file) return undefined;
  if (profileTotals) return profileTotals;
  const totals = new Map<string, { count: number; ms: number; maxMs: number }>();
  process.once('exit', () => {
    const rows = [...totals].map(([sql, t]) => ({ sql, ...t })).sort((a, b) => b.ms - a.ms);
    fs.writeFileSync(file, JSON.stringify(rows, null, 2));
  });
  profileTotals = (key, ms) => {
    const t = totals.get(key) ?? totals.set(key, { count: 0, ms: 0, maxMs: 0 }).get(key)!;
    t.count += 1;
    t.ms += ms;
    t.maxMs = Math.max(t.maxMs, ms);
  };
  return profileTotals;
}

/**
 * With the query profile on, also the time each query or transaction waited for one of the pool's
 * connections (a query's own time starts once it has one): what a full pool costs. And how long
 * each use kept its connection, by its first statement after `begin` (a transaction holds one
 * from its `begin` to its end, its JavaScript between statements included).
 */
function timingPoolWaits(pool: pg.Pool, label = '(waiting for a pool connection)'): void {
  const profile = queryProfile();
  if (!profile) return;
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  pool.connect = (async () => {
    const started = performance.now();
    const client = await connect();
    const acquired = performance.now();
    profile(label, acquired - started);
    let first: string | undefined;
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
      if (first === undefined && text && text !== 'begin') first = text;
      return query(...args);
    }) as typeof client.query;
    const release = client.release.bind(client);
    client.release = ((err?: Error | boolean) => {
      client.query = query as typeof client.query;
      client.release = release;
      profile(`(connection held) ${first ?? ''}`, performance.now() - acquired);
      return release(err);
    }) as typeof client.release;
    return client;
  }) as typeof pool.connect;
}

/** Which database a handle (or a transaction of it) talks to. */
export function dialectOf(db: Executor): DialectKind {
  const kind = kinds.get(db);
  if (kind) return kind;
  const name = db.getExecutor().adapter.constructor.name;
  return name.startsWith('Postgres') ? 'postgres' : 'sqlite';
}

export function now(): string {
  return new Date().toISOString();
}

export function isUniqueViolation(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: string };
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
