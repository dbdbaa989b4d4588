import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { formatKsh } from '@mtumba/contract/money';
import type { PayLinkView } from '@mtumba/contract/manual-order';
import { MpesaPrompt } from '@/components/mpesa-prompt/mpesa-prompt';
import { BusyButton } from '@/components/ui/busy-button';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { PriceSummary } from '@/components/ui/price-summary';
import { usePriceWords } from '@/components/order/price-words';
import { errorMessage } from '@/lib/api-client';
import { payLinkKeys, usePayLinkView } from '../api/get-pay-link';
import { getPayLinkPayment, sendPayLinkPrompt, useConfirmPayLink, useInitiatePayLink } from '../api/pay-by-link';
import messages from '@/i18n/catalogs/en/buy.json';
import { useLocale, useT } from '@/i18n';

function formatUntil(iso: string, locale: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Nairobi' });
}

type ClosedState = Exclude<PayLinkView['state'], 'payable'>;
const STATE_TEXT = {
  paid: { title: 'pl.paidTitle', text: 'pl.paidText', tone: 'success' },
  cancelled: { title: 'pl.cancelledTitle', text: 'pl.cancelledText', tone: 'secondary' },
  expired: { title: 'pl.expiredTitle', text: 'pl.expiredText', tone: 'warning' },
  closed: { title: 'pl.closedTitle', text: 'pl.closedText', tone: 'secondary' },
} as const satisfies Record<ClosedState, { title: keyof typeof messages; text: keyof typeof messages; tone: string }>;

function PayPanel({ token, view }: { token: string; view: PayLinkView }) {
  const t = useT(messages);
  const locale = useLocale();
  const initiate = useInitiatePayLink(token);
  const queryClient = useQueryClient();
  const pay = () =>
    initiate.mutate(view.order.id, { onSuccess: (reply) => window.location.assign(reply.checkout_url) });
  return (
    <section aria-labelledby="pay-title" className="pay-link__options">
      <h2 id="pay-title" className="h5 mb-0">
        {t('pl.pay', { amount: formatKsh(view.order.total_amount) })}
      </h2>
      <MpesaPrompt
        orderId={view.order.id}
        amount={view.order.total_amount}
        defaultPhone={view.order.phone ?? null}
        initiate={(phone) => sendPayLinkPrompt(token, phone)}
        loadStatus={(reference) => getPayLinkPayment(token, reference)}
        onPayAnotherWay={pay}
        payingAnotherWay={initiate.isPending || initiate.isSuccess}
        hostedPage={
          <>
            {initiate.isError && (
              <p className="text-danger" role="alert">
                {errorMessage(initiate.error, t('pay.initFailed'))}
              </p>
            )}
            <BusyButton
              type="button"
              busy={initiate.isPending || initiate.isSuccess}
              busyLabel={t('pay.opening')}
              className="btn btn-outline-primary w-100"
              onClick={pay}
            >
              {t('pl.payPage', { amount: formatKsh(view.order.total_amount) })}
            </BusyButton>
          </>
        }
        onPaid={() => void queryClient.invalidateQueries({ queryKey: payLinkKeys.view(token) })}
      />
      <p className="small text-body-secondary mb-0">{t('pl.until', { until: formatUntil(view.expires_at, locale) })}</p>
    </section>
  );
}

/**
 * The page a pay link opens (docs/product.md section 13): no sign-in, made for a phone. It shows
 * the shop, the items with photos, delivery and total, and Pay (the hosted payment page) while
 * the order can be paid; a paid or cancelled order shows its state instead.
 */
export function PayLinkScreen({ token }: { token: string }) {
  const t = useT(messages);
  const words = usePriceWords();
  const [params] = useSearchParams();
  const view = usePayLinkView(token);
  const confirm = useConfirmPayLink(token);
  const failed = params.get('payment') === 'failed';
  const trackingId = params.get('tracking_id') ?? undefined;
  const asked = useRef(false);

  // Back from the payment page: ask for the real state once (the redirect itself proves nothing).
  useEffect(() => {
    if (asked.current || !(trackingId || params.has('checkout_id'))) return;
    asked.current = true;
    confirm.mutate(trackingId);
  }, [confirm, params, trackingId]);

  if (view.isPending) return <LoadingSpinner label={t('pl.loading')} />;
  if (view.isError) {
    return (
      <div className="pay-link py-4">
        <div className="alert alert-warning" role="alert">
          <h1 className="h5">{t('pl.unusable')}</h1>
          <p className="mb-0">{errorMessage(view.error, t('pl.invalid'))}</p>
        </div>
      </div>
    );
  }

  const v = view.data;
  const order = v.order;
  const state = v.state === 'payable' ? null : STATE_TEXT[v.state];
  return (
    <div className="pay-link py-2">
      <p className="text-body-secondary mb-1">{v.shop.name}</p>
      <h1 className="h3">
        {order.customer_first_name
          ? t('pl.hi', { name: order.customer_first_name, id: order.id })
          : t('oc.order', { id: order.id })}
      </h1>

      {state && (
        <div className={`alert alert-${state.tone}`} role="status" data-testid="pay-link-state">
          <h2 className="h5">{t(state.title)}</h2>
          <p className="mb-0">{t(state.text)}</p>
        </div>
      )}
      {failed && v.can_pay && (
        <div className="alert alert-warning" role="alert">
          {t('pl.failed')}
        </div>
      )}

      <section aria-labelledby="items-title" className="mb-3">
        <h2 id="items-title" className="visually-hidden">
          {t('pl.items')}
        </h2>
        <ul className="list-unstyled mb-0">
          {order.items.map((item, i) => (
            <li key={i} className="pay-link__item">
              {item.image_url ? (
                <img src={item.image_url} alt="" width={56} height={70} />
              ) : (
                <span className="pay-link__thumb" />
              )}
              <div className="pay-link__item-text">
                <div className="fw-semibold">{item.name}</div>
                {item.quantity > 1 && <div className="small">× {item.quantity}</div>}
              </div>
              <div className="text-end">{formatKsh(item.subtotal)}</div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-label={t('pl.deliveryTotal')} className="mb-4">
        <p className="mb-2">
          <span className="fw-semibold">{t('pl.delivery')}</span> {order.shipping_address}
          {order.shipping_address === 'Paid custom delivery' && t('pl.rider')}
        </p>
        <PriceSummary
          discounts={order.applied_discounts}
          discountsLabel={t('pl.discounts')}
          subtotal={order.subtotal}
          discount={order.discount_amount}
          delivery={words.deliveryFee(order.shipping_address, order.delivery_fee)}
          rowLabels={words.rowLabels}
          total={order.total_amount}
          totalLabel={t('amt.total')}
          totalTestId="pay-link-total"
        />
      </section>

      {v.can_pay && <PayPanel token={token} view={v} />}
      {v.shop.whatsapp && (
        <p className="mt-4 small">
          {t('questions')}{' '}
          <a href={`https://wa.me/${v.shop.whatsapp}`} target="_blank" rel="noopener noreferrer">
            {t('pl.whatsapp')}
          </a>
          .
        </p>
      )}
    </div>
  );
}
