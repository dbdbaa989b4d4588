import { randomBytes } from 'node:crypto';
import { formatKshCents } from '@mtumba/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Order, Payment } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import { emitAll, type DomainEvents, type PendingEvent } from '../../lib/events.js';
import { renderEmail } from '../mail/layout.js';
import { queueMail } from '../mail/outbox.js';
import { shopContext } from '../orders/emails.js';
import { notePaymentFailure, settlePayment } from '../orders/lifecycle.js';
import { preparePayableOrder } from '../orders/payable-order.js';
import { IntaSendProvider } from './providers/intasend.js';
import {
  ProviderError,
  type IncomingNotification,
  type PaymentProvider,
  type ProviderPaymentStatus,
  type VerifiedNotification,
} from './providers/provider.js';
import { SandboxProvider, type SandboxMethod, type SandboxOutcome } from './providers/sandbox.js';
import { paymentRepository, type PaymentWithOrder } from './repository.js';

export const INITIATION_FAILED = 'Payment initiation failed';

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The configured provider, found by its code (config.payments.provider). */
export function createPaymentProvider(config: Config): PaymentProvider {
  const { payments } = config;
  if (payments.provider === 'intasend') {
    const { apiUrl, publishableKey, secretKey, webhookChallenge } = payments.intasend;
    if (!publishableKey || !secretKey) throw new Error('IntaSend needs its publishable and secret keys');
    return new IntaSendProvider({ apiUrl, publishableKey, secretKey, webhookChallenge, appUrl: config.appUrl });
  }
  return new SandboxProvider({ appUrl: config.appUrl, webhookSecret: payments.webhookSecret });
}

export type InitiateResult =
  { ok: true; checkout_url: string; reference: string; provider: string } | { ok: false; message: string };

/** How a notification was handled; `status` is what the webhook answers. */
export type NotificationResult =
  | { status: 400 | 401 | 404; message: string }
  | { status: 502 | 503; message: string }
  | {
      status: 200;
      outcome:
        | 'duplicate'
        | 'noted'
        | 'refused'
        | 'paid'
        | 'already_paid'
        | 'refund_due'
        | 'duplicate_payment'
        | 'failed'
        | 'ignored';
      message: string;
      orderId?: number;
    };

export interface PaymentState {
  order_id: number;
  order_status: Order['order_status'];
  payment_status: Order['payment_status'];
  payment: { reference: string; provider: string; status: Payment['status'] } | null;
}

function newReference(orderId: number): string {
  return `MT-${orderId}-${randomBytes(5).toString('hex').toUpperCase()}`;
}

/**
 * Payments: initiation, notifications (webhooks and the sandbox page) and confirmation.
 * Provider calls never happen inside a transaction; each change is one short transaction after.
 */
export function paymentService(deps: {
  db: Db;
  config: Config;
  events: DomainEvents;
  log: Log;
  provider?: PaymentProvider;
}) {
  const { db, config, events, log } = deps;
  const provider = deps.provider ?? createPaymentProvider(config);
  const repo = paymentRepository(db);
  const shop = shopContext(config);

  /**
   * Applies the provider's confirmed word to our payment and its order, once per event key.
   * Everything here is one transaction; nothing in it talks to the network.
   */
  async function settle(
    confirmed: ProviderPaymentStatus & { state: 'complete' | 'failed' },
    record: { eventKey: string; payload: unknown },
  ): Promise<NotificationResult> {
    const reference = confirmed.reference ?? '';
    const payment = reference ? await repo.findByReference(reference) : undefined;

    const refuse = async (message: string, details: object) => {
      log.warn({ provider: provider.code, reference, ...details }, `payment notification refused: ${message}`);
      await repo.recordNotification({
        provider: provider.code,
        event_key: record.eventKey,
        payment_id: payment?.id ?? null,
        state: `REFUSED:${confirmed.providerState}`.slice(0, 60),
        payload: { notification: record.payload, confirmed, refused: message },
      });
      if (payment) await repo.noteProblem(payment.id, `Refused ${confirmed.providerState} notification: ${message}`);
      events.emit('payment.settled', {
        orderId: payment?.order_id ?? null,
        provider: provider.code,
        outcome: 'refused',
      });
      return { status: 200 as const, outcome: 'refused' as const, message, orderId: payment?.order_id };
    };

    if (!payment || payment.provider !== provider.code) {
      return refuse('The payment reference is not one of ours.', {});
    }
    if (
      confirmed.state === 'complete' &&
      (confirmed.amountCents !== payment.amount_cents || (confirmed.currency ?? '').toUpperCase() !== payment.currency)
    ) {
      return refuse('The amount or currency does not match the payment.', {
        expected: { amount_cents: payment.amount_cents, currency: payment.currency },
        received: { amount_cents: confirmed.amountCents, currency: confirmed.currency },
      });
    }

    let pending: PendingEvent[] = [];
    const result = await db.transaction().execute(async (trx): Promise<NotificationResult> => {
      const payments = paymentRepository(trx);
      const fresh = await payments.recordNotification({
        provider: provider.code,
        event_key: record.eventKey,
        payment_id: payment.id,
        state: confirmed.providerState.slice(0, 60),
        payload: { notification: record.payload, confirmed },
      });
      if (!fresh) {
        return { status: 200, outcome: 'duplicate', message: 'Already handled.', orderId: payment.order_id };
      }

      if (confirmed.state === 'failed') {
        const changed = await payments.markFailed(payment.id, {
          reason: confirmed.failureReason ?? 'The payment did not go through.',
          invoiceId: confirmed.invoiceId,
          method: confirmed.method,
        });
        if (changed) await notePaymentFailure(trx, payment.order_id);
        return {
          status: 200,
          outcome: changed ? 'failed' : 'ignored',
          message: changed ? 'Payment failed.' : 'Nothing to change.',
          orderId: payment.order_id,
        };
      }

      const changed = await payments.markPaid(payment.id, { invoiceId: confirmed.invoiceId, method: confirmed.method });
      const applied = await settlePayment(trx, payment.order_id, shop);
      pending = applied.events;
      const secondPayment =
        changed &&
        (applied.outcome === 'already_paid' || (applied.outcome === 'refund_due' && applied.events.length === 0));
      if (secondPayment) {
        await mailSecondPayment(trx, payment, confirmed);
        log.warn({ reference, order_id: payment.order_id }, 'a second payment arrived for an order: refund due');
        return { status: 200, outcome: 'duplicate_payment', message: 'Refund due.', orderId: payment.order_id };
      }
      return {
        status: 200,
        outcome: applied.outcome,
        message: applied.outcome === 'paid' ? 'Payment received.' : 'Recorded.',
        orderId: payment.order_id,
      };
    });
    emitAll(events, pending);
    if (result.status === 200 && result.outcome !== 'duplicate' && result.outcome !== 'noted') {
      events.emit('payment.settled', {
        orderId: result.orderId ?? null,
        provider: provider.code,
        outcome: result.outcome,
      });
    }
    if (result.status === 200 && result.outcome !== 'duplicate') {
      log.info({ provider: provider.code, reference, outcome: result.outcome }, 'payment notification handled');
    }
    return result;
  }

  async function mailSecondPayment(
    trx: Parameters<typeof queueMail>[0],
    payment: Payment,
    confirmed: ProviderPaymentStatus,
  ): Promise<void> {
    const content = renderEmail({
      shopName: shop.shopName,
      heading: `Second payment for order #${payment.order_id}`,
      paragraphs: [
        `Order #${payment.order_id} was already paid, and another payment of ${formatKshCents(payment.amount_cents)} has now arrived for it.`,
        'Please refund the second payment to the customer.',
      ],
      rows: [
        ['Reference', payment.reference],
        ['Provider', payment.provider],
        ['Provider invoice', confirmed.invoiceId ?? '—'],
        ['Amount', formatKshCents(payment.amount_cents)],
      ],
      button: { label: 'Open the order', url: `${shop.appUrl}/admin/orders/${payment.order_id}` },
    });
    await queueMail(trx, {
      to: shop.shopEmail,
      subject: `Refund needed: second payment for order #${payment.order_id}`,
      template: 'payment_duplicate',
      ...content,
    });
  }

  async function handleVerified(notification: VerifiedNotification): Promise<NotificationResult> {
    if (await repo.notificationSeen(provider.code, notification.eventKey)) {
      return { status: 200, outcome: 'duplicate', message: 'Already handled.' };
    }
    if (!notification.final) {
      const known = notification.reference ? await repo.findByReference(notification.reference) : undefined;
      await repo.recordNotification({
        provider: provider.code,
        event_key: notification.eventKey,
        payment_id: known && known.provider === provider.code ? known.id : null,
        state: notification.providerState.slice(0, 60),
        payload: notification.payload,
      });
      return { status: 200, outcome: 'noted', message: 'Noted.' };
    }

    let confirmed: ProviderPaymentStatus | undefined;
    try {
      confirmed = await provider.confirm({
        reference: notification.reference ?? '',
        invoiceId: notification.invoiceId,
        notification,
      });
    } catch (err) {
      log.error(
        { err, provider: provider.code, details: err instanceof ProviderError ? err.details : undefined },
        'could not confirm a payment notification',
      );
      return { status: 502, message: 'The payment could not be confirmed with the provider. Please retry.' };
    }
    if (!confirmed || confirmed.state === 'pending') {
      // Not recorded, so the provider's retry is handled once the payment has settled.
      return { status: 503, message: 'The payment is not settled yet. Please retry.' };
    }
    if (notification.invoiceId && confirmed.invoiceId && confirmed.invoiceId !== notification.invoiceId) {
      log.warn({ provider: provider.code, notification: notification.invoiceId }, 'status answer for another invoice');
      return { status: 502, message: 'The provider answered for another payment.' };
    }
    return settle(
      { ...confirmed, state: confirmed.state },
      { eventKey: notification.eventKey, payload: notification.payload },
    );
  }

  /** A webhook (or the sandbox page's notification): verify, confirm, then act once. */
  async function handleNotification(providerCode: string, incoming: IncomingNotification): Promise<NotificationResult> {
    if (providerCode !== provider.code) {
      return { status: 404, message: `The ${providerCode} payment provider is not enabled.` };
    }
    const parsed = provider.parseNotification(incoming);
    if (!parsed.ok) {
      log.warn({ provider: provider.code, reason: parsed.reason }, 'payment notification rejected');
      return { status: parsed.status, message: parsed.reason };
    }
    return handleVerified(parsed);
  }

  return {
    provider,

    /**
     * Creates a payment for the customer's own pending order and a hosted checkout for it.
     * `returnPath` (a pay link's page) is where the payment page sends the buyer back instead of
     * the signed-in confirmation page.
     */
    async initiate(
      user: { id: number; name: string; email: string },
      orderId: number,
      options: { returnPath?: string } = {},
    ): Promise<InitiateResult> {
      const order = await preparePayableOrder(db, user.id, orderId, config.orders.reservationSeconds);
      const at = new Date().toISOString();
      const payment = await repo.insert({
        order_id: order.id,
        reference: newReference(order.id),
        provider: provider.code,
        status: 'pending',
        amount_cents: order.total_cents,
        currency: 'KES',
        method: null,
        checkout_url: null,
        provider_checkout_id: null,
        provider_invoice_id: null,
        failure_reason: null,
        return_path: options.returnPath ?? null,
        created_at: at,
        updated_at: at,
      });
      let session;
      try {
        session = await provider.createCheckout({
          reference: payment.reference,
          amountCents: payment.amount_cents,
          currency: 'KES',
          orderId: order.id,
          customer: { name: user.name, email: user.email, phone: order.shipping_phone },
          redirectUrl: `${config.appUrl}${options.returnPath ?? `/payment/confirmationpage?order_id=${order.id}`}`,
        });
      } catch (err) {
        log.error(
          {
            err,
            provider: provider.code,
            reference: payment.reference,
            details: err instanceof ProviderError ? err.details : undefined,
          },
          'payment initiation failed',
        );
        await repo.markFailed(payment.id, { reason: 'The checkout could not be created.' });
        return { ok: false, message: INITIATION_FAILED };
      }
      await repo.setCheckout(payment.id, {
        checkout_url: session.checkoutUrl,
        provider_checkout_id: session.providerCheckoutId ?? null,
      });
      return { ok: true, checkout_url: session.checkoutUrl, reference: payment.reference, provider: provider.code };
    },

    handleNotification,

    /**
     * The order's payment state for its owner; for a provider with a status API, asks it about
     * the latest pending payment first. `trackingId` (from the redirect) is only a hint of which
     * invoice to ask about: the answer must name this payment's reference to count.
     */
    async confirmForOrder(userId: number, orderId: number, trackingId?: string): Promise<PaymentState> {
      const order = await repo.findOrderOf(orderId, userId);
      if (!order) throw new DomainError('not_found', 'Order not found.');
      const open = (await repo.listForOrder(orderId)).filter(
        (p) => p.status === 'pending' && p.provider === provider.code,
      );
      const latestOpen = open.at(-1);
      if (latestOpen && order.payment_status !== 'paid' && !(provider instanceof SandboxProvider)) {
        try {
          const confirmed = await provider.confirm({
            reference: latestOpen.reference,
            invoiceId: trackingId ?? latestOpen.provider_invoice_id,
            checkoutId: latestOpen.provider_checkout_id,
          });
          const target = confirmed && open.find((p) => p.reference === confirmed.reference);
          if (confirmed && target && confirmed.state !== 'pending') {
            await settle(
              { ...confirmed, state: confirmed.state },
              {
                eventKey: `${confirmed.invoiceId ?? target.reference}:${confirmed.providerState}`,
                payload: { source: 'status_api', order_id: orderId },
              },
            );
          }
        } catch (err) {
          log.warn({ err, order_id: orderId }, 'could not confirm a payment with the provider');
        }
      }
      const [current, payments] = await Promise.all([repo.findOrderOf(orderId, userId), repo.listForOrder(orderId)]);
      const shown = payments.findLast((p) => p.status === 'paid') ?? payments.at(-1);
      return {
        order_id: orderId,
        order_status: (current ?? order).order_status,
        payment_status: (current ?? order).payment_status,
        payment: shown ? { reference: shown.reference, provider: shown.provider, status: shown.status } : null,
      };
    },

    /** The sandbox page's data, or undefined when the reference is unknown or not a sandbox one. */
    async sandboxCheckout(reference: string): Promise<PaymentWithOrder | undefined> {
      if (!(provider instanceof SandboxProvider)) return undefined;
      const found = await repo.findWithOrder(reference);
      return found && found.provider === provider.code ? found : undefined;
    },

    /** The sandbox page's Pay or Cancel: a signed notification, through the webhook's own path. */
    async sandboxPay(
      payment: Payment,
      choice: { outcome: SandboxOutcome; method: SandboxMethod; phone: string | null },
    ): Promise<NotificationResult> {
      if (!(provider instanceof SandboxProvider)) throw new Error('The sandbox provider is not enabled');
      const signed = provider.signedNotification({
        reference: payment.reference,
        amountCents: payment.amount_cents,
        currency: payment.currency,
        ...choice,
      });
      return handleNotification(provider.code, {
        rawBody: signed.rawBody,
        headers: { 'x-sandbox-signature': signed.signature, 'content-type': 'application/json' },
      });
    },
  };
}

export type PaymentService = ReturnType<typeof paymentService>;
