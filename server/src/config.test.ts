import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, repoRoot } from './config.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('expected the configuration to be refused');
}

/** A key pair made once with `npx web-push generate-vapid-keys`, for production configurations in tests. */
const VAPID = {
  VAPID_PUBLIC_KEY: 'BB8kvN01f38Sa77jn4ks4WeWj3I5DpwZSvcAU9czGz-HInSWuDxljykjI-pLwz7VA72rWt9he4uIUkI3Y7jTm0w',
  VAPID_PRIVATE_KEY: 'ddP9YcsF9Hm3cb62_oSzUjx3_xZHJ2GoeiBSCt2BZS0',
  VAPID_SUBJECT: 'mailto:shop@example.com',
};

describe('configuration', () => {
  it('has safe defaults for the embedded mode', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.join(repoRoot, 'data'));
    expect(config.database).toEqual({ kind: 'sqlite', file: path.join(repoRoot, 'data', 'mtumba.db') });
    expect(config.uploadDir).toBe(path.join(repoRoot, 'data', 'uploads'));
    expect(config.payments.provider).toBe('sandbox');
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.orders.reservationSeconds).toBe(600);
  });

  it('reads PORT, DATA_DIR, DATABASE_URL and CORS_ORIGINS', () => {
    const config = loadConfig({
      PORT: '4100',
      DATA_DIR: '/srv/mtumba/shop-b',
      DATABASE_URL: 'postgres://db.internal:5432/mtumba',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      ORDER_RESERVATION_MINUTES: '15',
    });
    expect(config.port).toBe(4100);
    expect(config.dataDir).toBe('/srv/mtumba/shop-b');
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://db.internal:5432/mtumba' });
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.orders.reservationSeconds).toBe(900);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT: PORT must be a number'],
    [{ PORT: '70000' }, 'PORT: PORT must be between 0 and 65535'],
    [
      { DATABASE_URL: 'mysql://x' },
      'DATABASE_URL: DATABASE_URL must start with postgres:// (leave it unset for SQLite)',
    ],
    [{ SWEEP_INTERVAL_SECONDS: '0' }, 'SWEEP_INTERVAL_SECONDS: SWEEP_INTERVAL_SECONDS must be greater than 0'],
    [{ APP_URL: 'not a url' }, 'APP_URL: APP_URL must be a URL such as https://shop.example.com'],
    [{ PAYMENT_PROVIDER: 'paypal' }, 'PAYMENT_PROVIDER: PAYMENT_PROVIDER must be sandbox or intasend'],
    [{ SHOP_WHATSAPP: 'call us' }, 'SHOP_WHATSAPP: SHOP_WHATSAPP must be a phone number such as +254712345678'],
  ])('refuses %o with a clear message', (env, message) => {
    expect(problemsOf(env)).toContain(message);
  });

  it('reads the shop profile shoppers see (WhatsApp as digits for wa.me links)', () => {
    const config = loadConfig({
      SHOP_ADDRESS: 'Stall 9, Toi Market',
      SHOP_PHONE: '0722 000 111',
      SHOP_WHATSAPP: '+254 722 000 111',
      SHOP_HOURS: 'Daily 9:00–17:00',
      SHOP_RETURNS_POLICY: 'No returns on sale items.',
    });
    expect(config.shopProfile).toEqual({
      address: 'Stall 9, Toi Market',
      phone: '0722 000 111',
      whatsapp: '254722000111',
      hours: 'Daily 9:00–17:00',
      returnsPolicy: 'No returns on sale items.',
    });
  });

  it('lists every problem at once', () => {
    expect(problemsOf({ PORT: 'x', REDIS_URL: 'http://nope' })).toHaveLength(2);
  });

  it('refuses to run production on test payments or without secrets', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems.some((p) => p.startsWith('PAYMENT_PROVIDER is sandbox'))).toBe(true);
    expect(problems.some((p) => p.startsWith('PAYMENT_WEBHOOK_SECRET'))).toBe(true);
    expect(problems.some((p) => p.startsWith('APP_URL'))).toBe(true);
    const ok = loadConfig({
      NODE_ENV: 'production',
      ALLOW_SANDBOX_PAYMENTS: '1',
      PAYMENT_WEBHOOK_SECRET: 'a-long-random-secret-of-40-characters-xx',
      APP_URL: 'https://shop.example.com',
      MAIL_URL: 'smtp://mail.example.com:587',
      ...VAPID,
    });
    expect(ok.payments.provider).toBe('sandbox');
  });

  it('gives the Pusher endpoint a key and a secret shared by every instance', () => {
    const a = loadConfig({ PAYMENT_WEBHOOK_SECRET: 'one-long-random-webhook-secret' });
    const b = loadConfig({ PAYMENT_WEBHOOK_SECRET: 'one-long-random-webhook-secret' });
    expect(a.pusher).toEqual({ enabled: true, key: 'mtumba', secret: b.pusher.secret });
    expect(a.pusher.secret).not.toContain('one-long-random-webhook-secret');
    expect(loadConfig({ PAYMENT_WEBHOOK_SECRET: 'another' }).pusher.secret).not.toBe(a.pusher.secret);
    expect(loadConfig({ PUSHER_APP_SECRET: 'short', PUSHER_ENABLED: '0' }).pusher).toEqual({
      enabled: false,
      key: 'mtumba',
      secret: 'short',
    });
    expect(problemsOf({ PUSHER_APP_KEY: 'has spaces' })).toEqual([
      'PUSHER_APP_KEY: PUSHER_APP_KEY must be 1 to 64 letters, digits, "-" or "_"',
    ]);
    expect(problemsOf({ ...production, PUSHER_APP_SECRET: 'too-short' })).toEqual([
      'PUSHER_APP_SECRET must be a random string of at least 24 characters in production (or leave it unset to derive one from PAYMENT_WEBHOOK_SECRET)',
    ]);
    const pusherSecret = 'q7Vd2mKx9TzR4pLw8NbC3hYs';
    expect(loadConfig({ ...production, PUSHER_APP_SECRET: pusherSecret }).pusher.secret).toBe(pusherSecret);
  });

  const RANDOM_40 = 'h8Gq2LwZ5xTn0RvK7cBm4YpJ9sDf3NaE6uQk1VtW';
  const production = {
    NODE_ENV: 'production',
    ALLOW_SANDBOX_PAYMENTS: '1',
    PAYMENT_WEBHOOK_SECRET: 'a-long-random-secret-of-40-characters-xx',
    APP_URL: 'https://shop.example.com',
    MAIL_URL: 'smtp://mail.example.com:587',
    ...VAPID,
  };

  it('requires the VAPID keys in production and checks them anywhere', () => {
    const { VAPID_PRIVATE_KEY: _private, ...withoutPrivate } = production;
    expect(problemsOf(withoutPrivate)).toEqual([
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both, or neither (development makes its own)',
      'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT must be set in production (phone notifications; make the keys once with `npx web-push generate-vapid-keys`, see docs/deploy.md)',
    ]);
    expect(problemsOf({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: VAPID.VAPID_PRIVATE_KEY })).toEqual([
      'VAPID_PUBLIC_KEY must be a P-256 public key in base64url (87 characters, as web-push makes it)',
    ]);
    expect(problemsOf({ VAPID_SUBJECT: 'shop@example.com' })).toEqual([
      'VAPID_SUBJECT: VAPID_SUBJECT must be a mailto: or https:// address of the shop',
    ]);
    expect(loadConfig(production).push.vapid).toEqual({
      publicKey: VAPID.VAPID_PUBLIC_KEY,
      privateKey: VAPID.VAPID_PRIVATE_KEY,
    });
    // development and tests make their own pair on first start (push module)
    expect(loadConfig({}).push.vapid).toBeUndefined();
    expect(loadConfig({ SHOP_EMAIL: 'hi@example.com' }).push.subject).toBe('mailto:hi@example.com');
  });

  it('refuses production without MAIL_URL (links would only reach a file) unless ALLOW_FILE_MAIL=1', () => {
    const { MAIL_URL: _mailUrl, ...withoutMail } = production;
    expect(problemsOf(withoutMail)).toEqual([
      'MAIL_URL must be set in production (smtp://...), or ALLOW_FILE_MAIL=1 to write e-mails to files instead',
    ]);
    expect(loadConfig({ ...withoutMail, ALLOW_FILE_MAIL: '1' }).mail.url).toBeUndefined();
    expect(loadConfig({ ...withoutMail, NODE_ENV: 'development' }).mail.url).toBeUndefined();
  });

  it('refuses short secrets in production, naming the variable', () => {
    expect(problemsOf({ ...production, PAYMENT_WEBHOOK_SECRET: 'x' })).toEqual([
      'PAYMENT_WEBHOOK_SECRET is too short: use at least 32 random characters',
    ]);
    expect(problemsOf({ ...production, INTASEND_WEBHOOK_CHALLENGE: 'short-challenge' })).toEqual([
      'INTASEND_WEBHOOK_CHALLENGE is too short: use at least 32 random characters',
    ]);
  });

  it('refuses weak secrets and passwords in production (few characters, repeats, known defaults), naming the variable', () => {
    const few = 'it uses fewer than 8 different characters';
    const run = 'it repeats a character 5 or more times in a row';
    const piece = 'it is one short piece repeated';
    const known = 'it is a known default or example value';
    const cases: [string, string, string][] = [
      ['PAYMENT_WEBHOOK_SECRET', 'a'.repeat(36), few],
      ['PAYMENT_WEBHOOK_SECRET', `${RANDOM_40.slice(0, 30)}zzzzzz`, run],
      ['INTASEND_WEBHOOK_CHALLENGE', 'abc123XYZ'.repeat(4), piece],
      ['PAYMENT_WEBHOOK_SECRET', 'mtumba-development-webhook-secret', known],
      ['INTASEND_WEBHOOK_CHALLENGE', 'change-me-secret-password-1234567890', known],
      ['PUSHER_APP_SECRET', 'abcdefghabcdefghabcdefgh', piece],
      ['METRICS_TOKEN', 'aaaaaaaa', few],
      ['ADMIN_PASSWORD', 'password123456', known],
    ];
    for (const [name, value, why] of cases) {
      expect(problemsOf({ ...production, [name]: value }), `${name}=${value}`).toEqual([
        `${name} is too easy to guess (${why}): use a long random value`,
      ]);
    }
    // Random values start.
    expect(
      loadConfig({ ...production, PAYMENT_WEBHOOK_SECRET: RANDOM_40, ADMIN_PASSWORD: 'Kamau walks to Gikomba at dawn' })
        .env,
    ).toBe('production');
    // Outside production a weak development secret is fine.
    expect(loadConfig({ PAYMENT_WEBHOOK_SECRET: 'a'.repeat(36) }).env).toBe('development');
  });

  it("refuses the example file's CHANGE-ME placeholders in production, naming each variable", () => {
    const problems = problemsOf({
      ...production,
      DATABASE_URL: 'postgres://mtumba:CHANGE-ME@127.0.0.1:5432/mtumba',
      PAYMENT_WEBHOOK_SECRET: 'CHANGE-ME-CHANGE-ME-CHANGE-ME-CHANGE-ME',
      ADMIN_PASSWORD: 'CHANGE-ME-long-and-unique',
    });
    expect(problems.sort()).toEqual(
      ['ADMIN_PASSWORD', 'DATABASE_URL', 'PAYMENT_WEBHOOK_SECRET'].map(
        (name) => `${name} still holds the CHANGE-ME placeholder of the example file: set a real value`,
      ),
    );
  });

  it('refuses the example production file as it is, and accepts it once every placeholder is replaced', () => {
    const example = Object.fromEntries(
      fs
        .readFileSync(path.join(repoRoot, 'deploy', 'mtumba.env.example'), 'utf8')
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    const placeholders = Object.keys(example).filter((name) => example[name]!.includes('CHANGE-ME'));
    expect(placeholders.length).toBeGreaterThan(3);
    expect(problemsOf(example).sort()).toEqual(
      placeholders
        .map((name) => `${name} still holds the CHANGE-ME placeholder of the example file: set a real value`)
        .sort(),
    );
    const filled = Object.fromEntries(
      Object.entries(example).map(([name, value]) => [
        name,
        // the VAPID keys are a P-256 pair, not any random text
        name in VAPID ? VAPID[name as keyof typeof VAPID] : value.replace('CHANGE-ME', RANDOM_40),
      ]),
    );
    expect(loadConfig(filled).env).toBe('production');
  });

  it('reads the session lifetimes, 30 and 180 days unless set', () => {
    expect(loadConfig({}).sessions).toEqual({ idleDays: 30, maxDays: 180 });
    expect(loadConfig({ SESSION_IDLE_DAYS: '7', SESSION_MAX_DAYS: '60' }).sessions).toEqual({
      idleDays: 7,
      maxDays: 60,
    });
    expect(problemsOf({ SESSION_IDLE_DAYS: '0' })).toEqual([
      'SESSION_IDLE_DAYS: SESSION_IDLE_DAYS must be greater than 0',
    ]);
  });

  it('needs IntaSend keys when IntaSend is chosen', () => {
    expect(problemsOf({ PAYMENT_PROVIDER: 'intasend' })).toEqual([
      'PAYMENT_PROVIDER=intasend needs INTASEND_PUBLISHABLE_KEY and INTASEND_SECRET_KEY',
    ]);
  });

  it('schedules backups of SQLite only, pointing PostgreSQL shops at pg_dump', () => {
    expect(problemsOf({ BACKUP_INTERVAL_HOURS: '24', DATABASE_URL: 'postgres://shop@db/shop' })).toEqual([
      'BACKUP_INTERVAL_HOURS backs up SQLite only; with DATABASE_URL schedule pg_dump instead (docs/deploy.md, Backups)',
    ]);
    const config = loadConfig({ BACKUP_INTERVAL_HOURS: '24', BACKUP_KEEP: '3', BACKUP_DIR: '/var/backups/mtumba' });
    expect(config.backup).toEqual({ dir: '/var/backups/mtumba', intervalHours: 24, keep: 3 });
    expect(loadConfig({}).backup).toEqual({ dir: path.join(repoRoot, 'backups'), intervalHours: 0, keep: 7 });
  });
});
