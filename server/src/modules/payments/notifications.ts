import { createHash } from 'node:crypto';
import { formatKshCents } from '@mtumba/contract';
import type { Payment } from '../../db/schema.js';
import { DomainError, upstreamFailed } from '../../lib/errors.js';
import { emitAll, type PendingEvent } from '../../lib/events.js';
import { renderEmail } from '../mail/layout.js';
import { queueMail } from '../mail/outbox.js';
import { shopContext } from '../orders/emails.js';
import { notePaymentFailure, settlePayment } from '../orders/lifecycle.js';
import type { PaymentContext } from './payment-context.js';
import { PROMPT_POLL_GRACE_SECONDS, promptPollAt } from './prompt-polls.js';
import {
  providerErrorDetails,
  type IncomingNotification,
  type ProviderPaymentStatus,
  type SimulatedPayment,
  type VerifiedNotification,
} from './providers/provider.js';
import { paymentRepository } from './repository.js';

/** The key a refused notification is recorded under: the event plus the answer that was refused. */
function refusedKey(eventKey: string, confirmed: ProviderPaymentStatus): string {
  const content = [confirmed.reference ?? '', confirmed.amountCents ?? '', confirmed.currency ?? ''].join('|');
  return `refused:${eventKey}:${createHash('sha256').update(content).digest('hex').slice(0, 16)}`;
}

export type NotificationOutcome =
  | 'duplicate'
  | 'noted'
  | 'refused'
  | 'paid'
  | 'already_paid'
  | 'refund_due'
  | 'duplicate_payment'
  | 'failed'
  | 'ignored';

/**
 * How a notification was handled. `ok: false` is a notification turned away (the webhook answers
 * with the error's status so the provider retries or gives up); `ok: true` is one acted on.
 */
export type NotificationResult =
  { ok: false; error: DomainError } | { ok: true; outcome: NotificationOutcome; message: string; orderId?: number };

type SettledState = ProviderPaymentStatus & { state: 'complete' | 'failed' };

/**
 * Notification handling: webhooks, the sandbox's simulated answers, and the status polls that
 * settle payments whose notification has not come. Everything ends in `settle`, which applies the
 * provider's confirmed word once per event key.
 */
export function paymentNotifications(ctx: PaymentContext) {
  const { db, config, events, log, provider, repo } = ctx;
  const shop = shopContext(config);

  /**
   * Applies the provider's confirmed word to our payment and its order, once per event key.
   * Everything here is one transaction; nothing in it talks to the network.
   */
  async function settle(
    confirmed: SettledState,
    record: { eventKey: string; payload: unknown },
  ): Promise<NotificationResult & { ok: true }> {
    const reference = confirmed.reference ?? '';
    const payment = reference ? await repo.findByReference(reference) : undefined;

    const refuse = async (message: string, details: object) => {
      log.warn({ provider: provider.code, reference, ...details }, `payment notification refused: ${message}`);
      // Kept for the record under a key of its own (the event and what was refused), never under
      // the event's key: only an accepted notification uses that up, so the provider's retry is
      // checked again and goes through once its answer agrees with the payment.
      await repo.recordNotification({
        provider: provider.code,
        event_key: refusedKey(record.eventKey, confirmed),
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
      return { ok: true as const, outcome: 'refused' as const, message, orderId: payment?.order_id };
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
    const result = await db.transaction().execute(async (trx): Promise<NotificationResult & { ok: true }> => {
      const payments = paymentRepository(trx);
      const fresh = await payments.recordNotification({
        provider: provider.code,
        event_key: record.eventKey,
        payment_id: payment.id,
        state: confirmed.providerState.slice(0, 60),
        payload: { notification: record.payload, confirmed },
      });
      if (!fresh) {
        return { ok: true, outcome: 'duplicate', message: 'Already handled.', orderId: payment.order_id };
      }

      if (confirmed.state === 'failed') {
        const changed = await payments.markFailed(payment.id, {
          reason: confirmed.failureReason ?? 'The payment did not go through.',
          code: confirmed.failureCode,
          invoiceId: confirmed.invoiceId,
          method: confirmed.method,
        });
        // A resent prompt is still on its way: the order's payment stays in flight.
        const superseded = changed && (await payments.newerPendingPrompt(payment.order_id, payment.id));
        if (changed && !superseded) await notePaymentFailure(trx, payment.order_id);
        return {
          ok: true,
          outcome: changed ? 'failed' : 'ignored',
          message: changed ? 'Payment failed.' : 'Nothing to change.',
          orderId: payment.order_id,
        };
      }

      const changed = await payments.markPaid(payment.id, {
        invoiceId: confirmed.invoiceId,
        method: confirmed.method,
        receipt: confirmed.receipt,
      });
      const applied = await settlePayment(trx, payment.order_id, shop);
      pending = applied.events;
      const secondPayment =
        changed &&
        (applied.outcome === 'already_paid' || (applied.outcome === 'refund_due' && applied.events.length === 0));
      if (
        secondPayment &&
        confirmed.receipt &&
        (await payments.manualPaymentWithReference(payment.order_id, confirmed.receipt))
      ) {
        // The shop already recorded this very M-Pesa payment from its statement: nothing to refund.
        log.info({ reference, order_id: payment.order_id }, 'a prompt payment the shop had already recorded');
        return { ok: true, outcome: 'already_paid', message: 'Already recorded.', orderId: payment.order_id };
      }
      if (secondPayment) {
        await mailSecondPayment(trx, payment, confirmed);
        log.warn({ reference, order_id: payment.order_id }, 'a second payment arrived for an order: refund due');
        return { ok: true, outcome: 'duplicate_payment', message: 'Refund due.', orderId: payment.order_id };
      }
      return {
        ok: true,
        outcome: applied.outcome,
        message: applied.outcome === 'paid' ? 'Payment received.' : 'Recorded.',
        orderId: payment.order_id,
      };
    });
    emitAll(events, pending);
    if (result.outcome !== 'duplicate' && result.outcome !== 'refused') {
      const owner = await repo.findWithOrder(payment.reference);
      events.emit('payment.updated', {
        userId: owner?.order.user_id ?? null,
        orderId: payment.order_id,
        reference: payment.reference,
        status: owner?.status ?? payment.status,
      });
    }
    if (result.outcome !== 'duplicate' && result.outcome !== 'noted') {
      events.emit('payment.settled', {
        orderId: result.orderId ?? null,
        provider: provider.code,
        outcome: result.outcome,
      });
    }
    if (result.outcome !== 'duplicate') {
      log.info({ provider: provider.code, reference, outcome: result.outcome }, 'payment notification handled');
    }
    return result;
  }

  /**
   * A final answer the shop asked for itself (the status API or the poller), settled under the
   * webhook's own key: whichever of the two comes first is handled, the other is a repeat.
   */
  function settleAsked(confirmed: SettledState, reference: string, payload: object) {
    return settle(confirmed, { eventKey: `${confirmed.invoiceId ?? reference}:${confirmed.providerState}`, payload });
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
      return { ok: true, outcome: 'duplicate', message: 'Already handled.' };
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
      return { ok: true, outcome: 'noted', message: 'Noted.' };
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
        { err, provider: provider.code, details: providerErrorDetails(err) },
        'could not confirm a payment notification',
      );
      return {
        ok: false,
        error: upstreamFailed('The payment could not be confirmed with the provider. Please retry.'),
      };
    }
    if (!confirmed || confirmed.state === 'pending') {
      // Not recorded, so the provider's retry is handled once the payment has settled.
      return { ok: false, error: new DomainError('unavailable', 'The payment is not settled yet. Please retry.') };
    }
    if (notification.invoiceId && confirmed.invoiceId && confirmed.invoiceId !== notification.invoiceId) {
      log.warn({ provider: provider.code, notification: notification.invoiceId }, 'status answer for another invoice');
      return { ok: false, error: upstreamFailed('The provider answered for another payment.') };
    }
    return settle(
      { ...confirmed, state: confirmed.state },
      { eventKey: notification.eventKey, payload: notification.payload },
    );
  }

  /** A webhook (or the sandbox page's notification): verify, confirm, then act once. */
  async function handleNotification(providerCode: string, incoming: IncomingNotification): Promise<NotificationResult> {
    if (providerCode !== provider.code) {
      return { ok: false, error: new DomainError('not_found', `The ${providerCode} payment provider is not enabled.`) };
    }
    const parsed = provider.parseNotification(incoming);
    if (!parsed.ok) {
      log.warn({ provider: provider.code, reason: parsed.reason }, 'payment notification rejected');
      const kind = parsed.status === 401 ? 'unauthenticated' : 'bad_request';
      return { ok: false, error: new DomainError(kind, parsed.reason) };
    }
    return handleVerified(parsed);
  }

  return {
    handleNotification,

    /**
     * The sandbox's simulated customer (its payment page or phone): a signed notification, through
     * the webhook's own path.
     */
    async simulate(
      payment: Payment,
      answer: Omit<SimulatedPayment, 'reference' | 'amountCents' | 'currency'>,
    ): Promise<NotificationResult> {
      const simulator = provider.simulator;
      if (!simulator) throw new Error('The sandbox provider is not enabled');
      const signed = simulator.signedNotification({
        reference: payment.reference,
        amountCents: payment.amount_cents,
        currency: payment.currency,
        ...answer,
      });
      return handleNotification(provider.code, {
        rawBody: signed.rawBody,
        headers: { [simulator.signatureHeader]: signed.signature, 'content-type': 'application/json' },
      });
    },

    /**
     * Asks the provider about every pending prompt whose poll is due, for the callbacks that never
     * come. Each poll is claimed first (one instance asks), and a final answer goes through the
     * same idempotent confirmation as the webhook. Returns how many prompts it asked about.
     */
    async pollDuePrompts(at: Date = new Date(), limit = 50): Promise<number> {
      if (!provider.canPoll) return 0;
      const nowIso = at.toISOString();
      const due = await repo.duePolls(nowIso, limit);
      let asked = 0;
      for (const row of due) {
        if (row.provider !== provider.code || row.next_poll_at === null) continue;
        const following = promptPollAt(row.created_at, row.poll_count + 1);
        const stopAt = row.reserved_until
          ? new Date(Date.parse(row.reserved_until) + PROMPT_POLL_GRACE_SECONDS * 1000).toISOString()
          : nowIso;
        if (!(await repo.claimPoll(row.id, row.next_poll_at, following <= stopAt ? following : null))) continue;
        asked += 1;
        let confirmed: ProviderPaymentStatus | undefined;
        try {
          confirmed = await provider.confirm({ reference: row.reference, invoiceId: row.provider_invoice_id });
        } catch (err) {
          log.warn(
            { err, reference: row.reference, details: providerErrorDetails(err) },
            'M-Pesa prompt status poll failed; asking again later',
          );
          continue;
        }
        if (!confirmed || confirmed.state === 'pending') continue;
        if (confirmed.reference !== row.reference) {
          log.warn(
            { reference: row.reference, answered: confirmed.reference },
            'status poll answered for another payment',
          );
          continue;
        }
        await settleAsked({ ...confirmed, state: confirmed.state }, row.reference, {
          source: 'status_poll',
          reference: row.reference,
        });
      }
      return asked;
    },

    /**
     * For a provider with a status API, asks it about the order's latest pending payment and
     * settles a final answer. `trackingId` (from the redirect) is only a hint of which invoice to
     * ask about: the answer must name one of the order's pending payments to count. Failures are
     * logged; the caller shows whatever state the order is in.
     */
    async confirmOpenPayment(orderId: number, trackingId?: string): Promise<void> {
      const open = (await repo.listForOrder(orderId)).filter(
        (p) => p.status === 'pending' && p.provider === provider.code,
      );
      const latestOpen = open.at(-1);
      if (!latestOpen || !provider.canPoll) return;
      try {
        const confirmed = await provider.confirm({
          reference: latestOpen.reference,
          invoiceId: trackingId ?? latestOpen.provider_invoice_id,
          checkoutId: latestOpen.provider_checkout_id,
        });
        const target = confirmed && open.find((p) => p.reference === confirmed.reference);
        if (confirmed && target && confirmed.state !== 'pending') {
          await settleAsked({ ...confirmed, state: confirmed.state }, target.reference, {
            source: 'status_api',
            order_id: orderId,
          });
        }
      } catch (err) {
        log.warn({ err, order_id: orderId }, 'could not confirm a payment with the provider');
      }
    },
  };
}
