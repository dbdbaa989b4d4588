import { useRef, useState, type ReactNode } from 'react';
import { ProductImage, productImageSource, type ImageSource } from '@/components/ui/product-image';
import { PhotoViewer } from './photo-viewer';
import type { Product } from '@mtumba/contract/product';
import messages from '@/i18n/catalogs/en/pages.json';
import { useT } from '@/i18n';

const SIZES = '(min-width: 992px) 50vw, 100vw';

/**
 * The product's photos at their own 4:5 ratio: one, or a row that swipes on a phone, with a
 * numbered button per photo. A placeholder when there is none.
 */
export function ProductGallery({ product }: { product: Product }) {
  const t = useT(messages);
  const count = product.images?.length ? product.images.length : product.image_url ? 1 : 0;
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const [zoomed, setZoomed] = useState<number | null>(null);
  const photos = Array.from({ length: count }, (_, i) => ({
    source: productImageSource(product, i) as ImageSource,
    alt: count > 1 ? t('gallery.photo', { name: product.name, n: i + 1, count }) : product.name,
  }));
  const viewer =
    zoomed !== null ? <PhotoViewer photos={photos} start={zoomed} onClose={() => setZoomed(null)} /> : null;
  /** A photo as a button that opens it full screen. */
  const zoomable = (i: number, image: ReactNode) => (
    <button
      type="button"
      className="product-gallery__zoom"
      onClick={() => setZoomed(i)}
      aria-label={count > 1 ? t('gallery.enlargeOf', { n: i + 1, count }) : t('gallery.enlarge')}
    >
      {image}
    </button>
  );
  if (count <= 1) {
    const image = <ProductImage source={productImageSource(product, 0)} alt={product.name} sizes={SIZES} priority />;
    return (
      <div className="product-gallery">
        {count === 1 ? zoomable(0, image) : image}
        {viewer}
      </div>
    );
  }
  const show = (i: number) => {
    const el = track.current;
    if (el) el.scrollTo({ left: el.clientWidth * i, behavior: 'smooth' });
    setCurrent(i);
  };
  return (
    <section className="product-gallery" aria-label={t('gallery.photos', { name: product.name })}>
      <div
        className="product-gallery__track"
        ref={track}
        onScroll={(e) => {
          const el = e.currentTarget;
          setCurrent(Math.round(el.scrollLeft / Math.max(1, el.clientWidth)));
        }}
      >
        {product.images!.map((image, i) => (
          <div className="product-gallery__slide" key={image.id}>
            {zoomable(
              i,
              <ProductImage
                source={productImageSource(product, i)}
                alt={t('gallery.photo', { name: product.name, n: i + 1, count })}
                sizes={SIZES}
                priority={i === 0}
              />,
            )}
          </div>
        ))}
      </div>
      <div className="product-gallery__dots">
        {product.images!.map((image, i) => (
          <button
            type="button"
            key={image.id}
            className={`product-gallery__dot ${i === current ? 'is-current' : ''}`}
            aria-label={t('gallery.show', { n: i + 1, count })}
            aria-pressed={i === current}
            onClick={() => show(i)}
          >
            <span aria-hidden="true" />
          </button>
        ))}
      </div>
      {viewer}
    </section>
  );
}
