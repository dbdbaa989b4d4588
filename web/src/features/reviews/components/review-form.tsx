import { useId, useState, type FormEvent } from 'react';
import { LIMITS } from '@mtumba/contract/constants';
import { errorMessage } from '@/lib/api-client';
import type { Review } from '@mtumba/contract/review';
import { useFlashMessage } from '@/lib/use-flash-message';
import { useDeleteReview } from '../api/delete-review';
import { useMyReview } from '../api/get-my-review';
import { useSaveReview } from '../api/save-review';
import messages from '@/i18n/catalogs/en/orders.json';
import { useT } from '@/i18n';

const STARS = [1, 2, 3, 4, 5] as const;
/** The rating's word (review.rating.<n> in the orders catalog). */
const ratingWord = (t: ReturnType<typeof useT<typeof messages>>, n: number) =>
  t(`review.rating.${STARS.find((s) => s === n) ?? 5}`);

interface FormProps {
  productId: number;
  productName: string;
  /** the customer's review as the server has it now (null: none yet) */
  review: Review | null;
}

function ReviewFields({ productId, productName, review }: FormProps) {
  const t = useT(messages);
  const [rating, setRating] = useState(review?.rating ?? LIMITS.ratingMax);
  const [text, setText] = useState(review?.review_text ?? '');
  const notice = useFlashMessage();
  const save = useSaveReview();
  const remove = useDeleteReview();
  const ratingId = useId();
  const textId = useId();
  const countId = useId();
  const busy = save.isPending || remove.isPending;

  // mutateAsync, not mutate's callbacks: those are skipped when the cache update re-renders the form first.
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await save.mutateAsync({ reviewId: review?.id, product_id: productId, rating, review_text: text.trim() });
      notice.show('success', t('review.saved'));
    } catch (err) {
      notice.show('danger', errorMessage(err, t('review.saveFailed')));
    }
  };

  const onDelete = async () => {
    if (!review) return;
    try {
      await remove.mutateAsync({ reviewId: review.id, productId });
      setRating(LIMITS.ratingMax);
      setText('');
      notice.show('success', t('review.deleted'));
    } catch {
      notice.show('danger', t('review.deleteFailed'));
    }
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="mt-2 p-2 border rounded"
      aria-label={t('review.formLabel', { name: productName })}
    >
      <div className="row g-2 align-items-end">
        <div className="col-12">
          {/* Tappable stars: a radio group, so arrow keys move the rating and a screen reader names each star. */}
          <fieldset className="star-rating" disabled={busy}>
            <legend className="form-label small mb-1">{t('review.ratingLegend')}</legend>
            <div className="star-rating__stars">
              {STARS.map((n) => (
                <label key={n} className={`star-rating__star ${n <= rating ? 'is-on' : ''}`}>
                  <input
                    type="radio"
                    className="visually-hidden"
                    name={ratingId}
                    value={n}
                    checked={rating === n}
                    onChange={() => setRating(n)}
                    aria-label={t('review.star', { count: n, word: ratingWord(t, n) })}
                  />
                  <span aria-hidden="true">★</span>
                </label>
              ))}
              <span className="small ms-2" aria-hidden="true">
                {ratingWord(t, rating)}
              </span>
            </div>
          </fieldset>
        </div>
        <div className="col-12">
          <label htmlFor={textId} className="form-label small mb-1">
            {t('review.text')}
          </label>
          <textarea
            id={textId}
            className="form-control form-control-sm"
            rows={2}
            maxLength={LIMITS.reviewTextMax}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-describedby={countId}
            disabled={busy}
          />
          <div id={countId} className="form-text">
            {t('review.characters', { count: text.length, max: LIMITS.reviewTextMax })}
          </div>
        </div>
      </div>
      <div className="d-flex flex-wrap align-items-center gap-2 mt-1">
        <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
          {save.isPending ? t('review.saving') : review ? t('review.update') : t('review.submit')}
        </button>
        {review && (
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            onClick={() => void onDelete()}
            disabled={busy}
          >
            {remove.isPending ? t('review.deleting') : t('review.delete')}
          </button>
        )}
        <span role="status" className={notice.message ? `small text-${notice.message.variant}` : 'small'}>
          {notice.message?.text}
        </span>
      </div>
    </form>
  );
}

/** The review form of one delivered item: write, change or delete one's own review (docs/product.md section 5). */
export function ReviewForm({ productId, productName }: { productId: number; productName: string }) {
  const t = useT(messages);
  const { data, isPending, isError } = useMyReview(productId);
  if (isPending) return <p className="small text-body-secondary mt-2 mb-0">{t('review.loading')}</p>;
  if (isError) return <p className="small text-danger mt-2 mb-0">{t('review.loadError')}</p>;
  return <ReviewFields productId={productId} productName={productName} review={data} />;
}
