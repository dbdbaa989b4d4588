import { RatingStars } from '@/components/ui/rating-stars';
import { useProductReviews } from '../api/get-product-reviews';
import messages from '@/i18n/catalogs/en/pages.json';
import { useLanguage, useT } from '@/i18n';
import { formatDay } from '@/i18n/dates';

/** Customer Reviews of a product, newest first. */
export function ProductReviews({
  productId,
  rating,
  count,
}: {
  productId: number;
  /** the product's average (0 without reviews) and number of reviews, shown under the heading */
  rating?: number;
  count?: number;
}) {
  const t = useT(messages);
  const language = useLanguage();
  const { data, isPending, isError } = useProductReviews(productId);
  return (
    <section className="mt-5" aria-labelledby="reviews-title">
      <h2 id="reviews-title" className="h4 section-title">
        {t('reviews.title')}
      </h2>
      {rating !== undefined && (
        <p className="mb-2" data-testid="rating-line">
          <RatingStars rating={rating} />
          {count !== undefined && (
            <span className="small text-body-secondary ms-2">{t('reviews.count', { count })}</span>
          )}
        </p>
      )}
      {isPending ? (
        <p role="status">{t('reviews.loading')}</p>
      ) : isError ? (
        <p className="text-danger">{t('reviews.error')}</p>
      ) : data.length === 0 ? (
        <p>{t('reviews.none')}</p>
      ) : (
        <ul className="list-unstyled">
          {data.map((review) => (
            <li key={review.id} className="border-bottom py-3">
              <div className="d-flex flex-wrap align-items-center gap-2">
                <strong>{review.user?.name ?? t('reviews.anonymous')}</strong>
                <RatingStars rating={review.rating} showText={false} />
                <time className="small text-body-secondary ms-auto" dateTime={review.created_at}>
                  {formatDay(review.created_at, language)}
                </time>
              </div>
              {review.review_text && <p className="mb-0 mt-1 text-break">{review.review_text}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
