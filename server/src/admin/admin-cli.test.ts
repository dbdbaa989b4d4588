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
import { returningNotice, signInNotice } from '../seed/accounts.js';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.js';

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
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mtumba-admin-'));
    env = { DATA_DIR: dataDir, APP_URL: 'http://shop.test' };
    if (TEST_DB === 'postgres') {
      database = await createTestDatabase();
      env.DATABASE_URL = database.url!;
    }
    // the command creates the tables itself on a new shop
    const created = await admin(['list-admins'], env);
    expect(created.output).toContain('There is no admin account');
    const config = testConfig(dataDir, { ...env, MAIL_URL: smtp.url });
    db = database?.db ?? createDatabase(config.database);
    app = await buildApp({ config, db, logger: false, jobs: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
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

  it('never makes an admin of an account someone else registered without --existing, a verified address, and a new password', async () => {
    // Someone registers the helper's address before the owner makes it an admin, and never verifies it.
    const registered = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'Not the helper',
        email: 'helper@example.com',
        password: 'attacker-knows-this',
        password_confirmation: 'attacker-knows-this',
      },
    });
    expect(registered.statusCode).toBe(201);
    const attackerToken = registered.json().token as string;
    const isAdmin = async () =>
      (
        await db
          .selectFrom('users')
          .select('is_admin')
          .where('email', '=', 'helper@example.com')
          .executeTakeFirstOrThrow()
      ).is_admin;

    const plain = await admin(['create-admin', 'helper@example.com'], env);
    expect(plain.code).toBe(1);
    expect(plain.output).toContain('helper@example.com already has an account');
    expect(plain.output).toContain('--existing');
    expect(await isAdmin()).toBe(0);

    const unverified = await admin(['create-admin', 'helper@example.com', '--existing'], env);
    expect(unverified.code).toBe(1);
    expect(unverified.output).toContain('was never verified');
    expect(await isAdmin()).toBe(0);

    // Once the address is verified (so it is the helper's), --existing promotes it, ends the
    // sessions and turns the old password off until a new one is chosen through the e-mailed link.
    await db
      .updateTable('users')
      .set({ email_verified_at: new Date().toISOString() })
      .where('email', '=', 'helper@example.com')
      .execute();
    const withPassword = await admin(
      ['create-admin', 'helper@example.com', '--existing', '--password', 'x'.repeat(12)],
      env,
    );
    expect(withPassword.code).toBe(1);
    expect(withPassword.output).toContain('--password cannot be used with --existing');

    const promoted = await admin(['create-admin', 'helper@example.com', '--existing'], env);
    expect(promoted.code, promoted.output).toBe(0);
    expect(promoted.output).toContain('helper@example.com is now an admin');
    expect(promoted.output).toContain('signed out everywhere (1 session(s) ended)');
    expect(promoted.output).toContain('e-mailed to helper@example.com');
    expect(await isAdmin()).toBe(1);
    const me = await app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${attackerToken}` },
    });
    expect(me.statusCode).toBe(401);
    expect((await login('helper@example.com', 'attacker-knows-this')).statusCode).toBe(401);

    await app.mail.deliverDue();
    const mail = await smtp.waitForMessage(
      (m) => m.to.includes('helper@example.com') && /admin password/.test(m.subject),
    );
    const link = new URL(mail.links.find((l) => l.includes('/reset-password'))!);
    expect(mail.text).not.toContain('Not the helper');
    const chosen = await app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: {
        token: link.searchParams.get('token'),
        email: link.searchParams.get('email'),
        password: 'the-helpers-own-password',
        password_confirmation: 'the-helpers-own-password',
      },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const signedIn = await login('helper@example.com', 'the-helpers-own-password');
    expect(signedIn.json().user).toMatchObject({ is_admin: true });
  }, 120_000);

  it('in production prints no password for a new admin: the link to choose one is e-mailed', async () => {
    const production = {
      ...env,
      NODE_ENV: 'production',
      ALLOW_SANDBOX_PAYMENTS: '1',
      PAYMENT_WEBHOOK_SECRET: 'h8Gq2LwZ5xTn0RvK7cBm4YpJ9sDf3NaE6uQk1VtW',
      MAIL_URL: smtp.url,
      VAPID_PUBLIC_KEY: 'BB8kvN01f38Sa77jn4ks4WeWj3I5DpwZSvcAU9czGz-HInSWuDxljykjI-pLwz7VA72rWt9he4uIUkI3Y7jTm0w',
      VAPID_PRIVATE_KEY: 'ddP9YcsF9Hm3cb62_oSzUjx3_xZHJ2GoeiBSCt2BZS0',
      VAPID_SUBJECT: 'mailto:shop@example.com',
    };
    const created = await admin(['create-admin', 'night-manager@example.com'], production);
    expect(created.code, created.output).toBe(0);
    expect(created.output).not.toMatch(/Password:/);
    expect(created.output).not.toContain('token=');
    expect(created.output).toContain('e-mailed to night-manager@example.com');
    await app.mail.deliverDue();
    const mail = await smtp.waitForMessage((m) => m.to.includes('night-manager@example.com'));
    expect(mail.links.some((l) => l.includes('/reset-password?token='))).toBe(true);
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
