import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { linguiCatalogs } from '../web/scripts/lingui-catalogs.mjs';

// Several instances need a shared database, and a lost connection needs a database server: those
// suites run only against PostgreSQL
// (`npm run test:server:postgres`, part of .ci/run).
const postgresOnly = ['test/multi-instance.test.ts', 'test/shared-limits.test.ts', 'test/connection-lost.test.ts'];
// Backups of the embedded SQLite database (PostgreSQL shops use pg_dump): SQLite runs only.
const sqliteOnly = ['test/backup-restore.test.ts', 'src/backup/schedule.test.ts'];

export default defineConfig({
  // The storefront tests render with the web app's server entry from its sources (its '@/' paths).
  // (its message catalogs compiled as the web build compiles them).
  resolve: { alias: { '@': path.resolve(import.meta.dirname, '../web/src') } },
  plugins: [linguiCatalogs()],
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(process.env.TEST_DB === 'postgres' ? sqliteOnly : postgresOnly)],
    environment: 'node',
    // one migrated template database per run, copied by createTestDatabase
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    // Test files share their worker's module cache instead of each loading the whole app again (that
    // import was about half of the suite's time). A test file must not rely on fresh module state: each
    // builds its own app on its own database (the process-wide metrics registry counts across files).
    isolate: false,
    // Vitest's default leaves one core to itself (one worker on two cores); it mostly waits.
    maxWorkers: os.availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
