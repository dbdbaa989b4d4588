import { useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS } from '@mtumba/contract/constants';
import { IMAGE_LIMIT_MESSAGE, IMAGE_TOO_LARGE_MESSAGE, NOT_AN_IMAGE_MESSAGE } from '@mtumba/contract/product';
import { PHOTO_KEEP_BYTES, shrinkPhoto } from '../utils/shrink-photo';

export interface PickedImage {
  key: string;
  /** the file to send: the smaller copy once it is ready */
  file: File;
  /** an object URL for the preview; revoked when the image leaves the selection */
  previewUrl: string;
  /** the photo is still being made smaller */
  preparing: boolean;
}

/**
 * Which of the newly chosen files join a selection of `current` images, and what to tell the
 * admin: a file that is not an image refuses the choice; past the limit, the first ones are kept.
 */
export function chooseImages(current: number, chosen: readonly File[]): { keep: File[]; message: string | null } {
  if (chosen.some((file) => !file.type.startsWith('image/'))) return { keep: [], message: NOT_AN_IMAGE_MESSAGE };
  const room = LIMITS.maxImages - current;
  if (room <= 0) return { keep: [], message: IMAGE_LIMIT_MESSAGE };
  if (chosen.length <= room) return { keep: [...chosen], message: null };
  return {
    keep: chosen.slice(0, room),
    message: `Only the first ${room === 1 ? 'photo' : `${room} photos`} of the ${chosen.length} chosen ${room === 1 ? 'was' : 'were'} kept: an item has at most ${LIMITS.maxImages} images.`,
  };
}

/**
 * How far each photo has gone up (0 → 1) when `fraction` of the whole upload is sent: they go
 * in order, after the form's few text fields, so each one fills in turn.
 */
export function photoProgress(sizes: readonly number[], fraction: number): number[] {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  let before = 0;
  return sizes.map((size) => {
    const start = before;
    before += size;
    if (total === 0 || size === 0) return fraction >= 1 ? 1 : 0;
    return Math.min(1, Math.max(0, (fraction * total - start) / size));
  });
}

let counter = 0;

/**
 * The images chosen for a product, in upload order (the first is the main picture): add (the
 * first ones up to 4 in total), remove, move. Large photos are made smaller in the background
 * (`files()` waits for them). Preview URLs are revoked on removal and unmount.
 */
export function useImageSelection() {
  const [images, setImages] = useState<PickedImage[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const latest = useRef(images);
  const pending = useRef(new Map<string, Promise<void>>());
  const mounted = useRef(true);
  useEffect(() => {
    latest.current = images;
  });
  useEffect(() => {
    const current = latest;
    mounted.current = true;
    return () => {
      mounted.current = false;
      for (const image of current.current) URL.revokeObjectURL(image.previewUrl);
      current.current = [];
    };
  }, []);

  const update = useCallback((list: PickedImage[]) => {
    latest.current = list;
    setImages(list);
  }, []);

  const prepare = useCallback(
    (key: string, file: File) => {
      const done = shrinkPhoto(file).then((small) => {
        pending.current.delete(key);
        const image = latest.current.find((i) => i.key === key);
        if (!image || !mounted.current) return;
        if (small.size > LIMITS.maxImageBytes) {
          URL.revokeObjectURL(image.previewUrl);
          update(latest.current.filter((i) => i.key !== key));
          setProblem(`${file.name}: ${IMAGE_TOO_LARGE_MESSAGE}`);
          return;
        }
        const previewUrl = small === file ? image.previewUrl : URL.createObjectURL(small);
        if (previewUrl !== image.previewUrl) URL.revokeObjectURL(image.previewUrl);
        update(latest.current.map((i) => (i.key === key ? { ...i, file: small, previewUrl, preparing: false } : i)));
      });
      pending.current.set(key, done);
    },
    [update],
  );

  /** Adds the files (the first ones that fit) and returns what the admin is told, if anything. */
  const add = useCallback(
    (files: readonly File[]): string | null => {
      const { keep, message } = chooseImages(latest.current.length, files);
      setProblem(message);
      const picked = keep.map((file) => ({
        key: `image-${++counter}`,
        file,
        previewUrl: URL.createObjectURL(file),
        preparing: file.size > PHOTO_KEEP_BYTES,
      }));
      update([...latest.current, ...picked]);
      for (const image of picked) if (image.preparing) prepare(image.key, image.file);
      return message;
    },
    [prepare, update],
  );

  const remove = useCallback(
    (key: string) => {
      const image = latest.current.find((i) => i.key === key);
      if (image) URL.revokeObjectURL(image.previewUrl);
      setProblem(null);
      update(latest.current.filter((i) => i.key !== key));
    },
    [update],
  );

  /** Moves an image one place towards the front (-1) or the back (1). */
  const move = useCallback(
    (key: string, step: -1 | 1) => {
      const list = [...latest.current];
      const from = list.findIndex((i) => i.key === key);
      const to = from + step;
      if (from < 0 || to < 0 || to >= list.length) return;
      [list[from], list[to]] = [list[to], list[from]];
      update(list);
    },
    [update],
  );

  const clear = useCallback(() => {
    for (const image of latest.current) URL.revokeObjectURL(image.previewUrl);
    setProblem(null);
    update([]);
  }, [update]);

  /** The files to send, in order, once every photo is ready. */
  const files = useCallback(async (): Promise<File[]> => {
    while (pending.current.size > 0) await Promise.all([...pending.current.values()]);
    return latest.current.map((i) => i.file);
  }, []);

  return { images, problem, setProblem, add, remove, move, clear, files };
}

export type ImageSelection = ReturnType<typeof useImageSelection>;
