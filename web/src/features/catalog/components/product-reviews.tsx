import { RatingStars } from '@/components/ui/rating-stars';
import { useProductReviews } from '../api/get-product-reviews';

const dateFormat = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium' });

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
  const { data, isPending, isError } = useProductReviews(productId);
  return (
    <section className="mt-5" aria-labelledby="reviews-title">
      <h2 id="reviews-title" className="h4 section-title">
        Customer Reviews
      </h2>
      {rating !== undefined && (
        <p className="mb-2" data-testid="rating-line">
          <RatingStars rating={rating} />
          {count !== undefined && (
            <span className="small text-body-secondary ms-2">
              {count} {count === 1 ? 'review' : 'reviews'}
            </span>
          )}
        </p>
      )}
      {isPending ? (
        <p role="status">Loading reviews…</p>
      ) : isError ? (
        <p className="text-danger">Could not load reviews.</p>
      ) : data.length === 0 ? (
        <p>No reviews yet. Be the first to review!</p>
      ) : (
        <ul className="list-unstyled">
          {data.map((review) => (
            <li key={review.id} className="border-bottom py-3">
              <div className="d-flex flex-wrap align-items-center gap-2">
                <strong>{review.user?.name ?? 'A customer'}</strong>
                <RatingStars rating={review.rating} showText={false} />
                <time className="small text-body-secondary ms-auto" dateTime={review.created_at}>
                  {dateFormat.format(new Date(review.created_at))}
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
