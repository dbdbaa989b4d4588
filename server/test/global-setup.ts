import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTemplateDatabase } from './template-database.js';

/**
 * Vitest's global setup: migrates one template database for the whole run (a SQLite file, or a
 * PostgreSQL database), which `createTestDatabase` then copies instead of migrating each time.
 * The workers find it through the environment variables it sets.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mtumba-template-'));
  const template = await createTemplateDatabase(dir);
  Object.assign(process.env, template.env);
  return async () => {
    await template.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
