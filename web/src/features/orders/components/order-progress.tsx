import { orderProgress, statusLabel } from '@mtumba/contract/order-states';

const STEPS = ['Pending', 'Processing', 'Shipped', 'Delivered'];

interface OrderProgressProps {
  orderId: number;
  status: string;
  /** show the four step names under the bar */
  showSteps?: boolean;
}

/** The order's progress bar (SPEC.md section 4): pending 25%, processing 50%, shipped 75%, delivered 100%. */
export function OrderProgress({ orderId, status, showSteps = false }: OrderProgressProps) {
  const percent = orderProgress(status);
  const label = statusLabel(status);
  const cancelled = status === 'cancelled';
  const tone = cancelled ? 'bg-secondary' : percent === 100 ? 'bg-success' : '';
  // Bootstrap's bar is its stock blue; in progress it takes the shop's colour.
  const colour = tone ? undefined : 'var(--mt-brand, #7a3e1d)';
  return (
    <div>
      <div
        className="progress"
        role="progressbar"
        aria-label={`Order #${orderId} progress`}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={`${label}, ${percent}%`}
        style={{ height: '1.25rem' }}
      >
        <div
          className={`progress-bar ${tone}`}
          style={{ width: `${percent}%`, backgroundColor: colour }}
          data-testid={`order-progress-${orderId}`}
        >
          {cancelled ? label : `${percent}%`}
        </div>
      </div>
      {showSteps && (
        <ol
          className="list-unstyled d-flex justify-content-between small text-body-secondary mt-1 mb-0"
          aria-hidden="true"
        >
          {STEPS.map((step) => (
            <li key={step} className={step === label ? 'fw-bold text-body' : undefined}>
              {step}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
