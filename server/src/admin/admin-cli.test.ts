import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig, TEST_DB, type TestDatabase } from '../../test/helpers.js';
import { buildApp } from '../app.js';
import { repoRoot } from '../config.js';
import { createDatabase, type Db } from '../db/database.js';
import { returningNotice, signInNotice } from '../db/seed/accounts.js';

/** `npm run admin -- …` as the shop owner runs it on the server: exit code and what it prints. */
function admin(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'server/src/admin/cli.ts'), ...args],
      {
        cwd: repoRoot,
        env: { ...process.env, NODE_ENV: 'development', PASSWORD_HASH_COST: 'low', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (c) => (output += String(c)));
    child.stderr.on('data', (c) => (output += String(c)));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('the admin command line', () => {
  let database: TestDatabase | undefined;
  let dataDir: string;
  let env: Record<string, string>;
  let app: FastifyInstance;
  let db: Db;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mtumba-admin-'));
    env = { DATA_DIR: dataDir, APP_URL: 'http://shop.test' };
    if (TEST_DB === 'postgres') {
      database = await createTestDatabase();
      env.DATABASE_URL = database.url!;
    }
    // the command creates the tables itself on a new shop
    const created = await admin(['list-admins'], env);
    expect(created.output).toContain('There is no admin account');
    const config = testConfig(dataDir, env);
    db = database?.db ?? createDatabase(config.database);
    app = await buildApp({ config, db, logger: false, jobs: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    if (database) await database.drop();
    else await db?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const login = (email: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });

  it('creates an admin with a password shown once, lists it, and gets the owner back in with a one-time link', async () => {
    const created = await admin(['create-admin', 'Owner@Example.com', '--name', 'Achieng Otieno'], env);
    expect(created.code, created.output).toBe(0);
    const password = /Password: (\S+)/.exec(created.output)?.[1];
    expect(password).toBeDefined();
    const signedIn = await login('owner@example.com', password!);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ email: 'owner@example.com', is_admin: true });

    const list = await admin(['list-admins'], env);
    expect(list.output).toMatch(/owner@example\.com\s+Achieng Otieno/);

    const reset = await admin(['reset-password', 'owner@example.com'], env);
    expect(reset.code, reset.output).toBe(0);
    const link = new URL(/(http:\/\/shop\.test\/reset-password\S+)/.exec(reset.output)![1]);
    const chosen = await app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: {
        token: link.searchParams.get('token'),
        email: link.searchParams.get('email'),
        password: 'a-new-admin-password',
        password_confirmation: 'a-new-admin-password',
      },
    });
    expect(chosen.statusCode).toBe(200);
    expect((await login('owner@example.com', 'a-new-admin-password')).statusCode).toBe(200);
    expect((await login('owner@example.com', password!)).statusCode).toBe(401);
  }, 120_000);

  it('sets a given password and signs the account out everywhere', async () => {
    const before = (await login('owner@example.com', 'a-new-admin-password')).json().token as string;
    const res = await admin(['reset-password', 'owner@example.com', '--password', 'typed-by-the-owner'], env);
    expect(res.code, res.output).toBe(0);
    expect(res.output).toContain('signed out everywhere');
    const me = await app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${before}` } });
    expect(me.statusCode).toBe(401);
    expect((await login('owner@example.com', 'typed-by-the-owner')).statusCode).toBe(200);
  }, 60_000);

  it('explains what is wrong instead of failing obscurely', async () => {
    const unknown = await admin(['reset-password', 'nobody@example.com'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('There is no account with the e-mail nobody@example.com');
    const short = await admin(['create-admin', 'second@example.com', '--password', 'short'], env);
    expect(short.code).toBe(1);
    expect(short.output).toContain('at least 8 characters');
    const typo = await admin(['make-admin'], env);
    expect(typo.code).toBe(2);
    expect(typo.output).toContain('Unknown command: make-admin');
  }, 120_000);

  it('says where the data lives', async () => {
    const res = await admin(['where'], env);
    expect(res.code).toBe(0);
    expect(res.output).toContain(dataDir);
    expect(res.output).toContain(path.join(dataDir, 'uploads'));
    if (TEST_DB === 'postgres') expect(res.output).toContain('PostgreSQL');
    else expect(res.output).toContain(path.join(dataDir, 'mtumba.db'));
  }, 60_000);
});

describe('the start banner', () => {
  const config = testConfig('/srv/shop', { APP_URL: 'https://shop.example.com' });

  it('tells the first start and every later start how to get back in', () => {
    const first = signInNotice(config, [
      { role: 'admin', name: 'Admin', email: 'admin@mtumba.local', password: 'pw', generated: true, passwordHash: '' },
    ]);
    expect(first).toContain('npm run admin -- reset-password <email>');
    const later = returningNotice(config, ['admin@mtumba.local']);
    expect(later).toContain('https://shop.example.com');
    expect(later).toContain('Admin sign-in: admin@mtumba.local');
    expect(later).toContain('npm run admin -- reset-password <email>');
  });
});
