import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/** `npm run screens`: screenshots of the main screens at phone and laptop widths into docs/screens/. */
export default defineConfig({
  ...base,
  testDir: './screens',
  workers: 1,
  use: { ...base.use, reducedMotion: 'reduce' },
});
