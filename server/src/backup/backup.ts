import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Config } from '../config.js';
import { imageFiles } from '../modules/catalog/images.js';
import { hashFile, listFiles, writeTarGz, type ArchiveInput } from './archive.js';

/**
 * `npm run backup`: one dated `.tar.gz` holding a consistent copy of the SQLite database (made
 * with SQLite's online backup API while the shop keeps running), every product image, and a
 * manifest with each file's SHA-256; beside it a `.sha256` file for the archive as a whole.
 * How to restore and what is checked: docs/deploy.md (Backups) and backup-restore.test.ts.
 */

export const MANIFEST_NAME = 'manifest.json';
export const DATABASE_ENTRY = 'database/mtumba.db';
export const UPLOADS_PREFIX = 'uploads/';
export const ARCHIVE_FORMAT = 'mtumba-backup';
export const ARCHIVE_VERSION = 1;
const NAME_PATTERN = /^mtumba-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z(-\d+)?\.tar\.gz$/;

export interface ManifestFile {
  path: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  created_at: string;
  shop_name: string;
  /** the SQLite database and the migrations applied to it; null for an uploads-only archive */
  database: { kind: 'sqlite'; path: string; migrations: string[]; orders: number; products: number } | null;
  /** image files the database refers to that were missing from the upload directory */
  missing_images: string[];
  files: ManifestFile[];
}

export interface BackupOptions {
  /** where the archive goes (BACKUP_DIR by default) */
  outDir?: string;
  /** images only (with PostgreSQL, the database is backed up with pg_dump) */
  uploadsOnly?: boolean;
  now?: Date;
}

export interface BackupResult {
  file: string;
  checksumFile: string;
  sha256: string;
  bytes: number;
  manifest: Manifest;
}

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** `mtumba-backup-2026-01-31T02-00-00Z.tar.gz`: sorts by time, safe on every file system. */
export function archiveName(at: Date, attempt = 0): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');
  return `mtumba-backup-${stamp}${attempt ? `-${attempt}` : ''}.tar.gz`;
}

export function isArchiveName(name: string): boolean {
  return NAME_PATTERN.test(name);
}

// Partly written images (renamed into place when complete) and hidden files are not the shop's.
const skipUpload = (name: string) => name.endsWith('.tmp') || name.startsWith('.');

interface Snapshot {
  migrations: string[];
  orders: number;
  products: number;
  imageKeys: string[];
}

/** Copies the live database with SQLite's backup API in one step: one consistent moment. */
async function snapshotSqlite(source: string, target: string): Promise<Snapshot> {
  if (!fs.existsSync(source)) {
    throw new BackupError(`There is no database at ${source}: nothing to back up (has the shop been started?).`);
  }
  fs.rmSync(target, { force: true });
  const live = new SQLite(source, { fileMustExist: true });
  try {
    live.pragma('busy_timeout = 5000');
    // The first step only measures; returning the largest step size copies every page at once,
    // inside one read transaction, so writes by the running shop cannot tear the copy.
    await live.backup(target, { progress: () => 0x7fffffff });
  } finally {
    live.close();
  }
  const copy = new SQLite(target, { fileMustExist: true });
  try {
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`The copy of the database failed its check: ${String(check)}`);
    copy.pragma('journal_mode = DELETE');
    const hasTable = (name: string) =>
      copy.prepare(`select 1 from sqlite_master where type = 'table' and name = ?`).get(name) !== undefined;
    const count = (table: string) =>
      hasTable(table) ? (copy.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n : 0;
    const migrations = hasTable('kysely_migration')
      ? (copy.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map((r) => r.name)
      : [];
    const keys = new Set<string>();
    if (hasTable('product_images')) {
      for (const r of copy.prepare('select distinct file_key as k from product_images').all() as { k: string }[]) {
        keys.add(r.k);
      }
    }
    if (hasTable('order_items')) {
      const rows = copy
        .prepare('select distinct product_image_key as k from order_items where product_image_key is not null')
        .all() as { k: string }[];
      for (const r of rows) keys.add(r.k);
    }
    return { migrations, orders: count('orders'), products: count('products'), imageKeys: [...keys].sort() };
  } finally {
    copy.close();
  }
}

/** Backs up the shop as configured; see the module comment. */
export async function createBackup(config: Config, options: BackupOptions = {}): Promise<BackupResult> {
  const outDir = options.outDir ?? config.backup.dir;
  const at = options.now ?? new Date();
  const withDatabase = !options.uploadsOnly && config.database.kind === 'sqlite';
  await fs.promises.mkdir(outDir, { recursive: true });
  const work = await fs.promises.mkdtemp(path.join(outDir, '.partial-'));
  try {
    let snapshot: Snapshot | undefined;
    let uploads: { name: string; size: number; sha256: string }[] = [];
    let missing: string[] = [];
    const dbCopy = path.join(work, 'mtumba.db');
    // Images are written before the rows that name them and removed after; an image removed
    // between the copy and the listing below is caught here and the copy is taken again.
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      if (withDatabase && config.database.kind === 'sqlite')
        snapshot = await snapshotSqlite(config.database.file, dbCopy);
      const names = await listFiles(config.uploadDir, skipUpload);
      const present = new Set(names);
      missing = (snapshot?.imageKeys ?? []).flatMap(imageFiles).filter((f) => !present.has(f));
      if (missing.length === 0 || attempt === 3) {
        uploads = [];
        for (const name of names) {
          try {
            uploads.push({ name, ...(await hashFile(path.join(config.uploadDir, name))) });
          } catch (err) {
            // removed since the listing: no longer part of the shop
            if ((err as { code?: string }).code !== 'ENOENT') throw err;
          }
        }
        break;
      }
    }

    const inputs: ArchiveInput[] = [];
    const files: ManifestFile[] = [];
    if (snapshot) {
      const measured = await hashFile(dbCopy);
      files.push({ path: DATABASE_ENTRY, ...measured });
      inputs.push({ name: DATABASE_ENTRY, data: { file: dbCopy }, expected: measured });
    }
    for (const u of uploads) {
      const name = UPLOADS_PREFIX + u.name;
      files.push({ path: name, size: u.size, sha256: u.sha256 });
      inputs.push({ name, data: { file: path.join(config.uploadDir, u.name) }, expected: u });
    }
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      created_at: at.toISOString(),
      shop_name: config.shopName,
      database: snapshot
        ? {
            kind: 'sqlite',
            path: DATABASE_ENTRY,
            migrations: snapshot.migrations,
            orders: snapshot.orders,
            products: snapshot.products,
          }
        : null,
      missing_images: missing,
      files,
    };
    inputs.unshift({ name: MANIFEST_NAME, data: Buffer.from(JSON.stringify(manifest, null, 2)) });

    const partial = path.join(work, 'archive.tar.gz');
    const written = await writeTarGz(partial, inputs);
    let name = archiveName(at);
    for (let n = 1; fs.existsSync(path.join(outDir, name)); n += 1) name = archiveName(at, n);
    const file = path.join(outDir, name);
    await fs.promises.rename(partial, file);
    const checksumFile = `${file}.sha256`;
    await fs.promises.writeFile(checksumFile, `${written.sha256}  ${name}\n`);
    return { file, checksumFile, sha256: written.sha256, bytes: written.bytes, manifest };
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

/** Deletes all but the newest `keep` archives (and their checksum files) in `dir`. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await fs.promises.readdir(dir).catch(() => [] as string[])).filter(isArchiveName).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) {
    await fs.promises.rm(path.join(dir, name), { force: true });
    await fs.promises.rm(path.join(dir, `${name}.sha256`), { force: true });
  }
  return old;
}

/** When the newest archive in `dir` was written, or undefined when there is none. */
export async function newestBackupAt(dir: string): Promise<Date | undefined> {
  const names = (await fs.promises.readdir(dir).catch(() => [] as string[])).filter(isArchiveName).sort();
  const newest = names.at(-1);
  if (!newest) return undefined;
  return (await fs.promises.stat(path.join(dir, newest))).mtime;
}
