import { centsToDecimalString } from '@mtumba/contract';
import { PRODUCTS_CSV_COLUMNS } from '@mtumba/contract/insights';
import { stringify } from 'csv-stringify/sync';
import type { Executor } from '../../db/database.js';
import { neutraliseCell } from '../../lib/csv.js';
import { LIST_SEPARATOR } from './csv-import.js';
import { IMAGE_WIDTHS } from './images.js';
import { productViewRepository } from './view-repository.js';

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
  const catalogRows = productViewRepository(db);
  let afterId = 0;
  for (;;) {
    const products = await catalogRows.exportBatch(afterId, PRODUCTS_CSV_BATCH);
    if (products.length === 0) return;
    const ids = products.map((p) => p.id);
    const [categories, images] = await Promise.all([catalogRows.categoryNamesByKey(ids), catalogRows.imageKeys(ids)]);
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
