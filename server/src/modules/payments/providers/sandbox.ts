import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { amountToCents, centsToDecimalString } from '@mtumba/contract';
import { z } from 'zod';
import type {
  SimulatedPayment,
  CheckoutRequest,
  CheckoutSession,
  IncomingNotification,
  ParsedNotification,
  PaymentProvider,
  PromptRequest,
  PromptSession,
  ProviderPaymentStatus,
  StatusQuery,
} from './provider.js';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

export type SandboxOutcome = SimulatedPayment['outcome'];
export type SandboxMethod = SimulatedPayment['method'];

const notificationSchema = z.object({
  reference: z.string().min(1).max(100),
  invoice_id: z.string().min(1).max(100),
  state: z.enum(['COMPLETE', 'FAILED']),
  amount: z.string().regex(/^\d+\.\d{2}$/),
  currency: z.string().min(3).max(3),
  method: z.enum(['mpesa', 'card']),
  phone: z.string().max(20).nullable(),
  failed_reason: z.string().max(200).nullable(),
  failed_code: z.string().max(20).nullish(),
  receipt: z.string().max(20).nullish(),
  nonce: z.string().min(8).max(64),
  sent_at: z.string(),
});

export type SandboxNotificationBody = z.infer<typeof notificationSchema>;

function hmacHex(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

function headerValue(headers: IncomingNotification['headers'], name: string): string | undefined {
  const v = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * The test provider (the default): our own page at /pay/sandbox/{reference} plays the hosted
 * checkout, and its outcome arrives as a notification signed with HMAC-SHA256 over the raw JSON,
 * exactly like a provider's webhook. No money moves.
 */
export class SandboxProvider implements PaymentProvider {
  readonly code = 'sandbox';
  /** no status API: the sandbox's only truth is its signed notification */
  readonly canPoll = false;
  /** the sandbox plays the customer's side itself (its test page and simulated phone) */
  readonly simulator = this;
  readonly signatureHeader = 'x-sandbox-signature';

  constructor(private readonly options: { appUrl: string; webhookSecret: string }) {}

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    return { checkoutUrl: `${this.options.appUrl}/pay/sandbox/${encodeURIComponent(request.reference)}` };
  }

  /** The prompt goes to no phone: the simulated phone page at /pay/sandbox/phone/{reference} plays it. */
  async requestPrompt(request: PromptRequest): Promise<PromptSession> {
    return {
      invoiceId: `SBX-${randomBytes(6).toString('hex').toUpperCase()}`,
      providerState: 'PENDING',
      simulatorUrl: `${this.options.appUrl}/pay/sandbox/phone/${encodeURIComponent(request.reference)}`,
    };
  }

  /** Builds and signs the notification the sandbox page sends for one click of Pay or Cancel. */
  signedNotification(input: SimulatedPayment): { rawBody: string; signature: string; body: SandboxNotificationBody } {
    const nonce = randomBytes(12).toString('hex');
    const body: SandboxNotificationBody = {
      reference: input.reference,
      invoice_id: input.invoiceId ?? `SBX-${nonce.slice(0, 12).toUpperCase()}`,
      state: input.outcome === 'success' ? 'COMPLETE' : 'FAILED',
      amount: centsToDecimalString(input.amountCents),
      currency: input.currency,
      method: input.method,
      phone: input.phone ?? null,
      failed_reason:
        input.outcome === 'success'
          ? null
          : (input.failure?.reason ?? 'Cancelled by the customer on the test payment page'),
      failed_code: input.outcome === 'success' ? null : (input.failure?.code ?? null),
      receipt:
        input.outcome === 'success' && input.method === 'mpesa'
          ? `SB${randomBytes(4).toString('hex').toUpperCase()}`
          : null,
      nonce,
      sent_at: new Date().toISOString(),
    };
    const rawBody = JSON.stringify(body);
    return { rawBody, signature: this.sign(rawBody), body };
  }

  sign(rawBody: string): string {
    return hmacHex(this.options.webhookSecret, rawBody);
  }

  parseNotification(notification: IncomingNotification): ParsedNotification {
    const given = headerValue(notification.headers, SANDBOX_SIGNATURE_HEADER)?.trim().toLowerCase() ?? '';
    const expected = Buffer.from(this.sign(notification.rawBody), 'hex');
    const received = /^[0-9a-f]{64}$/.test(given) ? Buffer.from(given, 'hex') : Buffer.alloc(0);
    if (received.length !== expected.length || !timingSafeEqual(received, expected)) {
      return { ok: false, status: 401, reason: 'Invalid signature.' };
    }
    let json: unknown;
    try {
      json = JSON.parse(notification.rawBody);
    } catch {
      return { ok: false, status: 400, reason: 'The notification is not valid JSON.' };
    }
    const parsed = notificationSchema.safeParse(json);
    if (!parsed.success) return { ok: false, status: 400, reason: 'The notification is not readable.' };
    const body = parsed.data;
    const claimed: ProviderPaymentStatus = {
      state: body.state === 'COMPLETE' ? 'complete' : 'failed',
      providerState: body.state,
      reference: body.reference,
      invoiceId: body.invoice_id,
      amountCents: amountToCents(body.amount),
      currency: body.currency,
      method: body.method,
      failureReason: body.failed_reason ?? undefined,
      failureCode: body.failed_code ?? undefined,
      receipt: body.receipt ?? undefined,
    };
    return {
      ok: true,
      eventKey: `${body.reference}:${body.state}:${body.nonce}`,
      reference: body.reference,
      invoiceId: body.invoice_id,
      providerState: body.state,
      final: true,
      payload: body,
      claimed,
    };
  }

  /** The signed notification is the sandbox's whole truth: there is no one else to ask. */
  async confirm(query: StatusQuery): Promise<ProviderPaymentStatus | undefined> {
    return query.notification?.claimed;
  }
}
