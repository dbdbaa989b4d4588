import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/helpers.js';
import { buildApp } from '../app.js';
import { isArchiveName } from './backup.js';

const databases: TestDatabase[] = [];
afterEach(async () => {
  for (const d of databases.splice(0)) await d.drop();
});

async function startShop(database: TestDatabase, backupDir: string) {
  const config = testConfig(database.dataDir, { BACKUP_INTERVAL_HOURS: '24', BACKUP_KEEP: '2', BACKUP_DIR: backupDir });
  // the test database lives in its own file; back that one up
  const app = await buildApp({
    config: { ...config, database: { kind: 'sqlite', file: path.join(database.dataDir, 'test.db') } },
    db: database.db,
    logger: false,
    jobs: true,
  });
  await app.ready();
  return app;
}

const archives = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter(isArchiveName) : []);

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 300 && !check(); i += 1) await new Promise((r) => setTimeout(r, 50));
}

describe('scheduled backups (BACKUP_INTERVAL_HOURS)', () => {
  it('backs up at start when the newest backup is older than the interval, and not again on a quick restart', async () => {
    const database = await createTestDatabase();
    databases.push(database);
    const backupDir = path.join(database.dataDir, 'backups');

    const first = await startShop(database, backupDir);
    await until(() => archives(backupDir).length === 1);
    await first.close();
    expect(archives(backupDir)).toHaveLength(1);
    expect(fs.existsSync(path.join(backupDir, `${archives(backupDir)[0]}.sha256`))).toBe(true);

    const second = await startShop(database, backupDir);
    await second.close();
    expect(archives(backupDir)).toHaveLength(1);
  });
});
