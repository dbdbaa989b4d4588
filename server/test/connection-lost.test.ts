import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers.js';
import { waitUntil } from './realtime-helpers.js';
import { startServerProcess, type ServerProcess } from './server-process.js';
import { onTestServer } from './template-database.js';

/*
 * PostgreSQL restarts, fails over or ends an idle connection: the shop, as its own process, must
 * stay up and open new connections (PostgreSQL suite only: SQLite has no server to lose).
 */
describe('a lost PostgreSQL connection', () => {
  const application = `mtumba-lost-${randomBytes(4).toString('hex')}`;
  let database: TestDatabase;
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mtumba-lost-'));
    // Its own application name, so that only this server's connections are ended below.
    const url = new URL(database.url!);
    url.searchParams.set('application_name', application);
    server = await startServerProcess(
      {
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(dataDir, 'no-web'),
        DATABASE_URL: url.toString(),
        SEED_DEMO: '0',
        ADMIN_EMAIL: 'owner@example.com',
        ADMIN_PASSWORD: 'owner-password-123',
        PASSWORD_HASH_COST: 'low',
        LOG_LEVEL: 'warn',
      },
      { name: 'server' },
    );
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the shop answering: the server logs it and opens new connections', async () => {
    const products = () => fetch(`${server.url}/api/products?page=1&per_page=5`);
    expect((await products()).status).toBe(200);

    // What a PostgreSQL restart does to the shop's idle connections.
    await onTestServer(
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = '${application}'`,
    );
    await waitUntil('the server reports the lost connection', () => {
      if (server.child.exitCode !== null) {
        throw new Error(`the server exited (code ${server.child.exitCode}):\n${server.output()}`);
      }
      return server.output().includes('a database connection was lost');
    });

    expect(server.child.exitCode).toBeNull();
    expect((await products()).status).toBe(200);
    expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
  });
});
