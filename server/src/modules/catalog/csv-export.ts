import { centsToDecimalString } from '@mtumba/contract';
import { PRODUCTS_CSV_COLUMNS } from '@mtumba/contract/insights';
import { stringify } from 'csv-stringify/sync';
import type { Executor } from '../../db/database.js';
import { neutraliseCell } from '../../lib/csv.js';
import { LIST_SEPARATOR } from './csv-import.js';
import { IMAGE_WIDTHS } from './images.js';

/** Products read per query while the CSV is written. */
export const PRODUCTS_CSV_BATCH = 500;
const LARGEST_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];

/**
 * The catalogue as CSV, in the import's format (docs/product.md section 12): every live product,
 * oldest first, batch by batch. Photos are named as stored (`{file_key}-1024.webp`), which an
 * import into the same shop takes as the same photos.
 */
export async function* productsCsv(db: Executor): AsyncGenerator<string> {
  yield stringify([[...PRODUCTS_CSV_COLUMNS]]);
  let afterId = 0;
  for (;;) {
    const products = await db
      .selectFrom('products')
      .select([
        'id',
        'name',
        'description',
        'price_cents',
        'compare_at_price_cents',
        'stock_quantity',
        'size',
        'condition',
        'brand',
        'color',
        'is_featured',
        'is_trending',
        'status',
      ])
      .where('deleted_at', 'is', null)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(PRODUCTS_CSV_BATCH)
      .execute();
    if (products.length === 0) return;
    const ids = products.map((p) => p.id);
    const [categories, images] = await Promise.all([
      db
        .selectFrom('product_categories as pc')
        .innerJoin('categories as c', 'c.id', 'pc.category_id')
        .select(['pc.product_id', 'c.name'])
        .where('pc.product_id', 'in', ids)
        .orderBy('pc.product_id')
        .orderBy('c.name_key')
        .execute(),
      db
        .selectFrom('product_images')
        .select(['product_id', 'file_key'])
        .where('product_id', 'in', ids)
        .orderBy('product_id')
        .orderBy('position')
        .orderBy('id')
        .execute(),
    ]);
    const group = <T extends { product_id: number }>(rows: T[], value: (r: T) => string) => {
      const map = new Map<number, string[]>();
      for (const r of rows) map.set(r.product_id, [...(map.get(r.product_id) ?? []), value(r)]);
      return map;
    };
    const categoriesOf = group(categories, (r) => r.name);
    const imagesOf = group(images, (r) => `${r.file_key}-${LARGEST_WIDTH}.webp`);
    const text = (v: string | null) => neutraliseCell(v ?? '');
    const rows = products.map((p) => [
      text(p.name),
      text(p.description),
      centsToDecimalString(p.price_cents),
      p.compare_at_price_cents == null ? '' : centsToDecimalString(p.compare_at_price_cents),
      String(p.stock_quantity),
      text((categoriesOf.get(p.id) ?? []).join(`${LIST_SEPARATOR} `)),
      text(p.size),
      text(p.condition),
      text(p.brand),
      text(p.color),
      p.is_featured ? 'yes' : 'no',
      p.is_trending ? 'yes' : 'no',
      (imagesOf.get(p.id) ?? []).join(`${LIST_SEPARATOR} `),
      // a scheduled item comes back as a draft: its time is not part of the file
      p.status === 'published' ? 'published' : 'draft',
    ]);
    yield stringify(rows);
    afterId = ids[ids.length - 1]!;
    if (products.length < PRODUCTS_CSV_BATCH) return;
  }
}
