import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_WIDTHS, WEBP_QUALITY, imageFiles, type StoredImage } from '../modules/catalog/images.js';

/**
 * The demo photos as stored, kept outside any data directory so that they are made once per
 * checkout, not once per shop: a fresh DATA_DIR (a first start, a reset, a test, the journeys)
 * copies them instead of drawing and encoding 140 pictures again (about 18 s on two cores).
 * `npm install` fills it (scripts/demo-photos.mjs); a seed fills whatever is missing.
 *
 * An entry is named by the hash of the drawing (its SVG), inside a folder named by what turns a
 * drawing into files: sharp's version, the stored widths and their WebP quality. A changed drawing
 * is a new entry; a new sharp, new widths or a new quality a new folder. Nothing here is needed: any error reads as a miss, and a
 * cache that cannot be written is left alone.
 */
export const PHOTO_CACHE_VERSION = `v1-sharp${sharp.versions.sharp ?? 'unknown'}-w${IMAGE_WIDTHS.join('.')}-q${WEBP_QUALITY}`;

const entryName = (svg: string) => createHash('sha256').update(svg).digest('hex').slice(0, 32);

/** Copies `from` to `to` under a temporary name, then renames it: a reader never sees half a file. */
async function copyWhole(from: string, to: string): Promise<void> {
  const temporary = `${to}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    await fs.copyFile(from, temporary);
    await fs.rename(temporary, to);
  } finally {
    await fs.rm(temporary, { force: true });
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

export class PhotoCache {
  private readonly dir: string;

  constructor(root: string) {
    this.dir = path.join(root, PHOTO_CACHE_VERSION);
  }

  /** The stored picture of this drawing, its files copied into `uploadDir`; undefined on a miss. */
  async take(svg: string, uploadDir: string): Promise<StoredImage | undefined> {
    try {
      const image = JSON.parse(await fs.readFile(path.join(this.dir, `${entryName(svg)}.json`), 'utf8')) as StoredImage;
      await fs.mkdir(uploadDir, { recursive: true });
      for (const file of imageFiles(image.file_key)) {
        const target = path.join(uploadDir, file);
        if (!(await exists(target))) await copyWhole(path.join(this.dir, file), target);
      }
      return image;
    } catch {
      return undefined;
    }
  }

  /** Keeps a picture just stored in `uploadDir`: its files first, then the entry that names them. */
  async keep(svg: string, image: StoredImage, uploadDir: string): Promise<void> {
    try {
      await fs.mkdir(this.dir, { recursive: true });
      for (const file of imageFiles(image.file_key)) {
        const target = path.join(this.dir, file);
        if (!(await exists(target))) await copyWhole(path.join(uploadDir, file), target);
      }
      const entry = path.join(this.dir, `${entryName(svg)}.json`);
      const temporary = `${entry}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
      await fs.writeFile(temporary, JSON.stringify(image));
      await fs.rename(temporary, entry);
    } catch {
      // a cache that cannot be written only means the next shop draws its photos again
    }
  }
}
