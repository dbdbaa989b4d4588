import Carousel from 'react-bootstrap/Carousel';
import { ProductImage, productImageSource } from '@/components/ui/product-image';
import type { Product } from '@/lib/api-types';

const SIZES = '(min-width: 992px) 50vw, 100vw';

/** The product's photos: a carousel that moves only when asked, one image, or a placeholder. */
export function ProductGallery({ product }: { product: Product }) {
  const count = product.images?.length ? product.images.length : product.image_url ? 1 : 0;
  if (count <= 1) {
    return (
      <div className="product-gallery">
        <ProductImage source={productImageSource(product, 0)} alt={product.name} sizes={SIZES} priority />
      </div>
    );
  }
  return (
    <Carousel className="product-gallery" interval={null} variant="dark" aria-label={`Photos of ${product.name}`}>
      {product.images!.map((_, i) => (
        <Carousel.Item key={product.images![i].id}>
          <ProductImage
            source={productImageSource(product, i)}
            alt={`${product.name}, photo ${i + 1} of ${count}`}
            sizes={SIZES}
            priority={i === 0}
          />
        </Carousel.Item>
      ))}
    </Carousel>
  );
}
