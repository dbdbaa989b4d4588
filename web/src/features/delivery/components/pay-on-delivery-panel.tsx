import type { ReactNode } from 'react';
import { MONEY_RECEIVED_STATUSES } from '@mtumba/contract/order-states';
import { formatKsh } from '@mtumba/contract/money';
import { useOrder } from '@/lib/api/get-order';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useChoosePayOnDelivery, usePayOnDeliveryOption, useRefreshPayOnDelivery } from '../api/pay-on-delivery';
import messages from '@/i18n/catalogs/en/buy.json';
import { useT, type Translate } from '@/i18n';

type T = Translate<keyof typeof messages>;

/**
 * The contract's podReadySentence and podHowSentence (delivery-rules.ts), in the page's language:
 * the same English, one message per kind of delivery.
 */
const deliveryKind = (kind?: string | null) => (kind === 'pickup' || kind === 'courier' ? kind : 'rider');
const readySentence = (t: T, amount: string, kind?: string | null) => t(`pod.ready.${deliveryKind(kind)}`, { amount });
const howSentence = (t: T, kind?: string | null) => t(`pod.how.${deliveryKind(kind)}`);

interface PayOnDeliveryPanelProps {
  orderId: number;
  /**
   * What opens a locked option for a first order (the checkout's "verify your phone" step); it
   * calls `refresh` once done. The page composes it (web features stand alone).
   */
  unlock?: (refresh: () => void, phone: string | null) => ReactNode;
}

/** The server's reason names the phone when a verified phone is what the customer lacks. */
const needsPhone = (reason: string | null) => reason?.includes('verified your phone') ?? false;

/**
 * "Pay on delivery" beside paying now on the checkout page (docs/product.md section 11): cash or
 * M-Pesa to the rider. Shown while the order waits for a payment; when the shop's limits do not
 * allow it, says why, with the step that opens it when there is one. A paid order shows nothing.
 */
export function PayOnDeliveryPanel({ orderId, unlock }: PayOnDeliveryPanelProps) {
  const t = useT(messages);
  const option = usePayOnDeliveryOption(orderId);
  const choose = useChoosePayOnDelivery(orderId);
  const refresh = useRefreshPayOnDelivery(orderId);
  const order = useOrder(orderId).data;
  const o = option.data;
  if (!o || !(o.open || o.chosen)) return null;
  // the order's own state is the newer one after an M-Pesa prompt was paid on this page
  if (order && MONEY_RECEIVED_STATUSES.includes(order.payment_status)) return null;
  const kind = order?.delivery?.kind;

  if (o.chosen) {
    return (
      <section className="card mt-3 border-success" aria-labelledby="pod-title" data-testid="pay-on-delivery">
        <div className="card-body">
          <h2 className="h6" id="pod-title">
            {t('pod.title')}
          </h2>
          <p className="mb-0" role="status">
            {t('pod.confirmed')} {readySentence(t, formatKsh(o.amount), kind)}
          </p>
        </div>
      </section>
    );
  }

  const confirm = () =>
    choose.mutate(undefined, {
      onSuccess: () =>
        toast.success(`${t('pod.confirmed')} ${readySentence(t, formatKsh(o.amount), kind)}`, {
          toastId: `pod-${orderId}`,
        }),
      onError: (err) => toast.error(errorMessage(err, t('pod.error')), { toastId: `pod-${orderId}` }),
    });

  return (
    <section className="card mt-3" aria-labelledby="pod-title" data-testid="pay-on-delivery">
      <div className="card-body">
        <h2 className="h6" id="pod-title">
          {t('pod.or')}
        </h2>
        <p className="small mb-2">
          {howSentence(t, kind)} {t('pod.keep')}
        </p>
        {o.available ? (
          <button
            type="button"
            className="btn btn-outline-primary btn-lg w-100"
            onClick={confirm}
            disabled={choose.isPending}
          >
            {choose.isPending ? t('pod.confirming') : t('pod.pay', { amount: formatKsh(o.amount) })}
          </button>
        ) : (
          <>
            <p className="small text-body-secondary mb-0" data-testid="pod-unavailable">
              {o.reason}
            </p>
            {needsPhone(o.reason) && unlock?.(refresh, order?.shipping_phone ?? null)}
          </>
        )}
      </div>
    </section>
  );
}
