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
      PAYMENT_WEBHOOK_SECRET: 'long-random-secret',
      APP_URL: 'https://shop.example.com',
    });
    expect(ok.payments.provider).toBe('sandbox');
  });

  it('needs IntaSend keys when IntaSend is chosen', () => {
    expect(problemsOf({ PAYMENT_PROVIDER: 'intasend' })).toEqual([
      'PAYMENT_PROVIDER=intasend needs INTASEND_PUBLISHABLE_KEY and INTASEND_SECRET_KEY',
    ]);
  });
});
