import { orderProgress } from '@mtumba/contract/order-states';
import messages from '@/i18n/catalogs/en/orders.json';
import { useT } from '@/i18n';
import { statusText } from './status-label';

const STEPS = ['placed', 'paid', 'shipped', 'delivered'] as const;

/** How many of the four steps an order has reached (1 = placed). */
export function stepsReached(status: string, paymentStatus?: string): number {
  switch (status) {
    case 'delivered':
      return 4;
    case 'shipped':
      return 3;
    case 'processing':
      return 2;
    default:
      return paymentStatus === 'paid' ? 2 : 1;
  }
}

interface OrderProgressProps {
  orderId: number;
  status: string;
  paymentStatus?: string;
  /** kept for callers: the step names always show now */
  showSteps?: boolean;
}

/**
 * The order's progress as named steps: Placed, Paid, Shipped, Delivered; a cancelled order says so.
 * For assistive technology it stays a progress bar (pending 25%, processing 50%, shipped 75%, delivered 100%).
 */
export function OrderProgress({ orderId, status, paymentStatus }: OrderProgressProps) {
  const percent = orderProgress(status);
  const t = useT(messages);
  const label = statusText(t, status);
  const cancelled = status === 'cancelled';
  const reached = stepsReached(status, paymentStatus);
  return (
    <div
      className={`steps ${cancelled ? 'steps--cancelled' : ''}`}
      role="progressbar"
      aria-label={t('progress.label', { id: orderId })}
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuetext={`${label}, ${percent}%`}
      data-testid={`order-progress-${orderId}`}
    >
      {cancelled ? (
        <p className="steps__cancelled">{t('progress.cancelled')}</p>
      ) : (
        <ol className="steps__list">
          {STEPS.map((step, i) => (
            <li
              key={step}
              className={`steps__step ${i < reached ? 'is-done' : ''} ${i === reached - 1 ? 'is-current' : ''}`}
            >
              <span className="steps__dot">{i < reached ? '✓' : i + 1}</span>
              <span className="steps__name">{t(`step.${step}`)}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
