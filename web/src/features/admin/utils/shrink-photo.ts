/**
 * Phone photos are made smaller in the browser before they are sent: a camera's 8 MB, 4000 px
 * picture becomes a JPEG of at most 2000 px on its longest side (the shop shows at most 1024 px),
 * usually well under 1 MB, so it passes the server's size limit and uploads quickly on mobile data.
 */
export const PHOTO_MAX_SIDE = 2000;
export const PHOTO_QUALITY = 0.85;
/** Smaller files are sent as they are: decoding them would cost more than it saves. */
export const PHOTO_KEEP_BYTES = 1024 * 1024;

/** The size that fits `width` × `height` within `maxSide` on its longest side, never enlarged. */
export function fitWithin(width: number, height: number, maxSide = PHOTO_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** `IMG_0001.HEIC` → `IMG_0001.jpg`. */
export function jpegName(name: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name || 'photo'}.jpg`;
}

function canvasBlob(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

/**
 * The photo to send: the file itself when it is small, cannot be decoded here (the server then
 * judges it) or would not get smaller; otherwise a JPEG at most PHOTO_MAX_SIDE px, upright as the
 * camera meant it (EXIF orientation applied), on white where the original was transparent.
 */
export async function shrinkPhoto(file: File): Promise<File> {
  if (file.size <= PHOTO_KEEP_BYTES || file.type === 'image/gif' || typeof createImageBitmap !== 'function') {
    return file;
  }
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size.width, size.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await canvasBlob(canvas, PHOTO_QUALITY);
    // Let the browser drop the pixels at once: a phone has little memory for four 12 MP canvases.
    canvas.width = 0;
    canvas.height = 0;
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
