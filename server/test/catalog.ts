import { randomBytes } from 'node:crypto';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import sharp from 'sharp';
import { now, type Db } from '../src/db/database.js';
import type { OrderStatus, ProductCondition } from '../src/db/schema.js';
import { productSearchText } from '../src/modules/catalog/search.js';
import { buildTestApp, type TestApp } from './helpers.js';

/** A real PNG of the given size, made by sharp. */
export async function makePng(width = 40, height = 30, color = { r: 200, g: 40, b: 90 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** A distinct PNG each call (content-hashed storage would otherwise share one file). */
export async function uniquePng(): Promise<Buffer> {
  const [r, g, b] = randomBytes(3);
  return makePng(32 + (r % 16), 24 + (g % 16), { r, g, b });
}

export interface FormFile {
  field: string;
  filename: string;
  contentType?: string;
  data: Buffer;
}

/** Encodes a multipart/form-data body as a browser would. Fields may repeat. */
export function multipart(
  fields: [string, string | number | boolean][],
  files: FormFile[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----mtumba${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function insertCategory(db: Db, name: string): Promise<number> {
  const at = now();
  const row = await db
    .insertInto('categories')
    .values({ name, name_key: name.toLowerCase(), created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface ProductFixture {
  name?: string;
  description?: string;
  price_cents?: number;
  stock_quantity?: number;
  categories?: number[];
  size?: string | null;
  brand?: string | null;
  condition?: ProductCondition | null;
  color?: string | null;
  is_featured?: boolean;
  is_trending?: boolean;
  created_at?: string;
  deleted_at?: string | null;
  /** file keys of images, in order (no files are written) */
  images?: string[];
}

let fixtureCounter = 0;

/** Inserts a product directly (fast fixtures); search_text is kept as the service keeps it. */
export async function insertProduct(db: Db, fixture: ProductFixture = {}): Promise<number> {
  fixtureCounter += 1;
  const at = fixture.created_at ?? now();
  const name = fixture.name ?? `Fixture product ${fixtureCounter}`;
  const description = fixture.description ?? '';
  const brand = fixture.brand ?? null;
  const row = await db
    .insertInto('products')
    .values({
      name,
      description,
      price_cents: fixture.price_cents ?? 1000_00,
      stock_quantity: fixture.stock_quantity ?? 1,
      size: fixture.size ?? null,
      brand,
      condition: fixture.condition ?? null,
      color: fixture.color ?? null,
      is_featured: fixture.is_featured ? 1 : 0,
      is_trending: fixture.is_trending ? 1 : 0,
      search_text: productSearchText(name, brand, description),
      created_at: at,
      updated_at: at,
      deleted_at: fixture.deleted_at ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const stock = fixture.stock_quantity ?? 1;
  await db
    .insertInto('stock_movements')
    .values({
      product_id: row.id,
      change: stock,
      stock_after: stock,
      reason: 'opening_balance',
      order_id: null,
      actor: 'system',
      actor_user_id: null,
      note: null,
      created_at: at,
    })
    .execute();
  if (fixture.categories?.length) {
    await db
      .insertInto('product_categories')
      .values(fixture.categories.map((category_id) => ({ product_id: row.id, category_id })))
      .execute();
  }
  if (fixture.images?.length) {
    await db
      .insertInto('product_images')
      .values(
        fixture.images.map((file_key, position) => ({
          product_id: row.id,
          position,
          file_key,
          width: 640,
          height: 480,
          created_at: at,
        })),
      )
      .execute();
  }
  return row.id;
}

/** An order of the user holding the products (one each), inserted directly; returns its id. */
export async function insertOrder(
  db: Db,
  userId: number,
  productIds: number[],
  options: { status?: OrderStatus; created_at?: string; quantity?: number } = {},
): Promise<number> {
  const at = options.created_at ?? now();
  const order = await db
    .insertInto('orders')
    .values({
      user_id: userId,
      order_status: options.status ?? 'delivered',
      payment_status: 'paid',
      subtotal_cents: 0,
      discount_cents: 0,
      delivery_fee_cents: 0,
      total_cents: 0,
      applied_discounts: '[]',
      shipping_address: 'CBD Delivery',
      shipping_phone: '0712345678',
      discount_code: null,
      reserved_until: null,
      stock_released_at: null,
      cancel_requested_at: null,
      paid_at: at,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (productIds.length > 0) {
    await db
      .insertInto('order_items')
      .values(
        productIds.map((product_id) => ({
          order_id: order.id,
          product_id,
          product_name: `Product ${product_id}`,
          product_image_key: null,
          unit_price_cents: 1000_00,
          quantity: options.quantity ?? 1,
        })),
      )
      .execute();
  }
  return order.id;
}

export function daysAgo(days: number): string {
  return new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();
}

/** Counts the SQL statements a Kysely instance executes (subqueries are part of their statement). */
export class QueryCounter implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }
  // Called once per executed statement, whereas transformQuery also sees every subquery builder.
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.count += 1;
    return args.result;
  }
}

/** The whole app over a database handle that counts every query it runs. */
export async function buildCountingApp(): Promise<TestApp & { queries: QueryCounter }> {
  const queries = new QueryCounter();
  const t = await buildTestApp({ appDb: (db) => db.withPlugin(queries) });
  return Object.assign(t, { queries });
}
