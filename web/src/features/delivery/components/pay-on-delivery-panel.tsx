import { formatKsh } from '@mtumba/contract/money';
import { podReadySentence } from '@mtumba/contract/delivery-rules';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useChoosePayOnDelivery, usePayOnDeliveryOption } from '../api/pay-on-delivery';

/**
 * "Pay on delivery" beside paying now on the checkout page (docs/product.md section 11): cash or
 * M-Pesa to the rider. Shown while the order waits for a payment; when the shop's limits do not
 * allow it, says why.
 */
export function PayOnDeliveryPanel({ orderId }: { orderId: number }) {
  const option = usePayOnDeliveryOption(orderId);
  const choose = useChoosePayOnDelivery(orderId);
  const o = option.data;
  if (!o || !(o.open || o.chosen)) return null;

  if (o.chosen) {
    return (
      <section className="card mt-3 border-success" aria-labelledby="pod-title" data-testid="pay-on-delivery">
        <div className="card-body">
          <h2 className="h6" id="pod-title">
            Pay on delivery
          </h2>
          <p className="mb-0" role="status">
            Your order is confirmed. {podReadySentence(formatKsh(o.amount))}
          </p>
        </div>
      </section>
    );
  }

  const confirm = () =>
    choose.mutate(undefined, {
      onSuccess: (reply) => toast.success(reply.message, { toastId: `pod-${orderId}` }),
      onError: (err) =>
        toast.error(errorMessage(err, 'Could not choose pay on delivery'), { toastId: `pod-${orderId}` }),
    });

  return (
    <section className="card mt-3" aria-labelledby="pod-title" data-testid="pay-on-delivery">
      <div className="card-body">
        <h2 className="h6" id="pod-title">
          Or pay on delivery
        </h2>
        <p className="small mb-2">
          Pay the rider in cash or by M-Pesa when your parcel arrives. We keep your items for you until then.
        </p>
        {o.available ? (
          <button
            type="button"
            className="btn btn-outline-primary btn-lg w-100"
            onClick={confirm}
            disabled={choose.isPending}
          >
            {choose.isPending ? 'Confirming…' : `Pay ${formatKsh(o.amount)} on delivery`}
          </button>
        ) : (
          <p className="small text-body-secondary mb-0" data-testid="pod-unavailable">
            {o.reason}
          </p>
        )}
      </div>
    </section>
  );
}
