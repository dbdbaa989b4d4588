import { randomBytes } from 'node:crypto';
import { centsToAmount, formatKshCents } from '@mtumba/contract';
import {
  MPESA_MAX_PROMPTS_PER_ORDER,
  MPESA_PHONE_MESSAGE,
  MPESA_PROMPT_SECONDS,
  mpesaFailureMessage,
  mpesaFailureOf,
  PROMPT_AMOUNT_TOO_SMALL,
  PROMPT_NOT_SENT,
  tooManyPrompts,
  type PaymentView,
} from '@mtumba/contract/mpesa';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Order, Payment } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import { emitAll, type DomainEvents, type PendingEvent } from '../../lib/events.js';
import { displayKenyanPhone, normaliseKenyanPhone } from '../../lib/phone.js';
import { renderEmail } from '../mail/layout.js';
import { queueMail } from '../mail/outbox.js';
import { shopContext } from '../orders/emails.js';
import { notePaymentFailure, notePromptSent, settlePayment } from '../orders/lifecycle.js';
import { preparePayable, preparePayableOrder } from '../orders/payable-order.js';
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
 * When the poller asks the provider about a prompt whose answer has not arrived: 10 s, 20 s and
 * 40 s after it was sent, then every minute (docs/architecture.md section 6).
 */
export const PROMPT_POLL_OFFSETS_SECONDS = [10, 20, 40] as const;
export const PROMPT_POLL_EVERY_SECONDS = 60;
/** Polling goes on this long after the order's hold ended: a late answer still counts. */
export const PROMPT_POLL_GRACE_SECONDS = 120;

export function promptPollAt(sentAt: string, pollsDone: number): string {
  const offsets: readonly number[] = PROMPT_POLL_OFFSETS_SECONDS;
  const last = offsets[offsets.length - 1];
  const seconds =
    pollsDone < offsets.length
      ? offsets[pollsDone]
      : last + (pollsDone - offsets.length + 1) * PROMPT_POLL_EVERY_SECONDS;
  return new Date(Date.parse(sentAt) + seconds * 1000).toISOString();
}

function nationalPhone(e164: string | null): string | null {
  return e164 ? displayKenyanPhone(e164) : null;
}

export const PROMPT_MOVE_NOTE = (phone: string) => `M-Pesa prompt sent to ${phone}`;

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
          code: confirmed.failureCode,
          invoiceId: confirmed.invoiceId,
          method: confirmed.method,
        });
        // A resent prompt is still on its way: the order's payment stays in flight.
        const superseded = changed && (await payments.newerPendingPrompt(payment.order_id, payment.id));
        if (changed && !superseded) await notePaymentFailure(trx, payment.order_id);
        return {
          status: 200,
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
        return { status: 200, outcome: 'already_paid', message: 'Already recorded.', orderId: payment.order_id };
      }
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
    if (result.status === 200 && result.outcome !== 'duplicate' && result.outcome !== 'refused') {
      const owner = await repo.findWithOrder(payment.reference);
      events.emit('payment.updated', {
        userId: owner?.order.user_id ?? null,
        orderId: payment.order_id,
        reference: payment.reference,
        status: owner?.status ?? payment.status,
      });
    }
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

  function viewOf(p: PaymentWithOrder): PaymentView {
    const failed = p.status === 'failed';
    const simulator =
      provider.simulator && p.kind === 'mpesa_prompt' && p.provider === provider.code
        ? `${config.appUrl}/pay/sandbox/phone/${encodeURIComponent(p.reference)}`
        : null;
    return {
      reference: p.reference,
      order_id: p.order_id,
      kind: p.provider === 'manual' ? 'manual' : p.kind,
      provider: p.provider,
      status: p.status,
      amount: centsToAmount(p.amount_cents),
      phone: nationalPhone(p.phone),
      prompt_expires_at: p.prompt_expires_at,
      failure: failed
        ? {
            reason: mpesaFailureOf(p.failure_code, p.failure_reason),
            message:
              p.kind === 'mpesa_prompt'
                ? mpesaFailureMessage(p.failure_code, p.failure_reason)
                : (p.failure_reason ?? 'The payment did not go through.'),
          }
        : null,
      order_status: p.order.order_status,
      payment_status: p.order.payment_status,
      simulator_url: simulator,
    };
  }

  /**
   * Sends an M-Pesa prompt for an order the caller has authorised (its owner through
   * `POST /api/payments/mpesa`, or a signed pay link): checks the phone and the order, records the
   * payment, asks the provider, then marks the order's payment as in flight. Nothing is written
   * for a bad phone or an order that cannot be paid.
   */
  async function initiatePrompt(order: Order, phoneInput: string): Promise<PaymentView> {
    const phone = normaliseKenyanPhone(phoneInput);
    if (!phone) throw new DomainError('invalid', MPESA_PHONE_MESSAGE, { errors: { phone: [MPESA_PHONE_MESSAGE] } });
    const payable = await preparePayable(db, order, config.orders.reservationSeconds);
    const sent = await repo.countPrompts(payable.id);
    if (sent >= MPESA_MAX_PROMPTS_PER_ORDER) throw new DomainError('invalid', tooManyPrompts(sent));
    // M-Pesa takes whole shillings: cents (from a percentage offer) are left to the shop.
    const amountCents = Math.floor(payable.total_cents / 100) * 100;
    if (amountCents < 100) throw new DomainError('invalid', PROMPT_AMOUNT_TOO_SMALL);

    const at = new Date().toISOString();
    const payment = await repo.insert({
      order_id: payable.id,
      reference: newReference(payable.id),
      provider: provider.code,
      kind: 'mpesa_prompt',
      status: 'pending',
      amount_cents: amountCents,
      currency: 'KES',
      method: 'M-PESA',
      phone,
      checkout_url: null,
      provider_checkout_id: null,
      provider_invoice_id: null,
      failure_reason: null,
      created_at: at,
      updated_at: at,
    });
    let session;
    try {
      session = await provider.requestPrompt({
        reference: payment.reference,
        amountCents,
        currency: 'KES',
        phone: phone.replace(/^\+/, ''),
        orderId: payable.id,
        narrative: `${config.shopName} order #${payable.id}`.slice(0, 60),
      });
    } catch (err) {
      log.error(
        {
          err,
          provider: provider.code,
          reference: payment.reference,
          details: err instanceof ProviderError ? err.details : undefined,
        },
        'M-Pesa prompt could not be sent',
      );
      await repo.markFailed(payment.id, { reason: 'The prompt could not be sent.' });
      throw new DomainError('unavailable', PROMPT_NOT_SENT);
    }
    const sentAt = new Date().toISOString();
    await db.transaction().execute(async (trx) => {
      await paymentRepository(trx).startPrompt(payment.id, {
        invoiceId: session.invoiceId ?? null,
        expiresAt: new Date(Date.parse(sentAt) + MPESA_PROMPT_SECONDS * 1000).toISOString(),
        // polls are counted from when the payment was recorded (the poller reads created_at)
        nextPollAt: provider.canPoll ? promptPollAt(at, 0) : null,
      });
      await notePromptSent(trx, payable.id, PROMPT_MOVE_NOTE(nationalPhone(phone) ?? phone));
    });
    log.info({ provider: provider.code, reference: payment.reference, order_id: payable.id }, 'M-Pesa prompt sent');
    const fresh = await repo.findWithOrder(payment.reference);
    return viewOf(fresh!);
  }

  /**
   * Asks the provider about every pending prompt whose poll is due, for the callbacks that never
   * come. Each poll is claimed first (one instance asks), and a final answer goes through the
   * same idempotent confirmation as the webhook. Returns how many prompts it asked about.
   */
  async function pollDuePrompts(at: Date = new Date(), limit = 50): Promise<number> {
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
          { err, reference: row.reference, details: err instanceof ProviderError ? err.details : undefined },
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
      await settle(
        { ...confirmed, state: confirmed.state },
        {
          // The webhook's own key: whichever of the two comes first is handled, the other is a repeat.
          eventKey: `${confirmed.invoiceId ?? row.reference}:${confirmed.providerState}`,
          payload: { source: 'status_poll', reference: row.reference },
        },
      );
    }
    return asked;
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

    initiatePrompt,

    pollDuePrompts,

    /** The customer's own order (404 "Order not found." otherwise), for the routes that pay it. */
    async ownedOrder(userId: number, orderId: number): Promise<Order> {
      const order = await repo.findFullOrderOf(orderId, userId);
      if (!order) throw new DomainError('not_found', 'Order not found.');
      return order;
    },

    /** A payment and whose order it is (the route checks that), or undefined. */
    async paymentView(reference: string): Promise<{ ownerId: number | null; view: PaymentView } | undefined> {
      const found = await repo.findWithOrder(reference);
      if (!found) return undefined;
      return { ownerId: found.order.user_id, view: viewOf(found) };
    },

    /** The simulated phone's data: a sandbox prompt, or undefined. */
    async sandboxPrompt(reference: string): Promise<PaymentWithOrder | undefined> {
      if (!provider.simulator) return undefined;
      const found = await repo.findWithOrder(reference);
      return found && found.provider === provider.code && found.kind === 'mpesa_prompt' ? found : undefined;
    },

    /** The simulated phone's answer: a signed notification, through the webhook's own path. */
    async sandboxAnswerPrompt(
      payment: Payment,
      answer: { outcome: SandboxOutcome; failure?: { code: string; reason: string } },
    ): Promise<NotificationResult> {
      const simulator = provider.simulator;
      if (!simulator) throw new Error('The sandbox provider is not enabled');
      const signed = simulator.signedNotification({
        reference: payment.reference,
        amountCents: payment.amount_cents,
        currency: payment.currency,
        outcome: answer.outcome,
        method: 'mpesa',
        phone: payment.phone,
        invoiceId: payment.provider_invoice_id,
        failure: answer.failure,
      });
      return handleNotification(provider.code, {
        rawBody: signed.rawBody,
        headers: { [simulator.signatureHeader]: signed.signature, 'content-type': 'application/json' },
      });
    },

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
      if (latestOpen && order.payment_status !== 'paid' && provider.canPoll) {
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
      if (!provider.simulator) return undefined;
      const found = await repo.findWithOrder(reference);
      return found && found.provider === provider.code ? found : undefined;
    },

    /** The sandbox page's Pay or Cancel: a signed notification, through the webhook's own path. */
    async sandboxPay(
      payment: Payment,
      choice: { outcome: SandboxOutcome; method: SandboxMethod; phone: string | null },
    ): Promise<NotificationResult> {
      const simulator = provider.simulator;
      if (!simulator) throw new Error('The sandbox provider is not enabled');
      const signed = simulator.signedNotification({
        reference: payment.reference,
        amountCents: payment.amount_cents,
        currency: payment.currency,
        ...choice,
      });
      return handleNotification(provider.code, {
        rawBody: signed.rawBody,
        headers: { [simulator.signatureHeader]: signed.signature, 'content-type': 'application/json' },
      });
    },
  };
}

export type PaymentService = ReturnType<typeof paymentService>;
