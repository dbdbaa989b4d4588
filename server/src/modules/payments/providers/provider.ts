/**
 * The extension point for payment providers (Vendure's payment strategies): each provider is an
 * object found by its stable `code`. The payment service owns the rules (which payment, which
 * order, idempotency, transactions); a provider only speaks its service's language.
 *
 * Providers never touch the database, and the service never calls them inside a transaction.
 */

/** What the shop asks a provider to collect. */
export interface CheckoutRequest {
  /** our unique payment reference; the provider echoes it back (IntaSend's `api_ref`) */
  reference: string;
  amountCents: number;
  currency: 'KES';
  orderId: number;
  customer: { name: string; email: string; phone?: string | null };
  /** where the provider sends the browser after paying (never proof of payment) */
  redirectUrl: string;
}

/** A hosted checkout the browser is sent to. */
export interface CheckoutSession {
  checkoutUrl: string;
  providerCheckoutId?: string;
}

/** A notification as it reached us: the raw body (signatures are computed over it) and headers. */
export interface IncomingNotification {
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * A provider's word on a payment. `final` states end the payment; `pending` means ask again later.
 * Amounts are cents parsed from the provider's decimal strings; ids are strings.
 */
export interface ProviderPaymentStatus {
  state: 'pending' | 'complete' | 'failed';
  /** the provider's own spelling of the state, kept for the record (e.g. `COMPLETE`) */
  providerState: string;
  /** our reference as the provider knows it (IntaSend's `api_ref`) */
  reference?: string;
  invoiceId?: string;
  amountCents?: number;
  currency?: string;
  /** how the customer paid, e.g. `M-PESA`, `CARD-PAYMENT`, `mpesa` */
  method?: string;
  failureReason?: string;
  /** the provider's failure code (for M-Pesa, its result code such as 1032), raw */
  failureCode?: string;
  /** the M-Pesa receipt code of a completed payment, when the provider gives it */
  receipt?: string;
}

/** An M-Pesa prompt (STK push) the shop asks a provider to send to a phone. */
export interface PromptRequest {
  reference: string;
  /** whole shillings only: M-Pesa takes no cents */
  amountCents: number;
  currency: 'KES';
  /** 2547XXXXXXXX or 2541XXXXXXXX, no plus */
  phone: string;
  orderId: number;
  narrative: string;
}

export interface PromptSession {
  /** the provider's invoice id, kept with the payment for status calls */
  invoiceId?: string;
  providerState: string;
  /** sandbox only: the page playing the phone */
  simulatorUrl?: string;
}

/** A notification whose origin the provider has verified (signature or shared challenge). */
export interface VerifiedNotification {
  ok: true;
  /** unique per provider for one event; a repeat with the same key is handled once */
  eventKey: string;
  /** our reference, when the notification names it */
  reference?: string;
  invoiceId?: string;
  providerState: string;
  /** whether this notification reports an end state worth confirming and acting on */
  final: boolean;
  /** the parsed body, stored with the notification record */
  payload: unknown;
  /**
   * The provider's facts as carried by the notification. Only a provider whose notifications are
   * signed end to end (the sandbox) may return these from `confirm` without asking anyone.
   */
  claimed?: ProviderPaymentStatus;
}

/** Why a notification was turned away: `401` not from the provider, `400` unreadable. */
export interface RefusedNotification {
  ok: false;
  status: 400 | 401;
  reason: string;
}

export type ParsedNotification = VerifiedNotification | RefusedNotification;

/** What the service knows when it asks a provider for the authoritative status. */
export interface StatusQuery {
  reference: string;
  /** the provider's invoice / transaction id, from a verified notification or the payment record */
  invoiceId?: string | null;
  checkoutId?: string | null;
  /** the verified notification that prompted the question, if any */
  notification?: VerifiedNotification;
}

/** A provider failed (network, refused request, unreadable answer); the message is for logs only. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** What a provider said about a failed call, for the log (undefined for any other error). */
export function providerErrorDetails(err: unknown): unknown {
  return err instanceof ProviderError ? err.details : undefined;
}

/** One click on a simulated payment page or phone: what the customer did there. */
export interface SimulatedPayment {
  reference: string;
  amountCents: number;
  currency: string;
  outcome: 'success' | 'failure';
  method: 'mpesa' | 'card';
  phone?: string | null;
  /** the prompt's invoice id; a hosted-page payment gets a new one */
  invoiceId?: string | null;
  /** for a failure: M-Pesa's result code and words */
  failure?: { code: string; reason: string };
}

/**
 * What only a simulating provider (the sandbox) can do: play the customer's side of a payment, by
 * signing the notification its test page or simulated phone sends. Real providers have none, so
 * the shop's test pages answer 404 with them.
 */
export interface PaymentSimulator {
  signedNotification(payment: SimulatedPayment): { rawBody: string; signature: string };
  /** the request header that carries `signature` */
  readonly signatureHeader: string;
}

export interface PaymentProvider {
  /** stable identifier, stored on every payment and notification (`sandbox`, `intasend`) */
  readonly code: string;

  /** present for a provider that simulates payments (the sandbox); absent for real money */
  readonly simulator?: PaymentSimulator;

  /**
   * Asks for an M-Pesa prompt on the customer's phone. Throws ProviderError when the provider
   * refuses or cannot be reached. The result arrives later as a notification (or by `confirm`).
   */
  requestPrompt(request: PromptRequest): Promise<PromptSession>;

  /** whether `confirm` can answer without a notification (a status API the poller may ask) */
  readonly canPoll: boolean;

  /** Creates a hosted checkout. Throws ProviderError when the provider refuses or cannot be reached. */
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;

  /**
   * Checks that a notification really comes from the provider (in constant time) and reads it.
   * Never throws for bad input: returns a refusal instead.
   */
  parseNotification(notification: IncomingNotification): ParsedNotification;

  /**
   * The provider's authoritative status for a payment (IntaSend: its status API). Returns
   * undefined when there is nothing to ask (no invoice id known yet). Throws ProviderError when
   * the provider cannot answer right now.
   */
  confirm(query: StatusQuery): Promise<ProviderPaymentStatus | undefined>;
}
