import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import {
  MPESA_MAX_PROMPTS_PER_ORDER,
  MPESA_PHONE_MESSAGE,
  MPESA_PROMPT_SECONDS,
  PROMPT_AMOUNT_TOO_SMALL,
  PROMPT_NOT_SENT,
  tooManyPrompts,
} from '@mtumba/contract/mpesa';
import type { Config } from '../../config.js';
import type { Order, Payment, PaymentsTable } from '../../db/schema.js';
import { DomainError, upstreamFailed } from '../../lib/errors.js';
import { withinLimits } from '../../lib/limits.js';
import { displayKenyanPhone, normaliseKenyanPhone } from '../../lib/phone.js';
import { notePromptSent } from '../orders/lifecycle.js';
import { preparePayable, preparePayableOrder } from '../orders/payable-order.js';
import type { PaymentContext } from './payment-context.js';
import { promptPollAt } from './prompt-polls.js';
import { IntaSendProvider } from './providers/intasend.js';
import { providerErrorDetails, type PaymentProvider } from './providers/provider.js';
import { SandboxProvider } from './providers/sandbox.js';
import { paymentRepository } from './repository.js';
import type { PaymentWithOrder } from './store.js';

export const INITIATION_FAILED = 'Payment initiation failed';

export const PROMPT_MOVE_NOTE = (phone: string) => `M-Pesa prompt sent to ${phone}`;

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

export interface InitiateResult {
  checkout_url: string;
  reference: string;
  provider: string;
}

function newReference(orderId: number): string {
  return `MT-${orderId}-${randomBytes(5).toString('hex').toUpperCase()}`;
}

/** What differs between a hosted-page payment and an M-Pesa prompt when it is first recorded. */
type NewPaymentFields = Pick<Insertable<PaymentsTable>, 'amount_cents' | 'method' | 'kind' | 'phone' | 'return_path'>;

/**
 * Starting payments: a hosted payment page, or an M-Pesa prompt on the customer's phone. The
 * provider is called outside any transaction; a failed call marks the payment failed and answers
 * 502 with the given message.
 */
export function paymentInitiation(ctx: PaymentContext) {
  const { db, config, log, provider, repo, limits } = ctx;

  async function recordPending(orderId: number, fields: NewPaymentFields): Promise<Payment> {
    const at = new Date().toISOString();
    return repo.insert({
      order_id: orderId,
      reference: newReference(orderId),
      provider: provider.code,
      status: 'pending',
      currency: 'KES',
      checkout_url: null,
      provider_checkout_id: null,
      provider_invoice_id: null,
      failure_reason: null,
      created_at: at,
      updated_at: at,
      ...fields,
    });
  }

  async function askProvider<T>(
    payment: Payment,
    call: () => Promise<T>,
    failure: { logMessage: string; reason: string; message: string },
  ): Promise<T> {
    try {
      return await call();
    } catch (err) {
      log.error(
        { err, provider: provider.code, reference: payment.reference, details: providerErrorDetails(err) },
        failure.logMessage,
      );
      await repo.markFailed(payment.id, { reason: failure.reason });
      throw upstreamFailed(failure.message);
    }
  }

  return {
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
      const payment = await recordPending(order.id, {
        amount_cents: order.total_cents,
        method: null,
        return_path: options.returnPath ?? null,
      });
      const session = await askProvider(
        payment,
        () =>
          provider.createCheckout({
            reference: payment.reference,
            amountCents: payment.amount_cents,
            currency: 'KES',
            orderId: order.id,
            customer: { name: user.name, email: user.email, phone: order.shipping_phone },
            redirectUrl: `${config.appUrl}${options.returnPath ?? `/payment/confirmationpage?order_id=${order.id}`}`,
          }),
        {
          logMessage: 'payment initiation failed',
          reason: 'The checkout could not be created.',
          message: INITIATION_FAILED,
        },
      );
      await repo.setCheckout(payment.id, {
        checkout_url: session.checkoutUrl,
        provider_checkout_id: session.providerCheckoutId ?? null,
      });
      return { checkout_url: session.checkoutUrl, reference: payment.reference, provider: provider.code };
    },

    /**
     * Sends an M-Pesa prompt for an order the caller has authorised (its owner through
     * `POST /api/payments/mpesa`, or a signed pay link): checks the phone and the order, records the
     * payment, asks the provider, then marks the order's payment as in flight. Nothing is written
     * for a bad phone or an order that cannot be paid.
     */
    async sendPrompt(order: Order, phoneInput: string): Promise<PaymentWithOrder> {
      const phone = normaliseKenyanPhone(phoneInput);
      if (!phone) throw new DomainError('invalid', MPESA_PHONE_MESSAGE, { errors: { phone: [MPESA_PHONE_MESSAGE] } });
      const payable = await preparePayable(db, order, config.orders.reservationSeconds);
      const sent = await repo.countPrompts(payable.id);
      if (sent >= MPESA_MAX_PROMPTS_PER_ORDER) throw new DomainError('invalid', tooManyPrompts(sent));
      // M-Pesa takes whole shillings: cents (from a percentage offer) are left to the shop.
      const amountCents = Math.floor(payable.total_cents / 100) * 100;
      if (amountCents < 100) throw new DomainError('invalid', PROMPT_AMOUNT_TOO_SMALL);
      // Every prompt rings someone's phone: a few per phone and per account in a window, whoever asks.
      if (limits) {
        await withinLimits([
          {
            limit: limits.promptsPerPhone,
            key: phone,
            refusal: 'Too many M-Pesa prompts have been sent to this phone.',
          },
          {
            limit: limits.promptsPerAccount,
            key: payable.user_id === null ? `order:${payable.id}` : `user:${payable.user_id}`,
            refusal: 'Too many M-Pesa prompts have been asked for from this account.',
          },
        ]);
      }

      const payment = await recordPending(payable.id, {
        kind: 'mpesa_prompt',
        amount_cents: amountCents,
        method: 'M-PESA',
        phone,
      });
      const session = await askProvider(
        payment,
        () =>
          provider.requestPrompt({
            reference: payment.reference,
            amountCents,
            currency: 'KES',
            phone: phone.replace(/^\+/, ''),
            orderId: payable.id,
            narrative: `${config.shopName} order #${payable.id}`.slice(0, 60),
          }),
        {
          logMessage: 'M-Pesa prompt could not be sent',
          reason: 'The prompt could not be sent.',
          message: PROMPT_NOT_SENT,
        },
      );
      const sentAt = new Date().toISOString();
      await db.transaction().execute(async (trx) => {
        await paymentRepository(trx).startPrompt(payment.id, {
          invoiceId: session.invoiceId ?? null,
          expiresAt: new Date(Date.parse(sentAt) + MPESA_PROMPT_SECONDS * 1000).toISOString(),
          // polls are counted from when the payment was recorded (the poller reads created_at)
          nextPollAt: provider.canPoll ? promptPollAt(payment.created_at, 0) : null,
        });
        await notePromptSent(trx, payable.id, PROMPT_MOVE_NOTE(displayKenyanPhone(phone)));
      });
      log.info({ provider: provider.code, reference: payment.reference, order_id: payable.id }, 'M-Pesa prompt sent');
      return (await repo.findWithOrder(payment.reference))!;
    },
  };
}
