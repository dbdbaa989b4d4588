import { useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS } from '@mtumba/contract/constants';
import { IMAGE_LIMIT_MESSAGE, IMAGE_TOO_LARGE_MESSAGE, NOT_AN_IMAGE_MESSAGE } from '@mtumba/contract/product';

export interface PickedImage {
  key: string;
  file: File;
  /** an object URL for the preview; revoked when the image leaves the selection */
  previewUrl: string;
}

/** Why newly chosen files cannot join a selection of `current` images, or null when they can. */
export function imageSelectionProblem(current: number, chosen: readonly File[]): string | null {
  if (chosen.some((file) => !file.type.startsWith('image/'))) return NOT_AN_IMAGE_MESSAGE;
  if (current + chosen.length > LIMITS.maxImages) return IMAGE_LIMIT_MESSAGE;
  if (chosen.some((file) => file.size > LIMITS.maxImageBytes)) return IMAGE_TOO_LARGE_MESSAGE;
  return null;
}

let counter = 0;

/**
 * The images chosen for a product, in upload order (the first is the main picture): add (all or
 * nothing, at most 4 in total), remove, move. Preview URLs are revoked on removal and unmount.
 */
export function useImageSelection() {
  const [images, setImages] = useState<PickedImage[]>([]);
  const latest = useRef(images);
  useEffect(() => {
    latest.current = images;
  });
  useEffect(() => {
    const current = latest;
    return () => {
      for (const image of current.current) URL.revokeObjectURL(image.previewUrl);
      current.current = [];
    };
  }, []);

  /** Adds the files, or returns why not (the selection then stays as it was). */
  const add = useCallback((files: readonly File[]): string | null => {
    const problem = imageSelectionProblem(latest.current.length, files);
    if (problem) return problem;
    const picked = files.map((file) => ({
      key: `image-${++counter}`,
      file,
      previewUrl: URL.createObjectURL(file),
    }));
    latest.current = [...latest.current, ...picked];
    setImages(latest.current);
    return null;
  }, []);

  const remove = useCallback((key: string) => {
    const image = latest.current.find((i) => i.key === key);
    if (image) URL.revokeObjectURL(image.previewUrl);
    latest.current = latest.current.filter((i) => i.key !== key);
    setImages(latest.current);
  }, []);

  /** Moves an image one place towards the front (-1) or the back (1). */
  const move = useCallback((key: string, step: -1 | 1) => {
    const list = [...latest.current];
    const from = list.findIndex((i) => i.key === key);
    const to = from + step;
    if (from < 0 || to < 0 || to >= list.length) return;
    [list[from], list[to]] = [list[to], list[from]];
    latest.current = list;
    setImages(list);
  }, []);

  const clear = useCallback(() => {
    for (const image of latest.current) URL.revokeObjectURL(image.previewUrl);
    latest.current = [];
    setImages([]);
  }, []);

  return { images, add, remove, move, clear };
}

export type ImageSelection = ReturnType<typeof useImageSelection>;
