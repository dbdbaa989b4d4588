import { useLocation, useNavigate, useParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { LoadError } from '@/components/ui/load-error';
import { ShareProductOnWhatsApp } from '@/components/ui/whatsapp-share';
import { paths } from '@/config/paths';
import { useProduct } from '@/features/catalog/api/get-product';
import { useRelatedProducts } from '@/features/catalog/api/get-related-products';
import { ProductDetails } from '@/features/catalog/components/product-details';
import { DeliveryEstimates } from '@/features/delivery/components/delivery-estimates';
import { ProductGrid } from '@/features/catalog/components/product-grid';
import { ProductReviews } from '@/features/catalog/components/product-reviews';
import { MakeOffer } from '@/features/offers/components/make-offer';
import { useAuth } from '@/lib/auth/use-auth';
import { useRequireSignIn } from '@/lib/auth/use-require-sign-in';
import messages from '@/i18n/catalogs/en/pages.json';
import { useT } from '@/i18n';

function BackButton() {
  const t = useT(messages);
  const navigate = useNavigate();
  const location = useLocation();
  // 'default' is the key of the first page of the visit: there is nothing in the app to go back to.
  const canGoBack = location.key !== 'default';
  return (
    <button
      type="button"
      className="btn btn-link px-0 mb-3"
      onClick={() => (canGoBack ? navigate(-1) : navigate(paths.products()))}
    >
      {t('detail.back')}
    </button>
  );
}

function RelatedProducts({ productId }: { productId: number }) {
  const t = useT(messages);
  const { data } = useRelatedProducts(productId);
  if (!data || data.length === 0) return null;
  return (
    <section className="mt-5" aria-labelledby="related-title">
      <h2 id="related-title" className="h4 section-title">
        {t('detail.related')}
      </h2>
      <ProductGrid products={data} label={t('detail.relatedLabel')} />
    </section>
  );
}

export default function ProductDetailRoute() {
  const t = useT(messages);
  const id = Number(useParams().id);
  const product = useProduct(id);
  const { isSignedIn, isAdmin, user } = useAuth();
  const requireSignIn = useRequireSignIn();
  // A 404 from the API, or the server rendering's (which arrives as plain data, not an ApiError).
  const notFound = !Number.isInteger(id) || id <= 0 || (product.error as { status?: number } | null)?.status === 404;

  if (notFound) {
    return (
      <div className="text-center py-5">
        <title>{t('detail.notFoundTitle')}</title>
        <h1 className="h3">{t('detail.notFound')}</h1>
        <p>{t('detail.notFoundText')}</p>
        <Link to={paths.products()} className="btn btn-primary">
          {t('detail.backToProducts')}
        </Link>
      </div>
    );
  }

  return (
    <>
      <BackButton />
      {product.isPending ? (
        <div className="row g-4 placeholder-glow" role="status" aria-label={t('detail.loading')}>
          <div className="col-12 col-lg-6">
            {/* the gallery's own 4:5 box, so nothing moves when the photo arrives */}
            <div className="product-gallery">
              <div className="placeholder w-100 product-gallery__skeleton" />
            </div>
          </div>
          <div className="col-12 col-lg-6">
            <span className="placeholder col-8 mb-3 d-block" style={{ height: '2rem' }} />
            <span className="placeholder col-4 mb-3 d-block" />
            <span className="placeholder col-12 mb-2 d-block" />
            <span className="placeholder col-10 d-block" />
          </div>
        </div>
      ) : product.isError ? (
        <LoadError
          message={t('detail.loadError')}
          onRetry={() => void product.refetch()}
          retrying={product.isFetching}
        />
      ) : (
        <>
          <title>{t('detail.title', { name: product.data.name })}</title>
          <ProductDetails
            product={product.data}
            delivery={<DeliveryEstimates />}
            extra={
              <MakeOffer
                product={product.data}
                customerId={isSignedIn && !isAdmin && user ? user.id : null}
                isAdmin={isAdmin}
                onSignIn={() => requireSignIn(() => undefined, t('detail.offerSignIn'))}
              />
            }
          />
          <ShareProductOnWhatsApp name={product.data.name} price={product.data.price} path={paths.product(id)} />
          <ProductReviews productId={id} rating={product.data.average_rating} count={product.data.review_count} />
          <RelatedProducts productId={id} />
        </>
      )}
    </>
  );
}
