import messages from '@/i18n/catalogs/en/ui-extra.json';
import { useT } from '@/i18n';

interface RatingStarsProps {
  rating: number | null | undefined;
  /** show "(x out of 5)" after the stars */
  showText?: boolean;
  className?: string;
}

/** Five stars filled to the average rating (rounded to halves), with the number for screen readers. */
export function RatingStars({ rating, showText = true, className }: RatingStarsProps) {
  const t = useT(messages);
  const value = Math.max(0, Math.min(5, Number(rating) || 0));
  const rounded = Math.round(value * 2) / 2;
  const shown = Number.isInteger(value) ? String(value) : value.toFixed(1);
  return (
    <span className={`rating-stars ${className ?? ''}`}>
      <span aria-hidden="true" className="rating-stars__icons">
        {[1, 2, 3, 4, 5].map((n) => (
          <span key={n} className={n <= rounded ? 'star full' : n - 0.5 === rounded ? 'star half' : 'star'}>
            ★
          </span>
        ))}
      </span>
      {showText ? (
        <span className="ms-1">({t('ui.outOf5', { rating: shown })})</span>
      ) : (
        <span className="visually-hidden">{t('ui.outOf5', { rating: shown })}</span>
      )}
    </span>
  );
}
