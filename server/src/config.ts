import { createHmac, randomBytes } from 'node:crypto';
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

/**
 * Where demo photos made once are kept for every later shop of this checkout (seed/photo-cache.ts):
 * its node_modules/.cache, unless DEMO_PHOTO_CACHE_DIR names a folder (or `off`).
 */
const DEFAULT_PHOTO_CACHE_DIR = path.join(repoRoot, 'node_modules', '.cache', 'mtumba-demo-photos');

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
  SHOP_RETURNS_WINDOW_DAYS: positiveInt('SHOP_RETURNS_WINDOW_DAYS')
    .max(365, 'SHOP_RETURNS_WINDOW_DAYS must be at most 365')
    .default(7),
  RETURNS_REFUND_DELIVERY_FEE: flag.default(false),
  PAYMENT_PROVIDER: z
    .enum(['sandbox', 'intasend'], { error: 'PAYMENT_PROVIDER must be sandbox or intasend' })
    .default('sandbox'),
  ALLOW_SANDBOX_PAYMENTS: flag.default(false),
  PAYMENT_WEBHOOK_SECRET: optionalText,
  INTASEND_API_URL: z.url('INTASEND_API_URL must be a URL').default('https://sandbox.intasend.com'),
  INTASEND_PUBLISHABLE_KEY: optionalText,
  INTASEND_SECRET_KEY: optionalText,
  INTASEND_WEBHOOK_CHALLENGE: optionalText,
  PAYMENT_POLL_INTERVAL_SECONDS: positiveInt('PAYMENT_POLL_INTERVAL_SECONDS').default(5),
  PAYMENT_STATUS_CHECK_SECONDS: positiveInt('PAYMENT_STATUS_CHECK_SECONDS').default(10),
  MPESA_PROMPTS_PER_PHONE: positiveInt('MPESA_PROMPTS_PER_PHONE').default(5),
  MPESA_PROMPTS_PER_ACCOUNT: positiveInt('MPESA_PROMPTS_PER_ACCOUNT').default(10),
  MPESA_PROMPT_LIMIT_MINUTES: positiveInt('MPESA_PROMPT_LIMIT_MINUTES').default(30),
  SMS_CODES_PER_PHONE: positiveInt('SMS_CODES_PER_PHONE').default(3),
  SMS_CODES_PER_ACCOUNT: positiveInt('SMS_CODES_PER_ACCOUNT').default(5),
  SMS_CODE_LIMIT_MINUTES: positiveInt('SMS_CODE_LIMIT_MINUTES').default(60),
  AT_API_KEY: optionalText,
  AT_USERNAME: optionalText,
  AT_SENDER_ID: optionalText,
  AT_URL: optionalText.pipe(z.url('AT_URL must be a URL').optional()),
  SMS_SANDBOX: flag.optional(),
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
  DROP_MAIL_QUIET_SECONDS: z.coerce
    .number({ error: 'DROP_MAIL_QUIET_SECONDS must be a number' })
    .int('DROP_MAIL_QUIET_SECONDS must be a whole number')
    .min(0, 'DROP_MAIL_QUIET_SECONDS must be 0 or more')
    .default(600),
  CART_REMINDER_HOURS: positiveInt('CART_REMINDER_HOURS').default(24),
  ORDER_MAX_UNPAID: positiveInt('ORDER_MAX_UNPAID').default(2),
  ORDER_MAX_RESERVED_ITEMS: positiveInt('ORDER_MAX_RESERVED_ITEMS').default(10),
  POD_MAX_ORDER_KSH: positiveInt('POD_MAX_ORDER_KSH').default(5000),
  POD_MAX_OPEN_ORDERS: positiveInt('POD_MAX_OPEN_ORDERS').default(1),
  PHONE_MAX_ACCOUNTS: positiveInt('PHONE_MAX_ACCOUNTS').default(1),
  NEWSLETTER_CONFIRM_RESEND_MINUTES: positiveInt('NEWSLETTER_CONFIRM_RESEND_MINUTES').default(10),
  PAY_LINK_HOURS: positiveInt('PAY_LINK_HOURS').default(48),
  MAIL_POLL_INTERVAL_MS: positiveInt('MAIL_POLL_INTERVAL_MS').default(2000),
  OFFERS_ALL_ITEMS: flag.default(false),
  OFFER_FLOOR_PERCENT: positiveInt('OFFER_FLOOR_PERCENT').max(99, 'OFFER_FLOOR_PERCENT must be below 100').default(60),
  OFFER_AUTO_ACCEPT_PERCENT: positiveInt('OFFER_AUTO_ACCEPT_PERCENT')
    .max(100, 'OFFER_AUTO_ACCEPT_PERCENT must be at most 100')
    .default(90),
  OFFER_HOLD_HOURS: positiveInt('OFFER_HOLD_HOURS').max(720, 'OFFER_HOLD_HOURS must be at most 720').default(24),
  OFFER_MAX_OPEN: positiveInt('OFFER_MAX_OPEN').default(3),
  OFFER_MAX_ROUNDS: positiveInt('OFFER_MAX_ROUNDS').default(3),
  OFFER_MAX_HELD: positiveInt('OFFER_MAX_HELD').default(3),
  OFFER_COOLDOWN_HOURS: z.coerce
    .number({ error: 'OFFER_COOLDOWN_HOURS must be a number' })
    .int('OFFER_COOLDOWN_HOURS must be a whole number')
    .min(0, 'OFFER_COOLDOWN_HOURS must be 0 or more')
    .max(720, 'OFFER_COOLDOWN_HOURS must be at most 720')
    .default(24),
  STOCK_EDIT_WINDOW_HOURS: positiveInt('STOCK_EDIT_WINDOW_HOURS')
    .max(720, 'STOCK_EDIT_WINDOW_HOURS must be at most 720')
    .default(24),
  AUTH_RATE_LIMIT_PER_MINUTE: positiveInt('AUTH_RATE_LIMIT_PER_MINUTE').default(10),
  RATE_LIMIT_PER_MINUTE: positiveInt('RATE_LIMIT_PER_MINUTE').default(1200),
  TRUST_PROXY: flag.default(false),
  ADMIN_EMAIL: optionalText.pipe(z.email('ADMIN_EMAIL must be an e-mail address').optional()),
  ADMIN_PASSWORD: optionalText,
  DEMO_CUSTOMER_EMAIL: optionalText.pipe(z.email('DEMO_CUSTOMER_EMAIL must be an e-mail address').optional()),
  DEMO_CUSTOMER_PASSWORD: optionalText,
  SEED_DEMO: flag.default(true),
  DEMO_PHOTO_CACHE_DIR: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PASSWORD_HASH_COST: z.enum(['normal', 'low']).default('normal'),
  PUSHER_ENABLED: flag.default(true),
  PUSHER_APP_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'PUSHER_APP_KEY must be 1 to 64 letters, digits, "-" or "_"')
    .default('mtumba'),
  PUSHER_APP_SECRET: optionalText,
  REALTIME_MAX_CONNECTIONS_PER_IP: positiveInt('REALTIME_MAX_CONNECTIONS_PER_IP').default(20),
  REALTIME_MAX_CONNECTIONS: positiveInt('REALTIME_MAX_CONNECTIONS').default(5000),
  REALTIME_AUTH_TIMEOUT_SECONDS: positiveInt('REALTIME_AUTH_TIMEOUT_SECONDS').default(20),
  SESSION_IDLE_DAYS: positiveInt('SESSION_IDLE_DAYS').default(30),
  SESSION_MAX_DAYS: positiveInt('SESSION_MAX_DAYS').default(180),
  ALLOW_FILE_MAIL: flag.default(false),
  BACKUP_DIR: z.string().min(1).default('./backups'),
  BACKUP_INTERVAL_HOURS: z.coerce
    .number({ error: 'BACKUP_INTERVAL_HOURS must be a number' })
    .min(0, 'BACKUP_INTERVAL_HOURS must be 0 (off) or more')
    .max(480, 'BACKUP_INTERVAL_HOURS must be at most 480 (20 days)')
    .default(0),
  BACKUP_KEEP: positiveInt('BACKUP_KEEP').default(7),
  METRICS_TOKEN: optionalText,
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  VAPID_SUBJECT: optionalText.pipe(
    z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: or https:// address of the shop')
      .optional(),
  ),
  LOG_PRETTY: optionalText.pipe(flag.optional()),
});

export type Env = z.input<typeof envSchema>;

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const DEV_WEBHOOK_SECRET = 'mtumba-development-webhook-secret';
export const MIN_PUSHER_SECRET_LENGTH = 24;

/**
 * Without PUSHER_APP_SECRET, the secret that signs channel authorisations is derived from the
 * webhook secret: that one is required in production and the same on every instance, and a
 * derived key never reveals it.
 */
function derivedPusherSecret(webhookSecret: string): string {
  return createHmac('sha256', webhookSecret).update('mtumba pusher app secret').digest('hex');
}

/** The key that signs pay links, derived like the Pusher secret: the same on every instance, never the webhook secret itself. */
function derivedPayLinkSecret(webhookSecret: string): string {
  return createHmac('sha256', webhookSecret).update('mtumba pay link key').digest('hex');
}

/** Secrets production refuses when shorter than this (see docs/security.md). */
export const MIN_SECRET_LENGTH = 32;
const SECRETS = ['PAYMENT_WEBHOOK_SECRET', 'INTASEND_WEBHOOK_CHALLENGE'] as const;
const PLACEHOLDER = 'CHANGE-ME';
/** Secrets and passwords production checks for weakness (see weakness below). */
const CHECKED_FOR_WEAKNESS = [
  'PAYMENT_WEBHOOK_SECRET',
  'INTASEND_WEBHOOK_CHALLENGE',
  'PUSHER_APP_SECRET',
  'METRICS_TOKEN',
  'ADMIN_PASSWORD',
  'DEMO_CUSTOMER_PASSWORD',
] as const;
/** Fewer different characters than this is not a random secret. */
export const MIN_SECRET_VARIETY = 8;
/** A character repeated this many times in a row, or a short piece repeated, is not random. */
const MAX_REPEAT_RUN = 5;
/** Words of defaults and examples; a secret made of one of these (and digits or signs) is refused. */
const KNOWN_DEFAULTS = [
  'changeme',
  'change-me',
  'mtumba-development-webhook-secret',
  'secret',
  'password',
  'passw0rd',
  'placeholder',
  'replaceme',
  'example',
  'default',
  'admin',
  'test',
  'qwerty',
  'letmein',
  'abcdef',
  'abc123',
  '123456',
];

/**
 * Why a secret is guessable, or undefined: too few different characters, a character repeated
 * MAX_REPEAT_RUN times in a row, the same short piece repeated over its length, or nothing but
 * known default words, digits and signs.
 */
export function weakness(value: string): string | undefined {
  if (new Set(value).size < MIN_SECRET_VARIETY) {
    return `it uses fewer than ${MIN_SECRET_VARIETY} different characters`;
  }
  if (new RegExp(`(.)\\1{${MAX_REPEAT_RUN - 1}}`).test(value)) {
    return `it repeats a character ${MAX_REPEAT_RUN} or more times in a row`;
  }
  for (let size = 2; size <= Math.floor(value.length / 3); size++) {
    const unit = value.slice(0, size);
    if (unit.repeat(Math.ceil(value.length / size)).startsWith(value)) return 'it is one short piece repeated';
  }
  let rest = value.toLowerCase();
  for (const word of [...KNOWN_DEFAULTS].sort((a, b) => b.length - a.length)) rest = rest.split(word).join('');
  if (rest !== value.toLowerCase() && !/[a-z]/.test(rest)) return 'it is a known default or example value';
  return undefined;
}

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
  const problems: string[] = [];

  if (e.PAYMENT_PROVIDER === 'intasend' && (!e.INTASEND_PUBLISHABLE_KEY || !e.INTASEND_SECRET_KEY)) {
    problems.push('PAYMENT_PROVIDER=intasend needs INTASEND_PUBLISHABLE_KEY and INTASEND_SECRET_KEY');
  }
  if (Boolean(e.AT_API_KEY) !== Boolean(e.AT_USERNAME)) {
    problems.push("AT_API_KEY and AT_USERNAME go together: set both for Africa's Talking text messages, or neither");
  }
  if (e.SMS_SANDBOX && e.AT_API_KEY) {
    problems.push(
      "SMS_SANDBOX=1 shows codes on screen instead of texting them: unset it when Africa's Talking is set up",
    );
  }
  if (e.SMS_SANDBOX && e.PAYMENT_PROVIDER !== 'sandbox') {
    problems.push(
      'SMS_SANDBOX=1 goes with sandbox payments only (PAYMENT_PROVIDER=sandbox): codes on screen prove no phone',
    );
  }
  problems.push(...vapidProblems(e));
  if (e.NODE_ENV === 'production') {
    if (!e.VAPID_PUBLIC_KEY || !e.VAPID_PRIVATE_KEY || !e.VAPID_SUBJECT) {
      problems.push(
        'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT must be set in production (phone notifications; make the keys once with `npx web-push generate-vapid-keys`, see docs/deploy.md)',
      );
    }
    if (e.PAYMENT_PROVIDER === 'sandbox' && !e.ALLOW_SANDBOX_PAYMENTS) {
      problems.push(
        'PAYMENT_PROVIDER is sandbox (test payments, no money moves): set PAYMENT_PROVIDER=intasend, or ALLOW_SANDBOX_PAYMENTS=1 for a demo',
      );
    }
    if (!e.PAYMENT_WEBHOOK_SECRET) {
      problems.push('PAYMENT_WEBHOOK_SECRET must be set in production (a long random string)');
    }
    if (!e.APP_URL) problems.push('APP_URL must be set in production (the public address of the shop)');
    if (e.PUSHER_APP_SECRET !== undefined && e.PUSHER_APP_SECRET.length < MIN_PUSHER_SECRET_LENGTH) {
      problems.push(
        `PUSHER_APP_SECRET must be a random string of at least ${MIN_PUSHER_SECRET_LENGTH} characters in production (or leave it unset to derive one from PAYMENT_WEBHOOK_SECRET)`,
      );
    }
    if (!e.MAIL_URL && !e.ALLOW_FILE_MAIL) {
      problems.push(
        'MAIL_URL must be set in production (smtp://...), or ALLOW_FILE_MAIL=1 to write e-mails to files instead',
      );
    }
    for (const name of SECRETS) {
      const value = e[name];
      if (value && !value.includes(PLACEHOLDER) && value.length < MIN_SECRET_LENGTH) {
        problems.push(`${name} is too short: use at least ${MIN_SECRET_LENGTH} random characters`);
      }
    }
    for (const name of CHECKED_FOR_WEAKNESS) {
      const value = e[name];
      // A value already refused as too short is not named twice.
      const minLength =
        name === 'PUSHER_APP_SECRET'
          ? MIN_PUSHER_SECRET_LENGTH
          : (SECRETS as readonly string[]).includes(name)
            ? MIN_SECRET_LENGTH
            : 0;
      const tooShort = (value?.length ?? 0) < minLength;
      const why = value && !value.includes(PLACEHOLDER) && !tooShort ? weakness(value) : undefined;
      if (why) problems.push(`${name} is too easy to guess (${why}): use a long random value`);
    }
    for (const [name, value] of Object.entries(source)) {
      if (name in envSchema.shape && value?.includes(PLACEHOLDER)) {
        problems.push(`${name} still holds the ${PLACEHOLDER} placeholder of the example file: set a real value`);
      }
    }
  }
  if (e.BACKUP_INTERVAL_HOURS > 0 && e.DATABASE_URL) {
    problems.push(
      'BACKUP_INTERVAL_HOURS backs up SQLite only; with DATABASE_URL schedule pg_dump instead (docs/deploy.md, Backups)',
    );
  }
  if (e.OFFER_FLOOR_PERCENT >= e.OFFER_AUTO_ACCEPT_PERCENT) {
    problems.push('OFFER_FLOOR_PERCENT must be below OFFER_AUTO_ACCEPT_PERCENT');
  }
  if (problems.length) throw new ConfigError(problems);

  return settingsFrom(e);
}

/** Bytes of a base64url text, or undefined when it is not base64url. */
function base64urlBytes(value: string): Buffer | undefined {
  return /^[A-Za-z0-9_-]+=*$/.test(value) ? Buffer.from(value, 'base64url') : undefined;
}

/** The VAPID keys' problems: both or neither, and each the right kind of P-256 key. */
function vapidProblems(e: z.output<typeof envSchema>): string[] {
  const problems: string[] = [];
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    problems.push(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both, or neither (development makes its own)',
    );
  }
  if (e.VAPID_PUBLIC_KEY && !e.VAPID_PUBLIC_KEY.includes(PLACEHOLDER)) {
    const key = base64urlBytes(e.VAPID_PUBLIC_KEY);
    if (!key || key.length !== 65 || key[0] !== 4) {
      problems.push('VAPID_PUBLIC_KEY must be a P-256 public key in base64url (87 characters, as web-push makes it)');
    }
  }
  if (e.VAPID_PRIVATE_KEY && !e.VAPID_PRIVATE_KEY.includes(PLACEHOLDER)) {
    const key = base64urlBytes(e.VAPID_PRIVATE_KEY);
    if (!key || key.length !== 32) {
      problems.push('VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters, as web-push makes it)');
    }
  }
  return problems;
}

type DatabaseSetting = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string };
type SmsSetting = { apiKey: string; username: string; senderId?: string; url: string };

/**
 * The configuration the app reads, from the parsed environment. Each setting is declared once:
 * its variable, default and check in `envSchema`, its place and meaning here; `Config` is this
 * function's result.
 */
function settingsFrom(e: z.output<typeof envSchema>) {
  const resolve = (p: string) => (path.isAbsolute(p) ? p : path.resolve(repoRoot, p));
  const dataDir = resolve(e.DATA_DIR);
  const reservationSeconds =
    e.ORDER_RESERVATION_SECONDS ?? (e.ORDER_RESERVATION_MINUTES ? e.ORDER_RESERVATION_MINUTES * 60 : 600);

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    /** the shop's public address, without a trailing slash */
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    uploadDir: e.UPLOAD_DIR ? resolve(e.UPLOAD_DIR) : path.join(dataDir, 'uploads'),
    mailDir: path.join(dataDir, 'mail'),
    webDistDir: e.WEB_DIST_DIR ? resolve(e.WEB_DIST_DIR) : path.join(repoRoot, 'web', 'dist'),
    database: (e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'mtumba.db') }) as DatabaseSetting,
    redisUrl: e.REDIS_URL,
    mail: { url: e.MAIL_URL, from: e.MAIL_FROM, shopEmail: e.SHOP_EMAIL, pollIntervalMs: e.MAIL_POLL_INTERVAL_MS },
    shopName: e.SHOP_NAME,
    /** how shoppers reach the shop: shown on the web app's footer, contact page, product and checkout */
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
      /** how often pending M-Pesa prompts are checked for a due status poll */
      pollIntervalSeconds: e.PAYMENT_POLL_INTERVAL_SECONDS,
      /** a shopper's "did my payment go through?" asks the provider about one order at most once per this many seconds */
      statusCheckSeconds: e.PAYMENT_STATUS_CHECK_SECONDS,
      intasend: {
        apiUrl: e.INTASEND_API_URL.replace(/\/+$/, ''),
        publishableKey: e.INTASEND_PUBLISHABLE_KEY,
        secretKey: e.INTASEND_SECRET_KEY,
        webhookChallenge: e.INTASEND_WEBHOOK_CHALLENGE,
      },
    },
    /** Africa's Talking text messages (phone verification, order texts); undefined: no texts */
    sms: (e.AT_API_KEY && e.AT_USERNAME
      ? {
          apiKey: e.AT_API_KEY,
          username: e.AT_USERNAME,
          senderId: e.AT_SENDER_ID,
          url:
            e.AT_URL ??
            (e.AT_USERNAME === 'sandbox'
              ? 'https://api.sandbox.africastalking.com/version1/messaging'
              : 'https://api.africastalking.com/version1/messaging'),
        }
      : undefined) as SmsSetting | undefined,
    /**
     * Development sandbox for texts (no Africa's Talking key, sandbox payments): phone verification
     * works, no text is sent, and the code is shown on screen, as the M-Pesa simulator does. On by
     * default in development; SMS_SANDBOX decides otherwise.
     */
    smsSandbox: !e.AT_API_KEY && e.PAYMENT_PROVIDER === 'sandbox' && (e.SMS_SANDBOX ?? e.NODE_ENV === 'development'),
    google: { clientId: e.GOOGLE_CLIENT_ID, jwksUrl: e.GOOGLE_JWKS_URL },
    corsOrigins: e.CORS_ORIGINS,
    orders: {
      reservationSeconds,
      sweepIntervalSeconds: e.SWEEP_INTERVAL_SECONDS,
      /** how many unpaid orders, and items in them, one customer may hold at once */
      maxUnpaidOrders: e.ORDER_MAX_UNPAID,
      maxReservedItems: e.ORDER_MAX_RESERVED_ITEMS,
      /** pay on delivery: the largest order total, and how many such orders one customer may have open */
      payOnDelivery: { maxOrderCents: e.POD_MAX_ORDER_KSH * 100, maxOpenOrders: e.POD_MAX_OPEN_ORDERS },
    },
    /** how many accounts may have the same phone number verified at once (PHONE_MAX_ACCOUNTS) */
    phoneMaxAccounts: e.PHONE_MAX_ACCOUNTS,
    /** the newsletter sends an address its confirmation link at most once in this many minutes */
    newsletterConfirmResendMinutes: e.NEWSLETTER_CONFIRM_RESEND_MINUTES,
    /**
     * Scheduled drops and new-arrival e-mails (docs/architecture.md section 16): a drop e-mail goes
     * out once no item has been published by hand for `dropQuietSeconds` (scheduled items at once);
     * `linkSecret` signs the unsubscribe links.
     */
    listing: {
      dropQuietSeconds: e.DROP_MAIL_QUIET_SECONDS,
      linkSecret: createHmac('sha256', e.PAYMENT_WEBHOOK_SECRET ?? DEV_WEBHOOK_SECRET)
        .update('mtumba unsubscribe links')
        .digest('hex'),
    },
    /** Shopper alerts (docs/product.md, Shopper alerts): a cart untouched this long gets its one reminder */
    alerts: { cartReminderHours: e.CART_REMINDER_HOURS },
    /** "Make an offer" (docs/product.md, Make an offer) */
    /** returns and refused deliveries (docs/product.md, Returns and refused deliveries) */
    returns: {
      /** days after delivery in which the customer may ask for a return */
      windowDays: e.SHOP_RETURNS_WINDOW_DAYS,
      /** a return's refund includes the order's delivery fee (else the fee is kept) */
      refundDeliveryFee: e.RETURNS_REFUND_DELIVERY_FEE,
    },
    offers: {
      /** every item takes offers, not only those marked negotiable */
      allItems: e.OFFERS_ALL_ITEMS,
      floorPercent: e.OFFER_FLOOR_PERCENT,
      autoAcceptPercent: e.OFFER_AUTO_ACCEPT_PERCENT,
      holdHours: e.OFFER_HOLD_HOURS,
      /** offers one customer may have waiting for an answer at once */
      maxOpen: e.OFFER_MAX_OPEN,
      /** counters allowed in all, by either side */
      maxRounds: e.OFFER_MAX_ROUNDS,
      /** items one customer's accepted offers may hold at once (they also count toward `orders.maxReservedItems`) */
      maxHeld: e.OFFER_MAX_HELD,
      /** after a customer's accepted offer ran out unused, hours before they may offer on that item again (0: none) */
      cooldownHours: e.OFFER_COOLDOWN_HOURS,
    },
    /**
     * An admin stock edit that says neither what it loaded (`expected_stock`) nor which version
     * (`If-Match`) is refused when orders or offers moved that product's stock within this window.
     */
    stock: { editWindowHours: e.STOCK_EDIT_WINDOW_HOURS },
    rateLimit: { perMinute: e.RATE_LIMIT_PER_MINUTE, authPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE },
    /**
     * How many M-Pesa prompts and SMS verification codes may go to one phone, and be asked for by
     * one account (a pay link's order without an account counts as one), per window
     * (docs/security.md, Limits on connections, prompts and codes).
     */
    sendLimits: {
      prompts: {
        perPhone: e.MPESA_PROMPTS_PER_PHONE,
        perAccount: e.MPESA_PROMPTS_PER_ACCOUNT,
        windowMinutes: e.MPESA_PROMPT_LIMIT_MINUTES,
      },
      smsCodes: {
        perPhone: e.SMS_CODES_PER_PHONE,
        perAccount: e.SMS_CODES_PER_ACCOUNT,
        windowMinutes: e.SMS_CODE_LIMIT_MINUTES,
      },
    },
    trustProxy: e.TRUST_PROXY,
    seed: {
      demo: e.SEED_DEMO,
      /** where demo photos made once are kept for every later shop (seed/photo-cache.ts); null: none */
      photoCacheDir:
        e.DEMO_PHOTO_CACHE_DIR === 'off'
          ? null
          : e.DEMO_PHOTO_CACHE_DIR
            ? resolve(e.DEMO_PHOTO_CACHE_DIR)
            : DEFAULT_PHOTO_CACHE_DIR,
      adminEmail: e.ADMIN_EMAIL,
      adminPassword: e.ADMIN_PASSWORD,
      customerEmail: e.DEMO_CUSTOMER_EMAIL,
      customerPassword: e.DEMO_CUSTOMER_PASSWORD,
    },
    logLevel: e.LOG_LEVEL as string,
    passwordHashCost: e.PASSWORD_HASH_COST,
    /** the Pusher-protocol endpoint for Laravel Echo / pusher-js clients (docs/realtime.md) */
    pusher: {
      enabled: e.PUSHER_ENABLED,
      key: e.PUSHER_APP_KEY,
      secret: e.PUSHER_APP_SECRET ?? derivedPusherSecret(e.PAYMENT_WEBHOOK_SECRET ?? DEV_WEBHOOK_SECRET),
    },
    /**
     * Live-update connections (Socket.IO and Pusher counted together, per instance): at most
     * `maxPerAddress` from one client address and `maxTotal` in all; one that has not signed in
     * (Socket.IO) or subscribed to a private channel (Pusher) after `authTimeoutSeconds` is closed.
     */
    realtime: {
      maxPerAddress: e.REALTIME_MAX_CONNECTIONS_PER_IP,
      maxTotal: e.REALTIME_MAX_CONNECTIONS,
      authTimeoutSeconds: e.REALTIME_AUTH_TIMEOUT_SECONDS,
    },
    /** a session ends after `idleDays` without use, and `maxDays` after sign-in in any case */
    sessions: { idleDays: e.SESSION_IDLE_DAYS, maxDays: e.SESSION_MAX_DAYS },
    /** `npm run backup` and the scheduled backup (SQLite only; intervalHours 0 = off) */
    backup: { dir: resolve(e.BACKUP_DIR), intervalHours: e.BACKUP_INTERVAL_HOURS, keep: e.BACKUP_KEEP },
    /** bearer token for /api/metrics; unset = only from this machine */
    metricsToken: e.METRICS_TOKEN,
    /** manual orders' pay links: how long one works (and holds the items), and the key that signs it */
    payLinks: {
      hours: e.PAY_LINK_HOURS,
      secret: derivedPayLinkSecret(e.PAYMENT_WEBHOOK_SECRET ?? DEV_WEBHOOK_SECRET),
    },
    /**
     * Web Push (docs/architecture.md, Push notifications): the VAPID key pair that signs every push,
     * and the contact the push services see. Without keys (development, tests) the push module
     * makes a pair on first start and keeps it in DATA_DIR; production requires them.
     */
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT ?? `mailto:${e.SHOP_EMAIL}`,
      /** where development keeps the key pair it made */
      keyFile: path.join(dataDir, 'vapid-keys.json'),
    },
    /** human-readable logs; undefined = on in development when stdout is a terminal */
    logPretty: e.LOG_PRETTY,
  };
}

/** The app's configuration (see settingsFrom for what each part means). */
export type Config = ReturnType<typeof settingsFrom>;

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
