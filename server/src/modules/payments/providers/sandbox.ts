import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { amountToCents, centsToDecimalString } from '@mtumba/contract';
import { z } from 'zod';
import type {
  CheckoutRequest,
  CheckoutSession,
  IncomingNotification,
  ParsedNotification,
  PaymentProvider,
  ProviderPaymentStatus,
  StatusQuery,
} from './provider.js';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

export type SandboxOutcome = 'success' | 'failure';
export type SandboxMethod = 'mpesa' | 'card';

const notificationSchema = z.object({
  reference: z.string().min(1).max(100),
  invoice_id: z.string().min(1).max(100),
  state: z.enum(['COMPLETE', 'FAILED']),
  amount: z.string().regex(/^\d+\.\d{2}$/),
  currency: z.string().min(3).max(3),
  method: z.enum(['mpesa', 'card']),
  phone: z.string().max(20).nullable(),
  failed_reason: z.string().max(200).nullable(),
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

  constructor(private readonly options: { appUrl: string; webhookSecret: string }) {}

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    return { checkoutUrl: `${this.options.appUrl}/pay/sandbox/${encodeURIComponent(request.reference)}` };
  }

  /** Builds and signs the notification the sandbox page sends for one click of Pay or Cancel. */
  signedNotification(input: {
    reference: string;
    amountCents: number;
    currency: string;
    outcome: SandboxOutcome;
    method: SandboxMethod;
    phone?: string | null;
  }): { rawBody: string; signature: string; body: SandboxNotificationBody } {
    const nonce = randomBytes(12).toString('hex');
    const body: SandboxNotificationBody = {
      reference: input.reference,
      invoice_id: `SBX-${nonce.slice(0, 12).toUpperCase()}`,
      state: input.outcome === 'success' ? 'COMPLETE' : 'FAILED',
      amount: centsToDecimalString(input.amountCents),
      currency: input.currency,
      method: input.method,
      phone: input.phone ?? null,
      failed_reason: input.outcome === 'success' ? null : 'Cancelled by the customer on the test payment page',
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
