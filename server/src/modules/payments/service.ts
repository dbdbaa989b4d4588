import { centsToAmount } from '@mtumba/contract';
import { mpesaFailureMessage, mpesaFailureOf, type PaymentView } from '@mtumba/contract/mpesa';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Order, Payment } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import type { DomainEvents } from '../../lib/events.js';
import { displayKenyanPhone } from '../../lib/phone.js';
import { createPaymentProvider, paymentInitiation } from './initiation.js';
import { paymentNotifications, type NotificationResult } from './notifications.js';
import type { PaymentLimits, PaymentLog } from './payment-context.js';
import type { PaymentProvider } from './providers/provider.js';
import type { SandboxMethod, SandboxOutcome } from './providers/sandbox.js';
import { paymentStore, type PaymentWithOrder } from './store.js';

export { createPaymentProvider, INITIATION_FAILED, PROMPT_MOVE_NOTE, type InitiateResult } from './initiation.js';
export type { NotificationOutcome, NotificationResult } from './notifications.js';
export {
  PROMPT_POLL_EVERY_SECONDS,
  PROMPT_POLL_GRACE_SECONDS,
  PROMPT_POLL_OFFSETS_SECONDS,
  promptPollAt,
} from './prompt-polls.js';

export interface PaymentState {
  order_id: number;
  order_status: Order['order_status'];
  payment_status: Order['payment_status'];
  payment: { reference: string; provider: string; status: Payment['status'] } | null;
}

function nationalPhone(e164: string | null): string | null {
  return e164 ? displayKenyanPhone(e164) : null;
}

/**
 * Payments, the module's one entry point: initiation (`initiation.ts`), notifications and the
 * polls that settle payments (`notifications.ts`), and what the routes and pages read.
 * Provider calls never happen inside a transaction; each change is one short transaction after.
 */
export function paymentService(deps: {
  db: Db;
  config: Config;
  events: DomainEvents;
  log: PaymentLog;
  provider?: PaymentProvider;
  /** status checks per order, prompts per phone and account (`paymentLimits(app)`); none without */
  limits?: PaymentLimits;
}) {
  const { db, config } = deps;
  const provider = deps.provider ?? createPaymentProvider(config);
  const repo = paymentStore(db);
  const context = { ...deps, provider, repo };
  const initiation = paymentInitiation(context);
  const notifications = paymentNotifications(context);
  // The status check running in this process for an order: a concurrent call waits for it.
  const checking = new Map<number, Promise<void>>();

  /**
   * Asks the provider about the order's open payment, at most once at a time and once per
   * PAYMENT_STATUS_CHECK_SECONDS per order; otherwise the caller answers from what is stored (a
   * webhook or the poller settles the payment anyway). Every ask uses the shop's secret key.
   */
  async function checkOpenPayment(orderId: number, trackingId?: string): Promise<void> {
    const running = checking.get(orderId);
    if (running) return running;
    if (deps.limits && !(await deps.limits.statusChecks(String(orderId))).allowed) return;
    const check = notifications.confirmOpenPayment(orderId, trackingId).finally(() => checking.delete(orderId));
    checking.set(orderId, check);
    return check;
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

  /** A payment of this provider, when the provider simulates payments (the sandbox's pages). */
  async function simulated(reference: string): Promise<PaymentWithOrder | undefined> {
    if (!provider.simulator) return undefined;
    const found = await repo.findWithOrder(reference);
    return found && found.provider === provider.code ? found : undefined;
  }

  return {
    provider,

    /** A hosted checkout for the customer's own pending order; a provider failure is a 502. */
    initiate: initiation.initiate,

    /** Sends an M-Pesa prompt for an order the caller may pay; a provider failure is a 502. */
    async initiatePrompt(order: Order, phoneInput: string): Promise<PaymentView> {
      return viewOf(await initiation.sendPrompt(order, phoneInput));
    },

    handleNotification: notifications.handleNotification,

    pollDuePrompts: notifications.pollDuePrompts,

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
      const found = await simulated(reference);
      return found?.kind === 'mpesa_prompt' ? found : undefined;
    },

    /** The simulated phone's answer: a signed notification, through the webhook's own path. */
    sandboxAnswerPrompt(
      payment: Payment,
      answer: { outcome: SandboxOutcome; failure?: { code: string; reason: string } },
    ): Promise<NotificationResult> {
      return notifications.simulate(payment, {
        outcome: answer.outcome,
        method: 'mpesa',
        phone: payment.phone,
        invoiceId: payment.provider_invoice_id,
        failure: answer.failure,
      });
    },

    /**
     * The order's payment state for its owner; for a provider with a status API, asks it about
     * the latest pending payment first (see `confirmOpenPayment`).
     */
    async confirmForOrder(userId: number, orderId: number, trackingId?: string): Promise<PaymentState> {
      const order = await repo.findOrderOf(orderId, userId);
      if (!order) throw new DomainError('not_found', 'Order not found.');
      if (order.payment_status !== 'paid' && provider.canPoll) await checkOpenPayment(orderId, trackingId);
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
    sandboxCheckout: simulated,

    /** The sandbox page's Pay or Cancel: a signed notification, through the webhook's own path. */
    sandboxPay(
      payment: Payment,
      choice: { outcome: SandboxOutcome; method: SandboxMethod; phone: string | null },
    ): Promise<NotificationResult> {
      return notifications.simulate(payment, choice);
    },
  };
}

export type PaymentService = ReturnType<typeof paymentService>;

/** The limits every paymentService of the app shares (docs/security.md, Limits on connections, prompts and codes). */
export function paymentLimits(app: FastifyInstance): PaymentLimits {
  const { payments, sendLimits } = app.config;
  const promptWindow = sendLimits.prompts.windowMinutes * 60;
  return {
    statusChecks: app.keyedLimit('payment-status', { max: 1, windowSeconds: payments.statusCheckSeconds }),
    promptsPerPhone: app.keyedLimit('prompt-phone', { max: sendLimits.prompts.perPhone, windowSeconds: promptWindow }),
    promptsPerAccount: app.keyedLimit('prompt-account', {
      max: sendLimits.prompts.perAccount,
      windowSeconds: promptWindow,
    }),
  };
}
