import { LIMITS } from '@mtumba/contract';
import {
  IMPORT_HAS_ERRORS,
  IMPORT_LIMITS,
  IMPORT_STATUS_INVALID,
  PRODUCTS_CSV_COLUMNS,
  PRODUCTS_CSV_REQUIRED,
  type ImportPreview,
  type ImportRowError,
  type ImportStatus,
  type ProductsCsvColumn,
} from '@mtumba/contract/insights';
import { CATEGORY_NAME_MAX, productFieldsSchema, type ProductFields } from '@mtumba/contract/product';
import { parse } from 'csv-parse/sync';
import { isUniqueViolation, now, type Db, type Executor } from '../../db/database.js';
import { looksLikeFormula, restoreCell } from '../../lib/csv.js';
import { DomainError } from '../../lib/errors.js';
import type { StoredImage } from './images.js';
import { insertProduct } from './new-product.js';
import { categoryRepository } from './repository.js';
import { productViewRepository } from './view-repository.js';

/**
 * Bulk import of items from CSV (docs/product.md section 12): the file is read and every row
 * checked before anything is written; a file with any bad row writes nothing, and a good one is
 * written in one transaction, stock through the ledger's opening movement.
 */

export const LIST_SEPARATOR = ';';
/** An image the shop already stores, as the export names it: `{file_key}-{width}.webp`. */
const STORED_IMAGE_NAME = /^([0-9a-f]{32})-(?:320|640|1024)\.webp$/;

const HEADER_ALIASES: Record<string, ProductsCsvColumn> = {
  colour: 'color',
  stock_quantity: 'stock',
  quantity: 'stock',
  category: 'categories',
  compare_at: 'compare_at_price',
  old_price: 'compare_at_price',
  is_featured: 'featured',
  is_trending: 'trending',
  photos: 'images',
  image: 'images',
  publish: 'status',
};

const fileTooLarge = () =>
  new DomainError('too_large', `The file is too large: at most ${IMPORT_LIMITS.maxFileBytes / (1024 * 1024)} MB.`);

export interface ImportRow {
  line: number;
  name: string;
  fields?: Omit<ProductFields, 'categories'>;
  categoryNames: string[];
  /** photo file names as written in the file (matched without regard to case) */
  imageNames: string[];
  status: ImportStatus;
  errors: string[];
}

export interface ParsedImport {
  fileErrors: string[];
  rows: ImportRow[];
}

function normaliseHeader(cell: string): string {
  const key = cell
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return HEADER_ALIASES[key] ?? key;
}

/** `a; b ;; c` → ['a', 'b', 'c']. */
function listOf(cell: string): string[] {
  return cell
    .split(LIST_SEPARATOR)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The last part of a path: `C:\photos\IMG_1.jpg` and `photos/IMG_1.jpg` are `IMG_1.jpg`. */
export function photoBaseName(name: string): string {
  return name.split(/[\\/]/).pop()!.trim();
}

/** Reads and checks the CSV file on its own (categories and photos are checked by `resolveImport`). */
export function parseProductsCsv(file: Buffer): ParsedImport {
  if (file.length > IMPORT_LIMITS.maxFileBytes) throw fileTooLarge();
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    parsed = parse(file, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as typeof parsed;
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    throw new DomainError(
      'invalid',
      `The file could not be read as CSV${line ? ` (near line ${line})` : ''}. Save it as CSV (comma-separated) and try again.`,
    );
  }
  // The line a record starts on: where it ends, less the line breaks inside its quoted cells.
  const lineNumbers = new Map<string[], number>();
  for (const { record, info } of parsed) {
    lineNumbers.set(record, info.lines - record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0));
  }
  const records = parsed.map((p) => p.record);
  const [header, ...data] = records;
  if (!header) return { fileErrors: ['The file is empty.'], rows: [] };
  const columns = header.map(normaliseHeader);
  const fileErrors: string[] = [];
  columns.forEach((column, i) => {
    if (!(PRODUCTS_CSV_COLUMNS as readonly string[]).includes(column)) {
      fileErrors.push(`Unknown column "${header[i]!.trim()}". The columns are: ${PRODUCTS_CSV_COLUMNS.join(', ')}.`);
    } else if (columns.indexOf(column) !== i) {
      fileErrors.push(`The column "${column}" appears twice.`);
    }
  });
  for (const required of PRODUCTS_CSV_REQUIRED) {
    if (!columns.includes(required)) fileErrors.push(`Missing column "${required}".`);
  }
  const lines = data.filter((cells) => cells.some((c) => c.trim() !== ''));
  if (lines.length > IMPORT_LIMITS.maxRows) {
    throw new DomainError(
      'too_large',
      `The file has ${lines.length} items: at most ${IMPORT_LIMITS.maxRows} can be imported at once. Split it into smaller files.`,
    );
  }
  if (fileErrors.length > 0) return { fileErrors, rows: [] };
  if (lines.length === 0) return { fileErrors: ['The file has no items: only a header line.'], rows: [] };

  const rows = lines.map((cells, index) =>
    parseRow(cells, columns as ProductsCsvColumn[], lineNumbers.get(cells) ?? index + 2),
  );
  return { fileErrors: [], rows };
}

const PUBLISHED_WORDS = new Set(['published', 'publish', 'yes', 'true', '1']);
const DRAFT_WORDS = new Set(['', 'draft', 'no', 'false', '0']);

/** The status cell: an item is a draft unless the file says to publish it. */
export function importStatus(cell: string | undefined): ImportStatus | undefined {
  const word = (cell ?? '').trim().toLowerCase();
  if (DRAFT_WORDS.has(word)) return 'draft';
  if (PUBLISHED_WORDS.has(word)) return 'published';
  return undefined;
}

function parseRow(cells: string[], columns: ProductsCsvColumn[], line: number): ImportRow {
  const errors: string[] = [];
  const value: Partial<Record<ProductsCsvColumn, string>> = {};
  if (cells.length !== columns.length) {
    errors.push(`This line has ${cells.length} cells; the header has ${columns.length}.`);
  }
  columns.forEach((column, i) => {
    const text = (cells[i] ?? '').trim();
    if (text.includes('\u0000')) {
      // No database keeps a NUL character in text (PostgreSQL refuses it): say where it is rather
      // than drop it silently, so nothing the shop wrote is lost without its knowing.
      errors.push(
        `The ${column} contains a NUL character (an invisible control character, often from a damaged or binary file): remove it and import again.`,
      );
      value[column] = '';
    } else if (looksLikeFormula(text)) {
      errors.push(
        `The ${column} starts with "${text[0] === '\t' ? 'a tab' : text[0]}", which a spreadsheet runs as a formula: formulas are not accepted (start the text with an apostrophe to keep it).`,
      );
      value[column] = '';
    } else {
      value[column] = restoreCell(text);
    }
  });
  const name = value.name ?? '';
  const parsed = productFieldsSchema.safeParse({
    name,
    description: value.description,
    price: value.price ?? '',
    compare_at_price: value.compare_at_price,
    stock_quantity: value.stock ?? '',
    categories: [1],
    size: value.size,
    brand: value.brand,
    color: value.color,
    condition: value.condition,
    is_featured: value.featured,
    is_trending: value.trending,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) if (!errors.includes(issue.message)) errors.push(issue.message);
  }
  const categoryNames = listOf(value.categories ?? '');
  if (categoryNames.length === 0) errors.push('Please give at least one category.');
  for (const c of categoryNames) {
    if (c.length > CATEGORY_NAME_MAX)
      errors.push(`The category "${c.slice(0, 30)}…" is longer than ${CATEGORY_NAME_MAX} characters.`);
  }
  const imageNames = listOf(value.images ?? '').map(photoBaseName);
  if (imageNames.length > LIMITS.maxImages) errors.push(`At most ${LIMITS.maxImages} photos per item.`);
  const status = importStatus(value.status);
  if (!status) errors.push(IMPORT_STATUS_INVALID);
  let fields: ImportRow['fields'];
  if (parsed.success) {
    const { categories: _ignored, ...rest } = parsed.data;
    fields = rest;
  }
  return { line, name, fields, categoryNames, imageNames, status: status ?? 'draft', errors };
}

/** Photos the import can use: uploaded with it (by lower-cased name) and already stored ones. */
export interface PhotoSource {
  /** names of the files sent with the import (any case) */
  uploaded: string[];
  /** photos sent that could not be read, with the reason */
  unreadable?: Map<string, string>;
}

export interface ResolvedImport {
  preview: ImportPreview;
  parsed: ParsedImport;
  /** category name key → id, for the existing ones */
  categoryIds: Map<string, number>;
  /** stored images named as the export names them, by lower-cased name */
  storedImages: Map<string, StoredImage>;
}

/**
 * A file names up to 1000 items with any number of categories and photos each: the lookups go in
 * slices well under SQLite's limit on bound values in one statement (32,766; older builds 999).
 */
const IN_CHUNK = 500;
function inChunks<T>(values: readonly T[]): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < values.length; i += IN_CHUNK) chunks.push(values.slice(i, i + IN_CHUNK));
  return chunks;
}

/** Checks categories and photos against the shop, and builds the preview the admin sees. */
export async function resolveImport(
  db: Executor,
  parsed: ParsedImport,
  options: { createCategories: boolean; photos: PhotoSource },
): Promise<ResolvedImport> {
  const keys = [...new Set(parsed.rows.flatMap((r) => r.categoryNames.map((c) => c.toLowerCase())))];
  const categoryIds = new Map<string, number>();
  for (const part of inChunks(keys)) {
    const found = await categoryRepository(db).byNameKeys(part);
    for (const c of found) categoryIds.set(c.name_key, c.id);
  }
  const fileKeys = [
    ...new Set(
      parsed.rows.flatMap((r) =>
        r.imageNames.map((n) => STORED_IMAGE_NAME.exec(n.toLowerCase())?.[1]).filter((k): k is string => !!k),
      ),
    ),
  ];
  const storedByKey = new Map<string, StoredImage>();
  for (const part of inChunks(fileKeys)) {
    const rows = await productViewRepository(db).storedImages(part);
    for (const r of rows)
      storedByKey.set(r.file_key, { file_key: r.file_key, width: r.width ?? 0, height: r.height ?? 0 });
  }
  const uploaded = new Set(options.photos.uploaded.map((n) => photoBaseName(n).toLowerCase()));
  const storedImages = new Map<string, StoredImage>();
  const referenced = new Set<string>();
  const newCategories = new Map<string, string>();
  const errors: ImportRowError[] = [];

  for (const row of parsed.rows) {
    const rowErrors = [...row.errors];
    for (const name of row.categoryNames) {
      const key = name.toLowerCase();
      if (categoryIds.has(key)) continue;
      if (options.createCategories) {
        if (!newCategories.has(key)) newCategories.set(key, name);
      } else {
        rowErrors.push(`Unknown category "${name}".`);
      }
    }
    for (const name of row.imageNames) {
      const lower = name.toLowerCase();
      referenced.add(lower);
      const unreadable = options.photos.unreadable?.get(lower);
      if (unreadable) {
        rowErrors.push(`The photo "${name}" could not be used: ${unreadable}`);
      } else if (uploaded.has(lower)) {
        continue;
      } else {
        const key = STORED_IMAGE_NAME.exec(lower)?.[1];
        const stored = key ? storedByKey.get(key) : undefined;
        if (stored) storedImages.set(lower, stored);
        else rowErrors.push(`The photo "${name}" was not among the photos sent.`);
      }
    }
    if (rowErrors.length > 0) errors.push({ line: row.line, name: row.name, errors: rowErrors });
  }

  const preview: ImportPreview = {
    ok: parsed.fileErrors.length === 0 && errors.length === 0,
    rows: parsed.rows.length,
    errors,
    file_errors: parsed.fileErrors,
    new_categories: [...newCategories.values()],
    sample: parsed.rows.slice(0, 20).map((r) => ({
      line: r.line,
      name: r.name,
      price: (r.fields?.price ?? 0) / 100,
      stock: r.fields?.stock_quantity ?? 0,
      categories: r.categoryNames,
      images: r.imageNames,
      status: r.status,
    })),
    unused_photos: options.photos.uploaded.filter((n) => !referenced.has(photoBaseName(n).toLowerCase())),
  };
  return { preview, parsed, categoryIds, storedImages };
}

/** The error of a file that cannot be imported: 422 with the whole preview (every bad row). */
export function importRefused(preview: ImportPreview): DomainError {
  const message = preview.file_errors[0] ?? IMPORT_HAS_ERRORS;
  return new DomainError('invalid', message, { extra: { preview } });
}

/**
 * Writes a checked import in one transaction: new categories (when asked), then every product
 * with its opening stock (the ledger's `created` movement), categories and photos.
 */
export async function writeImport(
  db: Db,
  resolved: ResolvedImport,
  uploadedPhotos: Map<string, StoredImage>,
  by: { userId: number | null },
): Promise<{ productIds: number[]; drafts: number; newCategories: string[] }> {
  if (!resolved.preview.ok) throw importRefused(resolved.preview);
  return db.transaction().execute(async (trx) => {
    const at = now();
    const categoryIds = new Map(resolved.categoryIds);
    const categories = categoryRepository(trx);
    for (const name of resolved.preview.new_categories) {
      const key = name.toLowerCase();
      try {
        const created = await categories.insert({ name, name_key: key, created_at: at, updated_at: at });
        categoryIds.set(key, created.id);
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        throw new DomainError(
          'conflict',
          `The category "${name}" was just created by someone else. Please import again.`,
        );
      }
    }
    const productIds: number[] = [];
    for (const row of resolved.parsed.rows) {
      const images = row.imageNames.map((n) => {
        const lower = n.toLowerCase();
        return uploadedPhotos.get(lower) ?? resolved.storedImages.get(lower)!;
      });
      const id = await insertProduct(
        trx,
        {
          fields: row.fields!,
          categoryIds: [...new Set(row.categoryNames.map((c) => categoryIds.get(c.toLowerCase())!))],
          images,
          // a published row takes the column's default, as an item made in the product form
          extra: row.status === 'draft' ? { status: 'draft', publish_at: null } : undefined,
        },
        by,
        at,
      );
      productIds.push(id);
    }
    const drafts = resolved.parsed.rows.filter((r) => r.status === 'draft').length;
    return { productIds, drafts, newCategories: resolved.preview.new_categories };
  });
}

/** "Imported 3 items as drafts: …", or with how many went on sale. */
export function importedMessage(created: number, drafts: number): string {
  const items = `${created} item${created === 1 ? '' : 's'}`;
  if (drafts === 0) return `Imported ${items}, on sale now.`;
  const publishThem = 'publish them in Manage Products';
  if (drafts === created) return `Imported ${items} as drafts: ${publishThem}.`;
  return `Imported ${items}: ${created - drafts} on sale now, ${drafts} as drafts (${publishThem}).`;
}

export { fileTooLarge };
