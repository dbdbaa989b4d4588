import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { linguiCatalogs } from './scripts/lingui-catalogs.mjs';

export default defineConfig({
  plugins: [linguiCatalogs(), react()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // A safety net for a hung test, not a speed check: a busy two-core CI machine needs more than 5 s for
    // the heaviest form tests.
    testTimeout: 20_000,
  },
});
