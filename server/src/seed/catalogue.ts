import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Insertable } from 'kysely';
import { imageFiles, storeImage, type StoredImage } from '../modules/catalog/images.js';
import { newProductRow } from '../modules/catalog/new-product.js';
import type { Executor } from '../db/database.js';
import type { ProductCondition, ProductsTable } from '../db/schema.js';
import {
  COLOURS,
  DEMO_CATEGORIES,
  DEMO_PRODUCTS,
  type ColourName,
  type DemoCategory,
  type DemoProduct,
} from './demo-data.js';
import type { PhotoCache } from './photo-cache.js';
import { garmentSvg, renderGarment, type GarmentKind, type GarmentLook, type GarmentView } from './garments.js';

/** One product ready to insert: its row, its categories and its images in order. */
export interface ProductSeed {
  row: Insertable<ProductsTable>;
  categoryIds: number[];
  images: StoredImage[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A small deterministic random generator, so every demo shop looks the same. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------- images

/**
 * The photos of each demo product, cycling: one to four. A fabric swatch depends only on the
 * cloth, so it is shared between products, which keeps the first start quick.
 */
const IMAGE_SETS: GarmentView[][] = [
  ['front', 'fabric'],
  ['front'],
  ['front'],
  ['front', 'back', 'fabric'],
  ['front'],
  ['front', 'fabric'],
  ['front'],
  ['front'],
  ['front', 'back', 'detail', 'fabric'],
  ['front'],
  ['front', 'fabric'],
  ['front'],
];

export function demoLook(product: DemoProduct): GarmentLook {
  return {
    kind: product.kind,
    color: COLOURS[product.color],
    pattern: product.pattern,
    accent: product.accent,
    kids: product.kids,
  };
}

export function demoImageViews(index: number): GarmentView[] {
  return IMAGE_SETS[index % IMAGE_SETS.length];
}

// pictures already stored by this process, by upload directory and drawing
const storedBefore = new Map<string, StoredImage>();

function stillStored(uploadDir: string, image: StoredImage | undefined): image is StoredImage {
  return !!image && imageFiles(image.file_key).every((f) => fs.existsSync(path.join(uploadDir, f)));
}

/**
 * Renders and stores every distinct picture once (an identical drawing has an identical
 * content hash, so it would only be written again), a few at a time; with `cache`, a picture
 * made before (photo-cache.ts) is copied instead, and a new one kept there.
 */
export async function storeGarmentImages(
  jobs: { look: GarmentLook; view: GarmentView }[],
  uploadDir: string,
  concurrency = Math.max(2, Math.min(4, os.availableParallelism())),
  cache?: PhotoCache,
): Promise<StoredImage[]> {
  const unique = new Map<string, { look: GarmentLook; view: GarmentView }>();
  const keys = jobs.map((job) => {
    const key = garmentSvg(job.look, job.view);
    if (!unique.has(key)) unique.set(key, job);
    return key;
  });
  const stored = new Map<string, StoredImage>();
  const queue = [...unique.entries()];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [key, job] = next;
      const cacheKey = `${uploadDir}\n${key}`;
      const before = storedBefore.get(cacheKey);
      let image = stillStored(uploadDir, before) ? before : await cache?.take(key, uploadDir);
      if (!image) {
        image = await storeImage(await renderGarment(job.look, job.view), uploadDir);
        await cache?.keep(key, image, uploadDir);
      }
      storedBefore.set(cacheKey, image);
      stored.set(key, image);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
  return keys.map((key) => stored.get(key)!);
}

// ---------------------------------------------------------------- the demo catalogue

export interface DemoCatalogue {
  seeds: ProductSeed[];
  /** product name → index in seeds */
  byName: Map<string, number>;
}

/**
 * The hand-written demo products as rows. Products that the demo customers bought are listed
 * a few weeks before their orders; the rest are spread over the last six weeks.
 */
export function buildDemoCatalogue(
  categoryIds: ReadonlyMap<DemoCategory, number>,
  imagesByProduct: StoredImage[][],
  options: { now?: Date; boughtEarly?: ReadonlySet<string> } = {},
): DemoCatalogue {
  const now = (options.now ?? new Date()).getTime();
  const random = seededRandom(254);
  const byName = new Map<string, number>();
  const seeds = DEMO_PRODUCTS.map((p, i): ProductSeed => {
    byName.set(p.name, i);
    const daysAgo = options.boughtEarly?.has(p.name) ? 36 + random() * 8 : random() * 42;
    const created = new Date(now - daysAgo * DAY_MS - i * 60_000).toISOString();
    return {
      row: {
        ...newProductRow(
          {
            name: p.name,
            description: p.description,
            price: p.price * 100,
            compare_at_price: null,
            size: p.size,
            brand: p.brand,
            condition: p.condition,
            color: p.color,
            is_featured: p.featured,
            is_trending: p.trending,
            // the dearer hand-picked pieces take offers in the demo shop (docs/product.md, Make an offer)
            negotiable: p.price >= 800,
          },
          created,
        ),
        stock_quantity: p.stock,
      },
      categoryIds: p.categories.map((name) => categoryIds.get(name)!),
      images: imagesByProduct[i],
    };
  });
  return { seeds, byName };
}

/** Every picture the demo catalogue needs, product by product. */
export function demoImageJobs(): { look: GarmentLook; view: GarmentView }[][] {
  return DEMO_PRODUCTS.map((p, i) => demoImageViews(i).map((view) => ({ look: demoLook(p), view })));
}

// ---------------------------------------------------------------- bulk products (benchmarks)

const ITEMS: {
  kind: GarmentKind;
  names: string[];
  category: DemoCategory;
  min: number;
  max: number;
  sizes: string[];
}[] = [
  {
    kind: 'dress',
    names: ['Wrap Dress', 'Midi Dress', 'Shirt Dress', 'Maxi Dress', 'Skater Dress'],
    category: 'Dresses',
    min: 400,
    max: 1800,
    sizes: ['XS', 'S', 'M', 'L', 'XL'],
  },
  {
    kind: 'tshirt',
    names: ['Crew Neck Tee', 'Graphic Tee', 'Polo Shirt', 'V-Neck Tee'],
    category: 'Tops & Blouses',
    min: 200,
    max: 800,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
  },
  {
    kind: 'blouse',
    names: ['Chiffon Blouse', 'Satin Blouse', 'Peasant Blouse'],
    category: 'Tops & Blouses',
    min: 300,
    max: 1000,
    sizes: ['XS', 'S', 'M', 'L'],
  },
  {
    kind: 'hoodie',
    names: ['Pullover Hoodie', 'Fleece Sweatshirt'],
    category: 'Tops & Blouses',
    min: 700,
    max: 1600,
    sizes: ['S', 'M', 'L', 'XL'],
  },
  {
    kind: 'jeans',
    names: ['Straight Jeans', 'Slim Jeans', 'Mom Jeans', 'Bootcut Jeans'],
    category: 'Jeans & Trousers',
    min: 600,
    max: 1900,
    sizes: ['28', '30', '32', '34', '36'],
  },
  {
    kind: 'trousers',
    names: ['Chinos', 'Tailored Trousers', 'Cargo Pants'],
    category: 'Jeans & Trousers',
    min: 500,
    max: 1400,
    sizes: ['30', '32', '34', '36'],
  },
  {
    kind: 'bomber',
    names: ['Bomber Jacket', 'Puffer Jacket', 'Fleece Jacket'],
    category: 'Jackets & Coats',
    min: 1200,
    max: 3500,
    sizes: ['S', 'M', 'L', 'XL'],
  },
  {
    kind: 'jacket',
    names: ['Blazer', 'Suit Jacket'],
    category: 'Jackets & Coats',
    min: 1200,
    max: 3000,
    sizes: ['S', 'M', 'L', 'XL'],
  },
  {
    kind: 'skirt',
    names: ['Pleated Skirt', 'A-Line Skirt', 'Pencil Skirt'],
    category: 'Skirts',
    min: 350,
    max: 1100,
    sizes: ['XS', 'S', 'M', 'L'],
  },
  {
    kind: 'shirt',
    names: ['Oxford Shirt', 'Check Shirt', 'Linen Shirt', 'Formal Shirt'],
    category: 'Menswear Shirts',
    min: 400,
    max: 1500,
    sizes: ['M', 'L', 'XL', 'XXL'],
  },
  {
    kind: 'sneaker',
    names: ['Sneakers', 'Running Shoes', 'Canvas Trainers'],
    category: 'Shoes',
    min: 900,
    max: 3800,
    sizes: ['38', '39', '40', '41', '42', '43', '44'],
  },
  {
    kind: 'bag',
    names: ['Handbag', 'Crossbody Bag', 'Tote Bag'],
    category: 'Bags & Accessories',
    min: 500,
    max: 2500,
    sizes: [],
  },
];
const BRANDS = [
  'Zara',
  'H&M',
  "Levi's",
  'Nike',
  'Mango',
  'Marks & Spencer',
  'Adidas',
  'Tommy Hilfiger',
  'Woolworths',
  'Next',
  'Primark',
  null,
];
const CONDITIONS: ProductCondition[] = ['new with tags', 'like new', 'like new', 'good', 'good', 'good', 'fair'];
const CONDITION_NOTES: Record<ProductCondition, string> = {
  'new with tags': 'Never worn, original tags attached.',
  'like new': 'Worn once or twice, no marks.',
  good: 'Gently used with light signs of wear.',
  fair: 'Visible wear, priced to match.',
};
const COLOUR_NAMES = Object.keys(COLOURS) as ColourName[];

/**
 * `count` plausible product rows, quickly and deterministically, for load tests: each takes
 * 1-4 of the given images and the category matching its kind when one of that name is given
 * (otherwise any of them).
 */
export function generateProducts(
  count: number,
  options: { categories: { id: number; name: string }[]; images: StoredImage[]; seed?: number; now?: Date },
): ProductSeed[] {
  if (options.categories.length === 0) throw new Error('generateProducts needs at least one category');
  if (options.images.length === 0) throw new Error('generateProducts needs at least one image');
  const random = seededRandom(options.seed ?? 7);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const byName = new Map(options.categories.map((c) => [c.name, c.id]));
  const now = (options.now ?? new Date()).getTime();
  const seeds: ProductSeed[] = [];
  for (let i = 0; i < count; i++) {
    const item = pick(ITEMS);
    const brand = pick(BRANDS);
    const colour = pick(COLOUR_NAMES);
    const condition = pick(CONDITIONS);
    const name = `${brand ?? 'Vintage'} ${colour} ${pick(item.names)}`;
    const description = `${colour} ${item.names[0].toLowerCase()} from a ${pick(['UK', 'US', 'Canadian', 'German'])} bale. ${CONDITION_NOTES[condition]} ${pick(['True to size.', 'Fits a little small.', 'Relaxed fit.', 'Measurements on request.'])}`;
    const price = Math.round((item.min + random() * (item.max - item.min)) / 50) * 50;
    const roll = random();
    const created = new Date(now - random() * 60 * DAY_MS).toISOString();
    const imageCount = 1 + Math.floor(random() * 4);
    const first = Math.floor(random() * options.images.length);
    // drawn before the size and flags, as always: the same seed makes the same shop
    const stock = roll < 0.12 ? 0 : roll < 0.9 ? 1 : 2 + Math.floor(random() * 4);
    seeds.push({
      row: {
        ...newProductRow(
          {
            name,
            description,
            price: Math.min(4500, Math.max(150, price)) * 100,
            compare_at_price: null,
            size: item.sizes.length ? pick(item.sizes) : null,
            brand,
            condition,
            color: colour,
            is_featured: random() < 0.05,
            is_trending: random() < 0.08,
          },
          created,
        ),
        stock_quantity: stock,
      },
      categoryIds: [byName.get(item.category) ?? options.categories[i % options.categories.length].id],
      images: Array.from(
        { length: Math.min(imageCount, options.images.length) },
        (_v, k) => options.images[(first + k) % options.images.length],
      ),
    });
  }
  return seeds;
}

// ---------------------------------------------------------------- writing

/**
 * Inserts products with their categories and images, a batch per statement, and returns the
 * new ids in the order given. Within one statement ids are assigned in row order on both
 * databases, so sorting the returned ids lines them up with the rows.
 */
export async function insertProducts(db: Executor, seeds: ProductSeed[], batchSize = 250): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < seeds.length; start += batchSize) {
    const batch = seeds.slice(start, start + batchSize);
    const inserted = await db
      .insertInto('products')
      .values(batch.map((s) => s.row))
      .returning('id')
      .execute();
    const batchIds = inserted.map((r) => r.id).sort((a, b) => a - b);
    const categories = batch.flatMap((s, i) =>
      [...new Set(s.categoryIds)].map((categoryId) => ({ product_id: batchIds[i], category_id: categoryId })),
    );
    const images = batch.flatMap((s, i) =>
      s.images.map((image, position) => ({
        product_id: batchIds[i],
        position,
        file_key: image.file_key,
        width: image.width,
        height: image.height,
        created_at: s.row.created_at,
      })),
    );
    if (categories.length) await db.insertInto('product_categories').values(categories).execute();
    // the stock ledger starts with each product's opening stock
    await db
      .insertInto('stock_movements')
      .values(
        batch.map((s, i) => ({
          product_id: batchIds[i]!,
          change: s.row.stock_quantity,
          stock_after: s.row.stock_quantity,
          reason: 'opening_balance',
          order_id: null,
          actor: 'system',
          actor_user_id: null,
          note: null,
          created_at: s.row.created_at,
        })),
      )
      .execute();
    for (let k = 0; k < images.length; k += 1000) {
      await db
        .insertInto('product_images')
        .values(images.slice(k, k + 1000))
        .execute();
    }
    ids.push(...batchIds);
  }
  return ids;
}

/** Creates the demo categories that do not exist yet and returns all of them by name. */
export async function ensureDemoCategories(db: Executor, at: string): Promise<Map<DemoCategory, number>> {
  await db
    .insertInto('categories')
    .values(DEMO_CATEGORIES.map((name) => ({ name, name_key: name.toLowerCase(), created_at: at, updated_at: at })))
    .onConflict((oc) => oc.column('name_key').doNothing())
    .execute();
  const rows = await db
    .selectFrom('categories')
    .select(['id', 'name_key'])
    .where(
      'name_key',
      'in',
      DEMO_CATEGORIES.map((n) => n.toLowerCase()),
    )
    .execute();
  const byKey = new Map(rows.map((r) => [r.name_key, r.id]));
  return new Map(DEMO_CATEGORIES.map((name) => [name, byKey.get(name.toLowerCase())!]));
}
