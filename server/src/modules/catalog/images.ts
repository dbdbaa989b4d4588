import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { DomainError } from '../../lib/errors.js';

/** Every image is stored as WebP in these widths; `image_url` is the middle one. */
export const IMAGE_WIDTHS = [320, 640, 1024] as const;
export const DEFAULT_IMAGE_WIDTH = 640;
/** WebP quality of every stored size (the demo photo cache's folder names it too). */
export const WEBP_QUALITY = 78;
export const NOT_AN_IMAGE_MESSAGE = 'Only image files are allowed.';
export const UNREADABLE_IMAGE_MESSAGE = 'One of the images could not be read. Please try another file.';

export interface StoredImage {
  /** content hash: files are `{file_key}-{width}.webp` in the upload directory */
  file_key: string;
  width: number;
  height: number;
}

export function imageUrl(fileKey: string, width: number = DEFAULT_IMAGE_WIDTH): string {
  return `/uploads/${fileKey}-${width}.webp`;
}

/** `srcset` for responsive <img>: every stored width. */
export function imageSrcset(fileKey: string): string {
  return IMAGE_WIDTHS.map((w) => `${imageUrl(fileKey, w)} ${w}w`).join(', ');
}

export function imageFiles(fileKey: string): string[] {
  return IMAGE_WIDTHS.map((w) => `${fileKey}-${w}.webp`);
}

/** The image's size and format as sharp decodes them, or undefined when it is not an image. */
async function readImageMetadata(input: Buffer): Promise<(Metadata & { width: number; height: number }) | undefined> {
  if (input.length === 0) return undefined;
  try {
    const meta = await sharp(input, { failOn: 'error' }).metadata();
    if (!meta.width || !meta.height || !meta.format) return undefined;
    return meta as Metadata & { width: number; height: number };
  } catch {
    return undefined;
  }
}

/** True when sharp can decode the bytes as an image (checked before anything is stored). */
export async function isImage(input: Buffer): Promise<boolean> {
  return (await readImageMetadata(input)) !== undefined;
}

/**
 * Decodes the upload with sharp (a renamed non-image is refused with 422), turns it upright,
 * drops its metadata, and writes WebP copies in every width under a content-hashed name.
 */
export async function storeImage(input: Buffer, uploadDir: string): Promise<StoredImage> {
  const meta = await readImageMetadata(input);
  if (!meta) {
    throw new DomainError('invalid', NOT_AN_IMAGE_MESSAGE, { errors: { images: [NOT_AN_IMAGE_MESSAGE] } });
  }
  const fileKey = createHash('sha256').update(input).digest('hex').slice(0, 32);
  await fs.mkdir(uploadDir, { recursive: true });
  let stored = { width: meta.width, height: meta.height };
  // Written under a temporary name and renamed: a reader never sees half a file, and two uploads
  // of the same picture at once cannot interleave their writes.
  const suffix = `.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    for (const width of IMAGE_WIDTHS) {
      const target = path.join(uploadDir, `${fileKey}-${width}.webp`);
      const info = await sharp(input, { failOn: 'error' })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toFile(target + suffix);
      await fs.rename(target + suffix, target);
      if (width === DEFAULT_IMAGE_WIDTH) stored = { width: info.width, height: info.height };
    }
  } catch {
    await Promise.all(imageFiles(fileKey).map((f) => fs.rm(path.join(uploadDir, f + suffix), { force: true })));
    throw new DomainError('invalid', UNREADABLE_IMAGE_MESSAGE, { errors: { images: [UNREADABLE_IMAGE_MESSAGE] } });
  }
  return { file_key: fileKey, ...stored };
}

/** Removes an image's files (when no product uses it any more). Missing files are fine. */
export async function removeImageFiles(fileKey: string, uploadDir: string): Promise<void> {
  await Promise.all(imageFiles(fileKey).map((f) => fs.rm(path.join(uploadDir, f), { force: true })));
}
