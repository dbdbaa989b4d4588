import { CompiledQuery, type Compilable } from 'kysely';
import { dialectOf, prepareOnPostgres, type DialectKind, type Executor } from './database.js';

interface Compiled {
  sql: string;
  /** for each parameter of the SQL: the index of the call's argument, or a value of the query itself */
  slots: ({ arg: number } | { value: unknown })[];
}

/** `select *`, `"t".*`, `returning *` (not `count(*)`) */
const SELECTS_STAR = /(^|[\s,])("[^"]+"\.)?\*([\s,]|$)/;

/** Stands in for the call's i-th argument while the query is compiled. */
const placeholder = (i: number) => `\u0000fixed-query-argument-${i}\u0000`;

/**
 * A query whose shape never changes, compiled once per dialect: each call only binds its
 * arguments to the SQL kept (and PostgreSQL runs it as a named prepared statement, parsed and
 * planned once per connection). Building and compiling a Kysely query costs tens of microseconds,
 * on every call, which the hottest reads (the bearer token's check on every signed-in request,
 * the cart) need not pay.
 *
 * `build` gets a stand-in for each argument and must use each one as a plain value (a
 * comparison's right side, an inserted value), never inside a list or an expression of its own.
 */
export function fixedQuery<A extends unknown[], R>(
  build: (db: Executor, ...args: { [K in keyof A]: A[K] }) => Compilable<R>,
  arity: A['length'],
): (db: Executor, ...args: A) => Promise<R[]> {
  const compiled = new Map<DialectKind, Compiled>();
  const compile = (db: Executor): Compiled => {
    const kind = dialectOf(db);
    let entry = compiled.get(kind);
    if (entry) return entry;
    const stand = Array.from({ length: arity }, (_, i) => placeholder(i)) as unknown as A;
    const query = build(db, ...stand).compile();
    const used = new Set<number>();
    const slots = query.parameters.map((value) => {
      for (let i = 0; i < arity; i++) {
        if (value === placeholder(i)) {
          used.add(i);
          return { arg: i };
        }
      }
      return { value };
    });
    if (used.size !== arity) throw new Error('fixedQuery: every argument must be a parameter of the query');
    // On PostgreSQL each connection parses and plans it once (a named prepared statement),
    // unless it selects `*`: a prepared statement's columns are fixed when it is parsed, so a
    // column added by a migration while the server runs would make it fail.
    if (kind === 'postgres' && !SELECTS_STAR.test(query.sql)) prepareOnPostgres(query.sql);
    entry = { sql: query.sql, slots };
    compiled.set(kind, entry);
    return entry;
  };
  return async (db, ...args) => {
    const { sql, slots } = compile(db);
    const parameters = slots.map((s) => ('arg' in s ? args[s.arg] : s.value));
    return (await db.executeQuery<R>(CompiledQuery.raw(sql, parameters))).rows;
  };
}
