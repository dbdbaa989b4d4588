import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { createPortal } from 'react-dom';
import type { ImageSource } from '@/components/ui/product-image';
import messages from '@/i18n/catalogs/en/pages.json';
import { useT } from '@/i18n';

interface PhotoViewerProps {
  photos: { source: ImageSource; alt: string }[];
  start: number;
  onClose: () => void;
}

/**
 * A product's photos full screen: the whole photo as large as the screen allows; a tap (or
 * Enter / the Zoom button) doubles it around the tapped point, and the browser's own pinch zoom
 * works on top. Arrows (buttons or keys) move between photos, Escape or Close ends it, and focus
 * stays inside and returns to the photo that opened it.
 */
export function PhotoViewer({ photos, start, onClose }: PhotoViewerProps) {
  const t = useT(messages);
  const [index, setIndex] = useState(start);
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  const close = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const count = photos.length;
  const photo = photos[index]!;

  const move = (step: number) => {
    setZoom(null);
    setIndex((i) => (i + step + count) % count);
  };

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    close.current?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'ArrowRight' && count > 1) {
      move(1);
    } else if (event.key === 'ArrowLeft' && count > 1) {
      move(-1);
    } else if (event.key === 'Tab') {
      // keep focus inside the viewer
      const focusable = [...(dialog.current?.querySelectorAll<HTMLElement>('button') ?? [])];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    }
  }

  function toggleZoom(event?: ReactPointerEvent<HTMLElement>) {
    if (zoom) return setZoom(null);
    const box = event?.currentTarget.getBoundingClientRect();
    if (!event || !box || box.width === 0) return setZoom({ x: 50, y: 50 });
    setZoom({
      x: ((event.clientX - box.left) / box.width) * 100,
      y: ((event.clientY - box.top) / box.height) * 100,
    });
  }

  return createPortal(
    <div
      ref={dialog}
      className="photo-viewer"
      role="dialog"
      aria-modal="true"
      aria-label={t('viewer.label', { n: index + 1, count })}
      onKeyDown={onKeyDown}
    >
      <div className="photo-viewer__bar">
        <span className="photo-viewer__count" aria-hidden="true">
          {index + 1} / {count}
        </span>
        <button
          type="button"
          className="btn btn-light btn-sm"
          onClick={() => toggleZoom()}
          aria-pressed={zoom !== null}
        >
          {zoom ? t('viewer.zoomOut') : t('viewer.zoomIn')}
        </button>
        <button ref={close} type="button" className="btn btn-light btn-sm" onClick={onClose}>
          {t('viewer.close')}
        </button>
      </div>
      <div className="photo-viewer__stage" onPointerUp={(e) => toggleZoom(e)}>
        <img
          src={photo.source.src}
          srcSet={photo.source.srcSet}
          sizes="100vw"
          alt={photo.alt}
          className={zoom ? 'is-zoomed' : undefined}
          style={zoom ? { transformOrigin: `${zoom.x}% ${zoom.y}%` } : undefined}
          draggable={false}
        />
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className="photo-viewer__nav photo-viewer__nav--prev"
            onClick={() => move(-1)}
            aria-label={t('viewer.prev')}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="photo-viewer__nav photo-viewer__nav--next"
            onClick={() => move(1)}
            aria-label={t('viewer.next')}
          >
            <span aria-hidden="true">›</span>
          </button>
        </>
      )}
    </div>,
    document.body,
  );
}
