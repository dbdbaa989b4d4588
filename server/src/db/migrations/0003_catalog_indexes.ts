import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against a schema that is being built
type AnyDb = Kysely<any>;

/**
 * Indexes for the catalogue's case-insensitive thrift filters (`lower(brand) = ?` …), for
 * finding whether an image file is still shown before its files are removed, and on PostgreSQL a
 * trigram index so `search_text like '%…%'` (listing `q` and search) need not read every product.
 */
export async function up(db: AnyDb): Promise<void> {
  const live = sql<boolean>`deleted_at is null`;
  for (const column of ['size', 'brand', 'color']) {
    await db.schema
      .createIndex(`products_${column}_lower_idx`)
      .on('products')
      .expression(sql`lower(${sql.ref(column)})`)
      .where(live)
      .execute();
  }
  await db.schema.createIndex('product_images_file_key_idx').on('product_images').column('file_key').execute();
  await db.schema
    .createIndex('order_items_image_key_idx')
    .on('order_items')
    .column('product_image_key')
    .where(sql<boolean>`product_image_key is not null`)
    .execute();
  if (dialectOf(db) === 'postgres') await createTrigramIndex(db);
}

/**
 * pg_trgm is a trusted extension (PostgreSQL 13+): a role that may create objects in the database
 * can install it. Where it is neither installed nor installable, search still works by scanning.
 */
async function createTrigramIndex(db: AnyDb): Promise<void> {
  // Several schemas of one database may migrate at once; the extension is installed only once.
  await sql`select pg_advisory_xact_lock(hashtext('mtumba:pg_trgm'))`.execute(db);
  const installed = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  let schema = installed.rows[0]?.schema;
  if (!schema) {
    const allowed = await sql<{ ok: boolean }>`
      select exists (select 1 from pg_available_extensions where name = 'pg_trgm')
        and has_database_privilege(current_database(), 'CREATE')
        and has_schema_privilege('public', 'CREATE') as ok`.execute(db);
    if (!allowed.rows[0]?.ok) return;
    // In public, shared by every schema of the database (tests use one schema each).
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    schema = 'public';
  }
  await sql`create index products_search_trgm_idx on products
    using gin (search_text ${sql.raw(`"${schema.replace(/"/g, '""')}".gin_trgm_ops`)})
    where deleted_at is null`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const name of [
    'products_search_trgm_idx',
    'order_items_image_key_idx',
    'product_images_file_key_idx',
    'products_color_lower_idx',
    'products_brand_lower_idx',
    'products_size_lower_idx',
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
