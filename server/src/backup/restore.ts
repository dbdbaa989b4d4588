import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import SQLite from 'better-sqlite3';
import type { Config } from '../config.js';
import { migrations as knownMigrations } from '../db/migrations/index.js';
import { imageFiles } from '../modules/catalog/images.js';
import { ArchiveError, hashFile, readTarGz } from './archive.js';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  DATABASE_ENTRY,
  MANIFEST_NAME,
  UPLOADS_PREFIX,
  type Manifest,
  type ManifestFile,
} from './backup.js';

/**
 * `npm run restore <archive>`: checks the archive completely in a staging folder beside the
 * target, and only then moves the database and images into the configured DATA_DIR and
 * UPLOAD_DIR, which must be empty. Any refusal leaves every directory as it was.
 */

export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

export interface RestoreOptions {
  /** restore the images only (PostgreSQL shops restore their database with pg_restore) */
  uploadsOnly?: boolean;
}

export interface RestoreResult {
  manifest: Manifest;
  /** false when the archive had no `.sha256` file beside it to compare with */
  archiveChecksumVerified: boolean;
  database?: { file: string; orders: number; products: number };
  images: number;
  uploadDir: string;
  missingImages: string[];
}

const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;

/** True when the path does not exist, or holds nothing but (nested) empty directories. */
function isEmptyOrMissing(dir: string): boolean {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return true;
    if ((err as { code?: string }).code === 'ENOTDIR') return false;
    throw err;
  }
  return entries.every((e) => e.isDirectory() && isEmptyOrMissing(path.join(dir, e.name)));
}

function parseManifest(bytes: Buffer): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(bytes.toString('utf8')) as Manifest;
  } catch {
    throw new RestoreRefused('This is not a Mtumba backup: its manifest cannot be read.');
  }
  if (manifest?.format !== ARCHIVE_FORMAT || typeof manifest.version !== 'number' || !Array.isArray(manifest.files)) {
    throw new RestoreRefused('This is not a Mtumba backup: its manifest is not one that `npm run backup` writes.');
  }
  if (manifest.version > ARCHIVE_VERSION) {
    throw new RestoreRefused(
      `This backup was written by a newer version of Mtumba (format ${manifest.version}): update this copy first.`,
    );
  }
  return manifest;
}

async function sha256OfFile(file: string): Promise<string> {
  return (await hashFile(file)).sha256;
}

/** Restores the archive into the configured directories; throws RestoreRefused with the reason. */
export async function restoreBackup(
  archive: string,
  config: Config,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  const stat = fs.statSync(archive, { throwIfNoEntry: false });
  if (!stat?.isFile()) throw new RestoreRefused(`There is no backup archive at ${archive}.`);
  const postgres = config.database.kind === 'postgres';
  const uploadsOnly = options.uploadsOnly || postgres;
  const dbTarget = config.database.kind === 'sqlite' ? config.database.file : undefined;
  const uploadDir = config.uploadDir;

  // 1. The target: nothing may be overwritten.
  const dataDir = config.dataDir;
  if (!uploadsOnly && !isEmptyOrMissing(dataDir)) {
    throw new RestoreRefused(
      `DATA_DIR (${dataDir}) is not empty. Restore into an empty or new directory (set DATA_DIR), ` +
        'then point the shop at it; nothing was changed.',
    );
  }
  if (!isEmptyOrMissing(uploadDir)) {
    throw new RestoreRefused(
      `UPLOAD_DIR (${uploadDir}) is not empty. Restore into an empty or new directory; nothing was changed.`,
    );
  }

  // 2. The archive as a whole, against the checksum written beside it.
  const checksumFile = `${archive}.sha256`;
  let archiveChecksumVerified = false;
  if (fs.existsSync(checksumFile)) {
    const expected = fs.readFileSync(checksumFile, 'utf8').trim().split(/\s+/)[0]?.toLowerCase();
    if (!expected || !/^[0-9a-f]{64}$/.test(expected)) {
      throw new RestoreRefused(`${path.basename(checksumFile)} does not hold a SHA-256 checksum.`);
    }
    if ((await sha256OfFile(archive)) !== expected) {
      throw new RestoreRefused(
        `The archive does not match its checksum (${path.basename(checksumFile)}): it is damaged or is not the ` +
          'file the backup wrote. Nothing was changed.',
      );
    }
    archiveChecksumVerified = true;
  }

  // 3. Unpack into a staging folder next to the target and check every file.
  const stagingParent = path.dirname(uploadsOnly ? uploadDir : dataDir);
  const createdParent = !fs.existsSync(stagingParent);
  fs.mkdirSync(stagingParent, { recursive: true });
  const staging = fs.mkdtempSync(path.join(stagingParent, '.mtumba-restore-'));
  try {
    let manifest: Manifest | undefined;
    let manifestChunks: Buffer[] = [];
    const expected = new Map<string, ManifestFile>();
    const seen = new Map<string, { size: number; sha256: string }>();

    try {
      await readTarGz(archive, async (entry) => {
        if (!manifest) {
          if (entry.name !== MANIFEST_NAME) {
            throw new RestoreRefused('This is not a Mtumba backup: it does not start with a manifest.');
          }
          if (entry.size > MAX_MANIFEST_BYTES) throw new RestoreRefused('The backup manifest is implausibly large.');
          manifestChunks = [];
          return new Writable({
            write(chunk: Buffer, _enc, done) {
              manifestChunks.push(chunk);
              done();
            },
            final(done) {
              try {
                manifest = parseManifest(Buffer.concat(manifestChunks));
                for (const f of manifest.files) expected.set(f.path, f);
                checkKinds(manifest, { postgres, uploadsOnly: Boolean(options.uploadsOnly) });
                done();
              } catch (err) {
                done(err as Error);
              }
            },
          });
        }
        const want = expected.get(entry.name);
        if (!want || seen.has(entry.name)) {
          throw new RestoreRefused(`The archive holds ${entry.name}, which its manifest does not list: refused.`);
        }
        if (want.size !== entry.size) {
          throw new RestoreRefused(`${entry.name} does not have the size the manifest gives: the archive was altered.`);
        }
        const target = path.join(staging, ...entry.name.split('/'));
        fs.mkdirSync(path.dirname(target), { recursive: true });
        const hash = createHash('sha256');
        const out = fs.createWriteStream(target, { flags: 'wx' });
        let size = 0;
        return new Writable({
          write(chunk: Buffer, _enc, done) {
            hash.update(chunk);
            size += chunk.length;
            if (out.write(chunk)) done();
            else out.once('drain', () => done());
          },
          final(done) {
            out.end(() => {
              seen.set(entry.name, { size, sha256: hash.digest('hex') });
              done();
            });
          },
        });
      });
    } catch (err) {
      if (err instanceof ArchiveError) throw new RestoreRefused(`${err.message} Nothing was changed.`);
      throw err;
    }
    if (!manifest) throw new RestoreRefused('This is not a Mtumba backup: it holds no manifest.');
    const m: Manifest = manifest;

    for (const f of m.files) {
      const got = seen.get(f.path);
      if (!got) throw new RestoreRefused(`The archive is incomplete: ${f.path} is missing. Nothing was changed.`);
      if (got.sha256 !== f.sha256) {
        throw new RestoreRefused(
          `${f.path} does not match its checksum in the manifest: the archive is damaged or altered. Nothing was changed.`,
        );
      }
    }

    // 4. The database: intact, and not from a newer version of the code.
    let database: RestoreResult['database'];
    let referenced: string[] = [];
    const stagedDb = path.join(staging, ...DATABASE_ENTRY.split('/'));
    if (!uploadsOnly && m.database && dbTarget) {
      const db = new SQLite(stagedDb, { fileMustExist: true });
      try {
        const check = db.pragma('integrity_check', { simple: true });
        if (check !== 'ok') throw new RestoreRefused(`The database in the archive is damaged (${String(check)}).`);
        const applied = (db.prepare('select name from kysely_migration').all() as { name: string }[]).map(
          (r) => r.name,
        );
        const unknown = applied.filter((name) => !(name in knownMigrations));
        if (unknown.length) {
          throw new RestoreRefused(
            `This backup comes from a newer version of Mtumba (database changes ${unknown.join(', ')} are unknown ` +
              'to this copy): update the code first. Nothing was changed.',
          );
        }
        const count = (table: string) => (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
        database = { file: dbTarget, orders: count('orders'), products: count('products') };
        referenced = (db.prepare('select distinct file_key as k from product_images').all() as { k: string }[]).map(
          (r) => r.k,
        );
      } catch (err) {
        if (err instanceof RestoreRefused) throw err;
        throw new RestoreRefused(`The database in the archive cannot be read (${(err as Error).message}).`);
      } finally {
        db.close();
      }
    }

    const stagedUploads = path.join(staging, UPLOADS_PREFIX.slice(0, -1));
    const images = m.files.filter((f) => f.path.startsWith(UPLOADS_PREFIX)).length;
    const present = new Set(m.files.filter((f) => f.path.startsWith(UPLOADS_PREFIX)).map((f) => f.path.slice(8)));
    const missingImages = referenced.flatMap(imageFiles).filter((f) => !present.has(f));

    // 5. Everything checked: move it into place.
    if (images > 0) {
      if (fs.existsSync(uploadDir)) {
        for (const name of fs.readdirSync(stagedUploads)) {
          fs.renameSync(path.join(stagedUploads, name), path.join(uploadDir, name));
        }
      } else {
        fs.mkdirSync(path.dirname(uploadDir), { recursive: true });
        moveDir(stagedUploads, uploadDir);
      }
    } else {
      fs.mkdirSync(uploadDir, { recursive: true });
    }
    if (database && dbTarget) {
      fs.mkdirSync(path.dirname(dbTarget), { recursive: true });
      fs.renameSync(stagedDb, dbTarget);
    }
    return { manifest: m, archiveChecksumVerified, database, images, uploadDir, missingImages };
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    if (createdParent && isEmptyOrMissing(stagingParent)) fs.rmSync(stagingParent, { recursive: true, force: true });
    throw err;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

function checkKinds(manifest: Manifest, target: { postgres: boolean; uploadsOnly: boolean }): void {
  if (target.uploadsOnly) return;
  if (target.postgres && manifest.database) {
    throw new RestoreRefused(
      'This archive holds a SQLite database, but DATABASE_URL points at PostgreSQL. Unset DATABASE_URL to restore ' +
        'the SQLite shop, or add --uploads-only to restore its images alone. Nothing was changed.',
    );
  }
  if (!target.postgres && !manifest.database) {
    throw new RestoreRefused(
      'This archive holds product images only (made with --uploads-only, or by a shop on PostgreSQL), and the shop ' +
        'is configured for SQLite: restoring it would give a shop without its database. Add --uploads-only to ' +
        'restore the images alone. Nothing was changed.',
    );
  }
}

/** rename, or copy and delete when the target is on another file system */
function moveDir(from: string, to: string): void {
  try {
    fs.renameSync(from, to);
  } catch (err) {
    if ((err as { code?: string }).code !== 'EXDEV') throw err;
    fs.cpSync(from, to, { recursive: true });
    fs.rmSync(from, { recursive: true, force: true });
  }
}
