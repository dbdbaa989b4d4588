import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../config.js';
import type { StoredImage } from '../modules/catalog/images.js';
import { dialectOf, type Db, type Executor } from '../db/database.js';
import { insertSeedAccounts, prepareSeedAccounts, signInNotice, type SeedAccount } from './accounts.js';
import {
  buildDemoCatalogue,
  demoImageJobs,
  ensureDemoCategories,
  generateProducts,
  insertProducts,
  storeGarmentImages,
} from './catalogue.js';
import { PhotoCache } from './photo-cache.js';
import { insertReviewerOrders, prepareReviewers, reviewedProductNames, type PreparedReviewer } from './reviews.js';

export { generateProducts, insertProducts, type ProductSeed } from './catalogue.js';

export interface SeedOptions {
  /** where the sign-in notice goes (the console by default) */
  print?: (text: string) => void;
  /** the moment the demo shop pretends it is */
  now?: Date;
  /** how many pictures to render at once */
  concurrency?: number;
}

export interface DemoSeedOptions extends SeedOptions {
  /** generated products to add on top of the hand-written catalogue (load tests) */
  extraProducts?: number;
}

export interface DemoCounts {
  categories: number;
  products: number;
  images: number;
  orders: number;
  reviews: number;
}

export interface SeedResult {
  seeded: boolean;
  accounts: { role: SeedAccount['role']; email: string }[];
  demo?: DemoCounts;
  ms: number;
}

// one arbitrary number: instances starting together on one PostgreSQL database take turns
const SEED_LOCK_KEY = 7_211_996;

/** True when nobody has used the database yet: no accounts and no products. */
export async function isDatabaseEmpty(db: Executor): Promise<boolean> {
  const user = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (user) return false;
  const product = await db.selectFrom('products').select('id').limit(1).executeTakeFirst();
  return !product;
}

interface PreparedDemo {
  imagesByProduct: StoredImage[][];
  reviewers: PreparedReviewer[];
}

/** The slow part, done before any transaction: pictures rendered to disk, passwords hashed. */
async function prepareDemo(config: Config, options: SeedOptions): Promise<PreparedDemo> {
  const jobs = demoImageJobs();
  const [stored, reviewers] = await Promise.all([
    storeGarmentImages(
      jobs.flat(),
      config.uploadDir,
      options.concurrency,
      config.seed.photoCacheDir ? new PhotoCache(config.seed.photoCacheDir) : undefined,
    ),
    prepareReviewers(config),
  ]);
  let next = 0;
  const imagesByProduct = jobs.map((views) => views.map(() => stored[next++]));
  return { imagesByProduct, reviewers };
}

async function writeDemo(
  db: Executor,
  prepared: PreparedDemo,
  adminId: number | null,
  options: DemoSeedOptions,
): Promise<DemoCounts> {
  const now = options.now ?? new Date();
  const categoryIds = await ensureDemoCategories(db, now.toISOString());
  const catalogue = buildDemoCatalogue(categoryIds, prepared.imagesByProduct, {
    now,
    boughtEarly: reviewedProductNames(),
  });
  const productIds = await insertProducts(db, catalogue.seeds);
  const { orders, reviews } = await insertReviewerOrders(db, {
    catalogue,
    productIds,
    reviewers: prepared.reviewers,
    adminId,
    now,
  });
  const distinctImages = [...new Map(prepared.imagesByProduct.flat().map((i) => [i.file_key, i])).values()];
  let products = productIds.length;
  if (options.extraProducts) {
    const categories = [...categoryIds].map(([name, id]) => ({ id, name }));
    const extra = generateProducts(options.extraProducts, { categories, images: distinctImages, now });
    products += (await insertProducts(db, extra)).length;
  }
  return { categories: categoryIds.size, products, images: distinctImages.length, orders, reviews };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * On a database nobody has used yet (no accounts, no products): creates the admin account, and
 * unless SEED_DEMO=0 a demo customer and the demo catalogue, then prints how to sign in.
 * Does nothing on any other database, also when several instances start at once.
 */
export async function seedIfEmpty(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
  options: SeedOptions = {},
): Promise<SeedResult> {
  const started = performance.now();
  if (!(await isDatabaseEmpty(db))) return { seeded: false, accounts: [], ms: performance.now() - started };

  const [accounts, prepared] = await Promise.all([
    prepareSeedAccounts(config, { customer: config.seed.demo }),
    config.seed.demo ? prepareDemo(config, options) : undefined,
  ]);
  const written = await db.transaction().execute(async (trx) => {
    if (dialectOf(db) === 'postgres') await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    if (!(await isDatabaseEmpty(trx))) return undefined;
    const ids = await insertSeedAccounts(trx, accounts, (options.now ?? new Date()).toISOString());
    return { demo: prepared ? await writeDemo(trx, prepared, ids.admin ?? null, options) : undefined };
  });
  const ms = performance.now() - started;
  if (!written) return { seeded: false, accounts: [], ms };

  if (written.demo) {
    log.info({ ...written.demo, ms: Math.round(ms) }, `demo shop seeded in ${seconds(ms)}`);
  } else {
    log.info({ ms: Math.round(ms) }, 'demo catalogue is off (SEED_DEMO=0): created the admin account only');
  }
  (options.print ?? console.log)(signInNotice(config, accounts));
  return { seeded: true, accounts: accounts.map((a) => ({ role: a.role, email: a.email })), demo: written.demo, ms };
}

/**
 * Adds the demo catalogue (categories reused by name, new products, reviewers with delivered
 * orders and reviews) to any database, plus `extraProducts` generated ones.
 */
export async function seedDemo(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
  options: DemoSeedOptions = {},
): Promise<DemoCounts> {
  const started = performance.now();
  const prepared = await prepareDemo(config, options);
  const counts = await db.transaction().execute(async (trx) => {
    const admin = await trx
      .selectFrom('users')
      .select('id')
      .where('is_admin', '=', 1)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return writeDemo(trx, prepared, admin?.id ?? null, options);
  });
  const ms = performance.now() - started;
  log.info({ ...counts, ms: Math.round(ms) }, `demo catalogue added in ${seconds(ms)}`);
  return counts;
}
