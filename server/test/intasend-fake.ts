import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for IntaSend: the hosted-checkout, M-Pesa prompt and payment-status endpoints,
 * refusing malformed requests the way the real API does (DRF-style 400/401/404 bodies), plus
 * controls to play the customer paying and to build the webhook IntaSend would send.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  status: number;
  problems: string[];
}

export interface FakeCheckout {
  id: string;
  url: string;
  api_ref: string;
  amount: string;
  currency: string;
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  redirect_url: string;
}

export interface FakeInvoice {
  invoice_id: string;
  state: 'PENDING' | 'PROCESSING' | 'COMPLETE' | 'FAILED';
  provider: 'M-PESA' | 'CARD-PAYMENT';
  value: string;
  currency: string;
  api_ref: string;
  failed_reason: string | null;
  failed_code: string | null;
  checkout_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface FakeIntaSend {
  url: string;
  publishableKey: string;
  secretKey: string;
  challenge: string;
  requests: RecordedRequest[];
  checkouts: Map<string, FakeCheckout>;
  invoices: Map<string, FakeInvoice>;
  /** the last checkout created for our reference (api_ref) */
  checkoutFor(apiRef: string): FakeCheckout | undefined;
  /**
   * The customer pays on the hosted page: an invoice for the checkout with `apiRef`. `overrides`
   * let a test make IntaSend's record disagree with ours (value, currency, api_ref, state).
   */
  pay(
    apiRef: string,
    overrides?: Partial<Pick<FakeInvoice, 'state' | 'value' | 'currency' | 'api_ref' | 'provider' | 'failed_reason'>>,
  ): FakeInvoice;
  setState(invoiceId: string, state: FakeInvoice['state'], failedReason?: string): void;
  /** the invoice of the last M-Pesa prompt (STK push) sent for our reference */
  promptFor(apiRef: string): FakeInvoice | undefined;
  /** The phone answers a prompt: paid, or failed with M-Pesa's result code and words. */
  answerPrompt(invoiceId: string, answer: 'COMPLETE' | { code: string; reason: string }): FakeInvoice;
  /** The next STK push request is answered with this status (an outage or a refusal). */
  failNextPrompt(status: number): void;
  promptCalls(): RecordedRequest[];
  /** The JSON IntaSend POSTs to the webhook for an invoice (with the dashboard's challenge by default). */
  webhookBody(invoiceId: string, overrides?: Record<string, unknown>): Record<string, unknown>;
  /** The next checkout request is answered with this status (an outage or a refusal). */
  failNextCheckout(status: number): void;
  /** The next status request is answered with this status (an outage). */
  failNextStatus(status: number): void;
  statusCalls(): RecordedRequest[];
  checkoutCalls(): RecordedRequest[];
  close(): Promise<void>;
}

const DECIMAL = /^\d+(\.\d{1,2})?$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isAbsoluteUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

function headerOf(headers: http.IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

function drfErrors(problems: string[]) {
  return { type: 'client_error', errors: problems.map((detail) => ({ code: 'invalid', detail, attr: null })) };
}

export async function startFakeIntaSend(
  options: { publishableKey?: string; secretKey?: string; challenge?: string } = {},
): Promise<FakeIntaSend> {
  const publishableKey = options.publishableKey ?? `ISPubKey_test_${randomBytes(8).toString('hex')}`;
  const secretKey = options.secretKey ?? `ISSecretKey_test_${randomBytes(8).toString('hex')}`;
  const challenge = options.challenge ?? `challenge-${randomBytes(8).toString('hex')}`;
  const requests: RecordedRequest[] = [];
  const checkouts = new Map<string, FakeCheckout>();
  const invoices = new Map<string, FakeInvoice>();
  let nextCheckoutFailure: number | undefined;
  let nextStatusFailure: number | undefined;
  let nextPromptFailure: number | undefined;
  const prompts = new Map<string, string>();
  let base = '';

  function checkCheckout(headers: http.IncomingHttpHeaders, body: Record<string, unknown>): string[] {
    const problems: string[] = [];
    if (headerOf(headers, 'INTASEND_PUBLIC_API_KEY') !== publishableKey) {
      problems.push('INTASEND_PUBLIC_API_KEY header missing or not the public key');
    }
    if (headerOf(headers, 'X-IntaSend-Public-API-Key') !== publishableKey) {
      problems.push('X-IntaSend-Public-API-Key header missing or not the public key');
    }
    if (headerOf(headers, 'authorization')) problems.push('the checkout call must not carry the secret key');
    if (body.public_key !== publishableKey) problems.push('public_key: not the publishable key');
    const amount = body.amount;
    if (
      !(typeof amount === 'number' && amount > 0) &&
      !(typeof amount === 'string' && DECIMAL.test(amount) && Number(amount) > 0)
    ) {
      problems.push('amount: a positive number or decimal string is required');
    } else if (typeof amount === 'number' && Math.round(amount * 100) !== amount * 100) {
      problems.push('amount: at most 2 decimal places');
    }
    if (!['KES', 'USD', 'EUR', 'GBP'].includes(String(body.currency))) problems.push('currency: not supported');
    if (typeof body.email !== 'string' || !EMAIL.test(body.email)) problems.push('email: a valid e-mail is required');
    for (const f of ['first_name', 'last_name', 'comment'] as const) {
      if (body[f] !== undefined && typeof body[f] !== 'string') problems.push(`${f}: must be a string`);
    }
    if (typeof body.phone_number === 'string' && body.phone_number !== '' && !/^254\d{9}$/.test(body.phone_number)) {
      problems.push('phone_number: must be 254XXXXXXXXX');
    }
    if (typeof body.api_ref !== 'string' || body.api_ref.length === 0 || body.api_ref.length > 100) {
      problems.push('api_ref: required, at most 100 characters');
    }
    if (!isAbsoluteUrl(body.redirect_url)) problems.push('redirect_url: an absolute http(s) URL is required');
    if (body.host !== undefined && !isAbsoluteUrl(body.host)) problems.push('host: must be a URL');
    if (body.method !== undefined && !['M-PESA', 'CARD-PAYMENT', ''].includes(String(body.method))) {
      problems.push('method: M-PESA or CARD-PAYMENT');
    }
    return problems;
  }

  function invoiceJson(inv: FakeInvoice) {
    return {
      invoice_id: inv.invoice_id,
      state: inv.state,
      provider: inv.provider,
      charges: '0.00',
      net_amount: inv.value,
      currency: inv.currency,
      value: inv.value,
      account: inv.provider === 'M-PESA' ? '254708374149' : 'customer@example.com',
      api_ref: inv.api_ref,
      mpesa_reference: inv.state === 'COMPLETE' && inv.provider === 'M-PESA' ? 'QK12ABC34D' : null,
      host: 'http://shop.test',
      card_info: { bin_country: null, card_type: null },
      retry_count: 0,
      failed_reason: inv.failed_reason,
      failed_code: inv.failed_code,
      created_at: inv.created_at,
      updated_at: inv.updated_at,
    };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '').split('?')[0];
      const record: RecordedRequest = {
        method: req.method ?? '',
        path,
        headers: req.headers,
        body: undefined,
        status: 0,
        problems: [],
      };
      requests.push(record);
      const send = (status: number, payload: unknown) => {
        record.status = status;
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(payload));
      };

      if (req.method !== 'POST') return send(405, { detail: `Method "${req.method}" not allowed.` });
      if (!(headerOf(req.headers, 'content-type') ?? '').startsWith('application/json')) {
        record.problems.push('Content-Type must be application/json');
        return send(415, { detail: 'Unsupported media type in request.' });
      }
      let body: Record<string, unknown>;
      try {
        const parsed: unknown = JSON.parse(raw);
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
        body = parsed as Record<string, unknown>;
      } catch {
        record.problems.push('body is not a JSON object');
        return send(400, { detail: 'JSON parse error' });
      }
      record.body = body;

      if (path === '/api/v1/checkout/') {
        const problems = checkCheckout(req.headers, body);
        record.problems = problems;
        if (problems.some((p) => p.includes('header'))) {
          return send(401, { detail: 'Authentication credentials were not provided.' });
        }
        if (problems.length) return send(400, drfErrors(problems));
        if (nextCheckoutFailure !== undefined) {
          const status = nextCheckoutFailure;
          nextCheckoutFailure = undefined;
          return send(status, { detail: 'Service temporarily unavailable.' });
        }
        const id = randomBytes(6).toString('hex').toUpperCase();
        const amount = Number(body.amount).toFixed(2);
        const checkout: FakeCheckout = {
          id,
          url: `${base}/checkout/${id}/express/`,
          api_ref: String(body.api_ref),
          amount,
          currency: String(body.currency),
          email: String(body.email),
          first_name: String(body.first_name ?? ''),
          last_name: String(body.last_name ?? ''),
          phone_number: String(body.phone_number ?? ''),
          redirect_url: String(body.redirect_url),
        };
        checkouts.set(id, checkout);
        const at = new Date().toISOString();
        return send(201, {
          id,
          url: checkout.url,
          signature: `eyJhbGciOiJIUzI1NiJ9.${randomBytes(12).toString('base64url')}.sig`,
          first_name: checkout.first_name,
          last_name: checkout.last_name,
          phone_number: checkout.phone_number,
          email: checkout.email,
          country: null,
          address: null,
          city: null,
          state: null,
          zipcode: null,
          api_ref: checkout.api_ref,
          wallet_id: null,
          method: null,
          channel: 'WEBSITE',
          host: body.host ?? null,
          is_mobile: false,
          version: null,
          redirect_url: checkout.redirect_url,
          amount,
          currency: checkout.currency,
          paid: false,
          mobile_tarrif: 'BUSINESS-PAYS',
          card_tarrif: 'BUSINESS-PAYS',
          bitcoin_tarrif: 'BUSINESS-PAYS',
          ach_tarrif: 'BUSINESS-PAYS',
          created_at: at,
          updated_at: at,
        });
      }

      if (path === '/api/v1/payment/mpesa-stk-push/') {
        const problems: string[] = [];
        if (headerOf(req.headers, 'authorization') !== `Bearer ${secretKey}`) {
          record.problems.push('Authorization: Bearer <secret key> missing or wrong');
          return send(401, { detail: 'Invalid token.' });
        }
        const amount = body.amount;
        if (
          !(typeof amount === 'number' && Number.isInteger(amount) && amount > 0) &&
          !(typeof amount === 'string' && /^\d+$/.test(amount) && Number(amount) > 0)
        ) {
          problems.push('amount: a whole number of shillings is required');
        }
        if (typeof body.phone_number !== 'string' || !/^254[17]\d{8}$/.test(body.phone_number)) {
          problems.push('phone_number: must be 2547XXXXXXXX or 2541XXXXXXXX');
        }
        if (typeof body.api_ref !== 'string' || body.api_ref.length === 0 || body.api_ref.length > 100) {
          problems.push('api_ref: required, at most 100 characters');
        }
        if (body.currency !== undefined && body.currency !== 'KES') problems.push('currency: KES only');
        if (body.narrative !== undefined && typeof body.narrative !== 'string')
          problems.push('narrative: must be a string');
        record.problems = problems;
        if (problems.length) return send(400, drfErrors(problems));
        if (nextPromptFailure !== undefined) {
          const status = nextPromptFailure;
          nextPromptFailure = undefined;
          return send(status, { detail: 'Service temporarily unavailable.' });
        }
        const at = new Date().toISOString();
        const invoice: FakeInvoice = {
          invoice_id: `INV${randomBytes(4).toString('hex').toUpperCase()}`,
          state: 'PENDING',
          provider: 'M-PESA',
          value: Number(amount).toFixed(2),
          currency: 'KES',
          api_ref: String(body.api_ref),
          failed_reason: null,
          failed_code: null,
          checkout_id: null,
          created_at: at,
          updated_at: at,
        };
        invoices.set(invoice.invoice_id, invoice);
        prompts.set(invoice.api_ref, invoice.invoice_id);
        return send(200, {
          id: randomBytes(6).toString('hex'),
          invoice: invoiceJson(invoice),
          customer: {
            customer_id: 'CUST1',
            phone_number: body.phone_number,
            email: null,
            first_name: null,
            last_name: null,
          },
          payment_link: null,
          customer_comment: null,
          refundable: false,
          created_at: at,
          updated_at: at,
        });
      }

      if (path === '/api/v1/payment/status/') {
        const auth = headerOf(req.headers, 'authorization');
        if (auth !== `Bearer ${secretKey}`) {
          record.problems.push('Authorization: Bearer <secret key> missing or wrong');
          return send(401, { detail: 'Invalid token.' });
        }
        if (typeof body.invoice_id !== 'string' || body.invoice_id === '') {
          record.problems.push('invoice_id: required string');
          return send(400, drfErrors(['invoice_id: This field is required.']));
        }
        if (nextStatusFailure !== undefined) {
          const status = nextStatusFailure;
          nextStatusFailure = undefined;
          return send(status, { detail: 'Service temporarily unavailable.' });
        }
        const inv = invoices.get(body.invoice_id);
        if (!inv) return send(404, drfErrors(['Invoice not found']));
        const checkout = inv.checkout_id ? checkouts.get(inv.checkout_id) : undefined;
        return send(200, {
          invoice: invoiceJson(inv),
          meta: {
            id: randomBytes(4).toString('hex'),
            customer: {
              id: 'CUST1',
              phone_number: checkout?.phone_number ?? '',
              email: checkout?.email ?? '',
              first_name: checkout?.first_name ?? '',
              last_name: checkout?.last_name ?? '',
              country: 'KE',
            },
            customer_comment: null,
            created_at: inv.created_at,
            updated_at: inv.updated_at,
          },
        });
      }

      return send(404, { detail: 'Not found.' });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeIntaSend = {
    url: base,
    publishableKey,
    secretKey,
    challenge,
    requests,
    checkouts,
    invoices,
    checkoutFor(apiRef) {
      return [...checkouts.values()].reverse().find((c) => c.api_ref === apiRef);
    },
    pay(apiRef, overrides = {}) {
      const checkout = fake.checkoutFor(apiRef);
      const at = new Date().toISOString();
      const invoice: FakeInvoice = {
        invoice_id: `INV${randomBytes(4).toString('hex').toUpperCase()}`,
        state: overrides.state ?? 'COMPLETE',
        provider: overrides.provider ?? 'M-PESA',
        value: overrides.value ?? checkout?.amount ?? '0.00',
        currency: overrides.currency ?? checkout?.currency ?? 'KES',
        api_ref: overrides.api_ref ?? apiRef,
        failed_reason: overrides.failed_reason ?? null,
        failed_code: null,
        checkout_id: checkout?.id ?? null,
        created_at: at,
        updated_at: at,
      };
      invoices.set(invoice.invoice_id, invoice);
      return invoice;
    },
    setState(invoiceId, state, failedReason) {
      const inv = invoices.get(invoiceId);
      if (!inv) throw new Error(`no invoice ${invoiceId}`);
      inv.state = state;
      inv.failed_reason = failedReason ?? inv.failed_reason;
      inv.updated_at = new Date().toISOString();
    },
    promptFor(apiRef) {
      const id = prompts.get(apiRef);
      return id ? invoices.get(id) : undefined;
    },
    answerPrompt(invoiceId, answer) {
      const inv = invoices.get(invoiceId);
      if (!inv) throw new Error(`no invoice ${invoiceId}`);
      if (answer === 'COMPLETE') {
        inv.state = 'COMPLETE';
      } else {
        inv.state = 'FAILED';
        inv.failed_code = answer.code;
        inv.failed_reason = answer.reason;
      }
      inv.updated_at = new Date().toISOString();
      return inv;
    },
    failNextPrompt(status) {
      nextPromptFailure = status;
    },
    promptCalls: () => requests.filter((r) => r.path === '/api/v1/payment/mpesa-stk-push/'),
    webhookBody(invoiceId, overrides = {}) {
      const inv = invoices.get(invoiceId);
      if (!inv) throw new Error(`no invoice ${invoiceId}`);
      return { ...invoiceJson(inv), challenge, ...overrides };
    },
    failNextCheckout(status) {
      nextCheckoutFailure = status;
    },
    failNextStatus(status) {
      nextStatusFailure = status;
    },
    statusCalls: () => requests.filter((r) => r.path === '/api/v1/payment/status/'),
    checkoutCalls: () => requests.filter((r) => r.path === '/api/v1/checkout/'),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
  return fake;
}
