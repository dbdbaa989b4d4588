import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseImages, photoProgress } from '../hooks/use-image-selection';
import { fitWithin, jpegName, PHOTO_QUALITY, shrinkPhoto } from './shrink-photo';

const MB = 1024 * 1024;
/** A file that says it is `bytes` long (jsdom copies real megabytes slowly). */
function photo(name: string, bytes: number, type = 'image/jpeg'): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

/** A browser that decodes any photo as `width` × `height` and encodes the canvas as `encoded` bytes. */
function fakeBrowser(width: number, height: number, encoded: number) {
  const close = vi.fn();
  const bitmap = vi.fn(async () => ({ width, height, close }) as unknown as ImageBitmap);
  vi.stubGlobal('createImageBitmap', bitmap);
  const drawn: number[][] = [];
  const context = {
    fillStyle: '',
    imageSmoothingQuality: 'low',
    fillRect: vi.fn(),
    drawImage: vi.fn((_image: unknown, ...box: number[]) => drawn.push(box)),
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
  const toBlob = vi
    .spyOn(HTMLCanvasElement.prototype, 'toBlob')
    .mockImplementation((done: BlobCallback, type?: string) => {
      const blob = new Blob(['x'], { type });
      Object.defineProperty(blob, 'size', { value: encoded });
      done(blob);
    });
  return { bitmap, close, drawn, toBlob };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('making phone photos smaller before upload', () => {
  it('fits the longest side within 2000 px and never enlarges', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 2000, height: 1500 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1500, height: 2000 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(jpegName('IMG_0001.HEIC')).toBe('IMG_0001.jpg');
    expect(jpegName('camera')).toBe('camera.jpg');
  });

  it('turns an 8 MB camera photo into an upright JPEG of at most 2000 px, quality 0.85', async () => {
    const browser = fakeBrowser(4000, 3000, 600 * 1024);
    const original = photo('IMG_0001.jpeg', 8 * MB);
    const small = await shrinkPhoto(original);
    expect(browser.bitmap).toHaveBeenCalledWith(original, { imageOrientation: 'from-image' });
    expect(browser.drawn).toEqual([[0, 0, 2000, 1500]]);
    expect(browser.toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', PHOTO_QUALITY);
    expect(browser.close).toHaveBeenCalled();
    expect(small).not.toBe(original);
    expect([small.name, small.type]).toEqual(['IMG_0001.jpg', 'image/jpeg']);
    expect(small.size).toBeLessThan(original.size);
  });

  it('sends the file as it is when it is small, cannot be decoded here, or would not get smaller', async () => {
    const browser = fakeBrowser(1200, 900, 3 * MB);
    const small = photo('small.jpg', 500 * 1024);
    expect(await shrinkPhoto(small)).toBe(small);
    expect(browser.bitmap).not.toHaveBeenCalled();

    const already = photo('already.jpg', 2 * MB);
    expect(await shrinkPhoto(already)).toBe(already);

    browser.bitmap.mockRejectedValueOnce(new DOMException('unsupported', 'InvalidStateError'));
    const heic = photo('IMG_2.HEIC', 3 * MB, 'image/heic');
    expect(await shrinkPhoto(heic)).toBe(heic);

    vi.unstubAllGlobals();
    const old = photo('old-browser.jpg', 8 * MB);
    expect(await shrinkPhoto(old)).toBe(old);
  });
});

describe('choosing photos', () => {
  const files = (n: number) => Array.from({ length: n }, (_, i) => photo(`${i + 1}.jpg`, 10));

  it('keeps the first ones that fit, with a message, instead of refusing them all', () => {
    expect(chooseImages(0, files(3))).toEqual({ keep: files(3), message: null });
    const five = chooseImages(0, files(5));
    expect(five.keep.map((f) => f.name)).toEqual(['1.jpg', '2.jpg', '3.jpg', '4.jpg']);
    expect(five.message).toBe('Only the first 4 photos of the 5 chosen were kept: an item has at most 4 images.');
    const afterOne = chooseImages(1, files(4));
    expect(afterOne.keep).toHaveLength(3);
    expect(afterOne.message).toBe('Only the first 3 photos of the 4 chosen were kept: an item has at most 4 images.');
    expect(chooseImages(4, files(1))).toEqual({ keep: [], message: 'You can only upload up to 4 images.' });
    expect(chooseImages(0, [...files(1), new File(['%PDF'], 'a.pdf', { type: 'application/pdf' })])).toEqual({
      keep: [],
      message: 'Only image files are allowed.',
    });
  });

  it('shows each photo filling in turn as the upload goes up', () => {
    expect(photoProgress([100, 300], 0)).toEqual([0, 0]);
    expect(photoProgress([100, 300], 0.25)).toEqual([1, 0]);
    expect(photoProgress([100, 300], 0.625)).toEqual([1, 0.5]);
    expect(photoProgress([100, 300], 1)).toEqual([1, 1]);
  });
});
