import type { Product, ProductImage as ProductImageData } from '@mtumba/contract/product';
import { Icon } from './icon';
import messages from '@/i18n/catalogs/en/ui.json';
import { useT } from '@/i18n';

type Imageable = Pick<Product, 'image_url'> & { images?: ProductImageData[] };

export interface ImageSource {
  src: string;
  srcSet?: string;
  width?: number;
  height?: number;
}

/** The `index`-th picture of a product: the API's responsive set when it has one, else `image_url`. */
export function productImageSource(product: Imageable, index = 0): ImageSource | null {
  const image = product.images?.[index];
  if (image) {
    return {
      src: image.image_url,
      srcSet: image.srcset || undefined,
      width: image.width ?? undefined,
      height: image.height ?? undefined,
    };
  }
  if (index === 0 && product.image_url) return { src: product.image_url };
  return null;
}

interface ProductImageProps {
  source: ImageSource | null;
  alt: string;
  /** the `sizes` attribute: how wide the image is drawn at each viewport width */
  sizes?: string;
  /** the first image on the page: load it at once with high priority */
  priority?: boolean;
  className?: string;
}

/** A product picture with srcset, sizes, width and height (no layout shift), lazy unless `priority`. */
export function ProductImage({
  source,
  alt,
  sizes = '(min-width: 992px) 25vw, 50vw',
  priority,
  className,
}: ProductImageProps) {
  const t = useT(messages);
  if (!source) {
    return (
      <div className={`image-placeholder ${className ?? ''}`} role="img" aria-label={t('ui.noPhotoAlt', { name: alt })}>
        <Icon
          size={48}
          path="M16 3l-2 2h-4L8 3 3 6l2 4 2-1v12h10V9l2 1 2-4-5-3zm-1 16H9V8.2l-.9.5-.7-1.4L8 7l1.2 1.2h5.6L16 7l.6.3-.7 1.4-.9-.5V19z"
        />
        <span className="small">{t('ui.noPhoto')}</span>
      </div>
    );
  }
  return (
    <img
      src={source.src}
      srcSet={source.srcSet}
      sizes={source.srcSet ? sizes : undefined}
      width={source.width}
      height={source.height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      className={className}
    />
  );
}
