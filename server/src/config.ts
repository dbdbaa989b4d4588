import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root: relative paths in the configuration are resolved from here. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const positiveInt = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .positive(`${name} must be greater than 0`);

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'PORT must be a number' })
    .int('PORT must be a whole number')
    .min(0, 'PORT must be between 0 and 65535')
    .max(65535, 'PORT must be between 0 and 65535')
    .default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: optionalText.pipe(z.url('APP_URL must be a URL such as https://shop.example.com').optional()),
  DATA_DIR: z.string().min(1).default('./data'),
  UPLOAD_DIR: optionalText,
  WEB_DIST_DIR: optionalText,
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// (leave it unset for SQLite)')
      .optional(),
  ),
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
      .optional(),
  ),
  MAIL_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'MAIL_URL must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().default('Mtumba <no-reply@mtumba.local>'),
  SHOP_EMAIL: z.email('SHOP_EMAIL must be an e-mail address').default('shop@mtumba.local'),
  SHOP_NAME: z.string().min(1).default('Mtumba'),
  SHOP_ADDRESS: z.string().min(1).default('Shop 14, Gikomba Market Lane, Nairobi CBD'),
  SHOP_PHONE: z.string().min(1).default('+254 712 345 678'),
  SHOP_WHATSAPP: z
    .string()
    .regex(/^\+?\d[\d ]{6,}$/, 'SHOP_WHATSAPP must be a phone number such as +254712345678')
    .default('+254712345678'),
  SHOP_HOURS: z.string().min(1).default('Mon–Sat 8:00–18:00'),
  SHOP_RETURNS_POLICY: z
    .string()
    .min(1)
    .default(
      'Returns within 7 days of delivery if the item is not as described. Message us on WhatsApp to arrange it.',
    ),
  PAYMENT_PROVIDER: z
    .enum(['sandbox', 'intasend'], { error: 'PAYMENT_PROVIDER must be sandbox or intasend' })
    .default('sandbox'),
  ALLOW_SANDBOX_PAYMENTS: flag.default(false),
  PAYMENT_WEBHOOK_SECRET: optionalText,
  INTASEND_API_URL: z.url('INTASEND_API_URL must be a URL').default('https://sandbox.intasend.com'),
  INTASEND_PUBLISHABLE_KEY: optionalText,
  INTASEND_SECRET_KEY: optionalText,
  INTASEND_WEBHOOK_CHALLENGE: optionalText,
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_JWKS_URL: z.url('GOOGLE_JWKS_URL must be a URL').default('https://www.googleapis.com/oauth2/v3/certs'),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ORDER_RESERVATION_SECONDS: positiveInt('ORDER_RESERVATION_SECONDS').optional(),
  ORDER_RESERVATION_MINUTES: positiveInt('ORDER_RESERVATION_MINUTES').optional(),
  SWEEP_INTERVAL_SECONDS: positiveInt('SWEEP_INTERVAL_SECONDS').default(30),
  MAIL_POLL_INTERVAL_MS: positiveInt('MAIL_POLL_INTERVAL_MS').default(2000),
  AUTH_RATE_LIMIT_PER_MINUTE: positiveInt('AUTH_RATE_LIMIT_PER_MINUTE').default(10),
  RATE_LIMIT_PER_MINUTE: positiveInt('RATE_LIMIT_PER_MINUTE').default(1200),
  TRUST_PROXY: flag.default(false),
  ADMIN_EMAIL: optionalText.pipe(z.email('ADMIN_EMAIL must be an e-mail address').optional()),
  ADMIN_PASSWORD: optionalText,
  DEMO_CUSTOMER_EMAIL: optionalText.pipe(z.email('DEMO_CUSTOMER_EMAIL must be an e-mail address').optional()),
  DEMO_CUSTOMER_PASSWORD: optionalText,
  SEED_DEMO: flag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PASSWORD_HASH_COST: z.enum(['normal', 'low']).default('normal'),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  uploadDir: string;
  mailDir: string;
  webDistDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string };
  redisUrl?: string;
  mail: { url?: string; from: string; shopEmail: string; pollIntervalMs: number };
  shopName: string;
  /** how shoppers reach the shop: shown on the web app's footer, contact page, product and checkout */
  shopProfile: { address: string; phone: string; whatsapp: string; hours: string; returnsPolicy: string };
  payments: {
    provider: 'sandbox' | 'intasend';
    webhookSecret: string;
    intasend: { apiUrl: string; publishableKey?: string; secretKey?: string; webhookChallenge?: string };
  };
  google: { clientId?: string; jwksUrl: string };
  corsOrigins: string[];
  orders: { reservationSeconds: number; sweepIntervalSeconds: number };
  rateLimit: { perMinute: number; authPerMinute: number };
  trustProxy: boolean;
  seed: {
    demo: boolean;
    adminEmail?: string;
    adminPassword?: string;
    customerEmail?: string;
    customerPassword?: string;
  };
  logLevel: string;
  passwordHashCost: 'normal' | 'low';
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const DEV_WEBHOOK_SECRET = 'mtumba-development-webhook-secret';

/** Parses the environment once into a typed configuration; throws ConfigError listing every problem. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = issue.path.join('.');
        return key ? `${key}: ${issue.message}` : issue.message;
      }),
    );
  }
  const e = parsed.data;
  const resolve = (p: string) => (path.isAbsolute(p) ? p : path.resolve(repoRoot, p));
  const dataDir = resolve(e.DATA_DIR);
  const problems: string[] = [];

  if (e.PAYMENT_PROVIDER === 'intasend' && (!e.INTASEND_PUBLISHABLE_KEY || !e.INTASEND_SECRET_KEY)) {
    problems.push('PAYMENT_PROVIDER=intasend needs INTASEND_PUBLISHABLE_KEY and INTASEND_SECRET_KEY');
  }
  if (e.NODE_ENV === 'production') {
    if (e.PAYMENT_PROVIDER === 'sandbox' && !e.ALLOW_SANDBOX_PAYMENTS) {
      problems.push(
        'PAYMENT_PROVIDER is sandbox (test payments, no money moves): set PAYMENT_PROVIDER=intasend, or ALLOW_SANDBOX_PAYMENTS=1 for a demo',
      );
    }
    if (!e.PAYMENT_WEBHOOK_SECRET) {
      problems.push('PAYMENT_WEBHOOK_SECRET must be set in production (a long random string)');
    }
    if (!e.APP_URL) problems.push('APP_URL must be set in production (the public address of the shop)');
  }
  if (problems.length) throw new ConfigError(problems);

  const reservationSeconds =
    e.ORDER_RESERVATION_SECONDS ?? (e.ORDER_RESERVATION_MINUTES ? e.ORDER_RESERVATION_MINUTES * 60 : 600);

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    uploadDir: e.UPLOAD_DIR ? resolve(e.UPLOAD_DIR) : path.join(dataDir, 'uploads'),
    mailDir: path.join(dataDir, 'mail'),
    webDistDir: e.WEB_DIST_DIR ? resolve(e.WEB_DIST_DIR) : path.join(repoRoot, 'web', 'dist'),
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'mtumba.db') },
    redisUrl: e.REDIS_URL,
    mail: { url: e.MAIL_URL, from: e.MAIL_FROM, shopEmail: e.SHOP_EMAIL, pollIntervalMs: e.MAIL_POLL_INTERVAL_MS },
    shopName: e.SHOP_NAME,
    shopProfile: {
      address: e.SHOP_ADDRESS,
      phone: e.SHOP_PHONE,
      whatsapp: e.SHOP_WHATSAPP.replace(/\D/g, ''),
      hours: e.SHOP_HOURS,
      returnsPolicy: e.SHOP_RETURNS_POLICY,
    },
    payments: {
      provider: e.PAYMENT_PROVIDER,
      webhookSecret: e.PAYMENT_WEBHOOK_SECRET ?? DEV_WEBHOOK_SECRET,
      intasend: {
        apiUrl: e.INTASEND_API_URL.replace(/\/+$/, ''),
        publishableKey: e.INTASEND_PUBLISHABLE_KEY,
        secretKey: e.INTASEND_SECRET_KEY,
        webhookChallenge: e.INTASEND_WEBHOOK_CHALLENGE,
      },
    },
    google: { clientId: e.GOOGLE_CLIENT_ID, jwksUrl: e.GOOGLE_JWKS_URL },
    corsOrigins: e.CORS_ORIGINS,
    orders: { reservationSeconds, sweepIntervalSeconds: e.SWEEP_INTERVAL_SECONDS },
    rateLimit: { perMinute: e.RATE_LIMIT_PER_MINUTE, authPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE },
    trustProxy: e.TRUST_PROXY,
    seed: {
      demo: e.SEED_DEMO,
      adminEmail: e.ADMIN_EMAIL,
      adminPassword: e.ADMIN_PASSWORD,
      customerEmail: e.DEMO_CUSTOMER_EMAIL,
      customerPassword: e.DEMO_CUSTOMER_PASSWORD,
    },
    logLevel: e.LOG_LEVEL,
    passwordHashCost: e.PASSWORD_HASH_COST,
  };
}

/** A random secret for places where a stable one is not needed (tests, one-off passwords). */
export function randomSecret(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}

/** For entry points: the configuration, or every problem printed to stderr and exit code 1. */
export function loadConfigOrExit(source: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(source);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
