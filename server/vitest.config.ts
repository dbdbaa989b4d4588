import { defineConfig } from 'vitest/config';

// Several instances need a shared database: that suite runs only against PostgreSQL
// (`npm run test:server:postgres`, part of .ci/run).
const postgresOnly = ['test/multi-instance.test.ts'];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(process.env.TEST_DB === 'postgres' ? [] : postgresOnly)],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
