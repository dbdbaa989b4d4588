import { createHash, timingSafeEqual } from 'node:crypto';
import { amountToCents, centsToAmount } from '@mtumba/contract';
import { z } from 'zod';
import {
  ProviderError,
  type CheckoutRequest,
  type CheckoutSession,
  type IncomingNotification,
  type ParsedNotification,
  type PaymentProvider,
  type PromptRequest,
  type PromptSession,
  type ProviderPaymentStatus,
  type StatusQuery,
} from './provider.js';

export interface IntaSendOptions {
  /** `https://sandbox.intasend.com` or `https://payment.intasend.com` (no trailing slash) */
  apiUrl: string;
  publishableKey: string;
  secretKey: string;
  /** the webhook "challenge" set in the IntaSend dashboard; without it every webhook is refused */
  webhookChallenge?: string;
  /** the shop's public address, sent as `host` */
  appUrl: string;
  timeoutMs?: number;
}

// IntaSend ids are strings, but be lenient with numbers; money arrives as decimal strings.
const id = z.union([z.string().min(1), z.number()]).transform(String);
const money = z.union([z.string(), z.number()]);

const checkoutResponse = z.object({ id, url: z.url() });

const statusResponse = z.object({
  invoice: z.object({
    invoice_id: id,
    state: z.string(),
    provider: z.string().nullish(),
    value: money.nullish(),
    currency: z.string().nullish(),
    api_ref: z.string().nullish(),
    failed_reason: z.string().nullish(),
    failed_code: z.union([z.string(), z.number()]).nullish(),
    mpesa_reference: z.string().nullish(),
  }),
});

const promptResponse = z.object({
  invoice: z.object({ invoice_id: id, state: z.string().nullish() }),
});

const webhookBody = z.object({
  invoice_id: id,
  state: z.string().min(1).max(40),
  api_ref: z.string().nullish(),
  challenge: z.string().nullish(),
});

function sameSecret(given: string, expected: string): boolean {
  // Hashing first gives equal lengths, so the comparison reveals nothing about the expected length.
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

function splitName(name: string): { first: string; last: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { first, last: rest.join(' ') };
}

function stateOf(providerState: string): ProviderPaymentStatus['state'] {
  if (providerState === 'COMPLETE') return 'complete';
  if (providerState === 'FAILED') return 'failed';
  return 'pending';
}

/**
 * IntaSend's hosted checkout (M-Pesa and card), called with fetch (the official SDK is AGPL and
 * unmaintained). See docs/architecture.md section 6: the webhook only proves it knows the challenge; the status API
 * is the authority, and the browser's redirect proves nothing.
 */
export class IntaSendProvider implements PaymentProvider {
  readonly code = 'intasend';
  readonly canPoll = true;

  constructor(private readonly options: IntaSendOptions) {}

  private async post(path: string, body: unknown, headers: Record<string, string>): Promise<unknown> {
    const url = `${this.options.apiUrl}${path}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      });
    } catch (err) {
      throw new ProviderError(`IntaSend ${path} could not be reached`, { cause: String(err) });
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!response.ok) {
      throw new ProviderError(`IntaSend ${path} answered ${response.status}`, {
        status: response.status,
        body: json ?? text.slice(0, 500),
      });
    }
    return json;
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const { first, last } = splitName(request.customer.name);
    const publicKey = this.options.publishableKey;
    const json = await this.post(
      '/api/v1/checkout/',
      {
        public_key: publicKey,
        amount: centsToAmount(request.amountCents),
        currency: request.currency,
        email: request.customer.email,
        first_name: first,
        last_name: last,
        // IntaSend writes Kenyan numbers as 2547…, without the plus.
        phone_number: request.customer.phone ? request.customer.phone.replace(/^\+/, '') : '',
        api_ref: request.reference,
        redirect_url: request.redirectUrl,
        host: this.options.appUrl,
        comment: `Order #${request.orderId}`,
      },
      // Both spellings seen in IntaSend's official clients; each carries only the public key.
      { INTASEND_PUBLIC_API_KEY: publicKey, 'X-IntaSend-Public-API-Key': publicKey },
    );
    const parsed = checkoutResponse.safeParse(json);
    if (!parsed.success) throw new ProviderError('IntaSend checkout answer has no url', { body: json });
    return { checkoutUrl: parsed.data.url, providerCheckoutId: parsed.data.id };
  }

  /** The M-Pesa prompt: `POST /api/v1/payment/mpesa-stk-push/` with the secret key. */
  async requestPrompt(request: PromptRequest): Promise<PromptSession> {
    const publicKey = this.options.publishableKey;
    const json = await this.post(
      '/api/v1/payment/mpesa-stk-push/',
      {
        amount: Math.floor(request.amountCents / 100),
        phone_number: request.phone,
        api_ref: request.reference,
        narrative: request.narrative,
        currency: request.currency,
      },
      {
        Authorization: `Bearer ${this.options.secretKey}`,
        INTASEND_PUBLIC_API_KEY: publicKey,
        'X-IntaSend-Public-API-Key': publicKey,
      },
    );
    const parsed = promptResponse.safeParse(json);
    if (!parsed.success) throw new ProviderError('IntaSend STK push answer has no invoice', { body: json });
    return { invoiceId: parsed.data.invoice.invoice_id, providerState: parsed.data.invoice.state ?? 'PENDING' };
  }

  parseNotification(notification: IncomingNotification): ParsedNotification {
    let json: unknown;
    try {
      json = JSON.parse(notification.rawBody);
    } catch {
      return { ok: false, status: 400, reason: 'The notification is not valid JSON.' };
    }
    const expected = this.options.webhookChallenge;
    const given =
      json && typeof json === 'object' && typeof (json as { challenge?: unknown }).challenge === 'string'
        ? (json as { challenge: string }).challenge
        : '';
    if (!expected || !sameSecret(given, expected)) {
      return { ok: false, status: 401, reason: 'Invalid challenge.' };
    }
    const parsed = webhookBody.safeParse(json);
    if (!parsed.success) return { ok: false, status: 400, reason: 'The notification is not readable.' };
    const body = parsed.data;
    const { challenge: _challenge, ...payload } = json as Record<string, unknown>;
    return {
      ok: true,
      eventKey: `${body.invoice_id}:${body.state}`,
      reference: body.api_ref ?? undefined,
      invoiceId: body.invoice_id,
      providerState: body.state,
      final: stateOf(body.state) !== 'pending',
      payload,
    };
  }

  async confirm(query: StatusQuery): Promise<ProviderPaymentStatus | undefined> {
    const invoiceId = query.notification?.invoiceId ?? query.invoiceId;
    if (!invoiceId) return undefined;
    const json = await this.post(
      '/api/v1/payment/status/',
      { invoice_id: invoiceId, public_key: this.options.publishableKey },
      { Authorization: `Bearer ${this.options.secretKey}` },
    );
    const parsed = statusResponse.safeParse(json);
    if (!parsed.success) throw new ProviderError('IntaSend status answer is not readable', { body: json });
    const invoice = parsed.data.invoice;
    return {
      state: stateOf(invoice.state),
      providerState: invoice.state,
      reference: invoice.api_ref ?? undefined,
      invoiceId: invoice.invoice_id,
      amountCents: invoice.value === null || invoice.value === undefined ? undefined : amountToCents(invoice.value),
      currency: invoice.currency ?? undefined,
      method: invoice.provider ?? undefined,
      failureReason: invoice.failed_reason ?? undefined,
      failureCode:
        invoice.failed_code === null || invoice.failed_code === undefined ? undefined : String(invoice.failed_code),
      receipt: invoice.mpesa_reference ?? undefined,
    };
  }
}
