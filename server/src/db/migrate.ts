import { Migrator, sql, type MigrationResultSet } from 'kysely';
import { dialectOf, type Db } from './database.js';
import { migrations } from './migrations/index.js';

async function migrator(db: Db): Promise<Migrator> {
  // On PostgreSQL, Kysely looks for its bookkeeping tables across every schema unless told which
  // one; name the connection's own schema so databases shared by several schemas stay apart.
  let migrationTableSchema: string | undefined;
  if (dialectOf(db) === 'postgres') {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    migrationTableSchema = rows[0]?.schema;
  }
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema,
    // Migrations are numbered per area and may land in any order; each is independent.
    allowUnorderedMigrations: true,
  });
}

/** Applies every pending migration; running it again changes nothing. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const result: MigrationResultSet = await (await migrator(db)).migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(result.error)}`, {
      cause: result.error,
    });
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** True when every known migration has been applied. */
export async function migrationsUpToDate(db: Db): Promise<boolean> {
  const applied = await (await migrator(db)).getMigrations();
  return applied.every((m) => m.executedAt !== undefined);
}
