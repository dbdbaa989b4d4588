import { z } from 'zod';
import { idSchema } from './cart';

/**
 * The M-Pesa prompt (STK push): the shop asks the payment provider to show a payment prompt on
 * the shopper's phone; the shopper enters the M-Pesa PIN there. Shapes of the calls and the
 * shop's words for each way a prompt can end (docs/product.md, "Paying with the M-Pesa prompt").
 */

/** How many prompts one order may send; past that, the shopper pays another way. */
export const MPESA_MAX_PROMPTS_PER_ORDER = 6;
/** How long the phone shows a prompt before M-Pesa gives up on it (the waiting screen's countdown). */
export const MPESA_PROMPT_SECONDS = 60;

export const MPESA_PHONE_MESSAGE = 'Enter a Kenyan M-Pesa number, such as 0712 345 678 or +254 712 345 678.';

export const mpesaPromptBodySchema = z.object({
  order_id: idSchema('order id'),
  phone: z.string(MPESA_PHONE_MESSAGE).trim().min(1, 'Enter the M-Pesa phone number.').max(30, MPESA_PHONE_MESSAGE),
});
export type MpesaPromptBody = z.infer<typeof mpesaPromptBodySchema>;

/** Why a prompt ended without a payment, in the shop's words. */
export const MPESA_FAILURES = [
  'cancelled',
  'timeout',
  'insufficient_funds',
  'wrong_pin',
  'expired',
  'busy',
  'failed',
] as const;
export type MpesaFailure = (typeof MPESA_FAILURES)[number];

export const MPESA_FAILURE_MESSAGES: Record<MpesaFailure, string> = {
  cancelled: 'The M-Pesa prompt was cancelled on the phone. Nothing was paid.',
  timeout:
    'The phone did not answer the M-Pesa prompt in time. Check that it is on and has signal, then resend the prompt.',
  insufficient_funds: 'The M-Pesa balance is too low for this payment. Top up, then resend the prompt.',
  wrong_pin: 'The M-Pesa PIN was wrong. Resend the prompt and enter the PIN again.',
  expired: 'The M-Pesa prompt expired before it was answered. Resend the prompt to try again.',
  busy: 'Another M-Pesa payment is in progress on this phone. Finish it, wait a moment, then resend the prompt.',
  failed: 'The M-Pesa payment did not go through.',
};

/** M-Pesa's own result codes, and the words it (and IntaSend) use for them. */
const BY_CODE: Record<string, MpesaFailure> = {
  '1032': 'cancelled',
  '1037': 'timeout',
  '1': 'insufficient_funds',
  '2001': 'wrong_pin',
  '1019': 'expired',
  '1001': 'busy',
};
const BY_TEXT: [RegExp, MpesaFailure][] = [
  [/cancel+ed by (the )?user|request cancel+ed|cancel+ed/i, 'cancelled'],
  [/timeout|timed out|cannot be reached|no response|did not (answer|respond)/i, 'timeout'],
  [/insufficient|balance/i, 'insufficient_funds'],
  [/initiator information is invalid|wrong pin|invalid pin|incorrect pin/i, 'wrong_pin'],
  [/expired/i, 'expired'],
  [/already in process|in progress|unable to lock subscriber/i, 'busy'],
];

/**
 * Which failure a provider's code and reason describe: the code when it is one of M-Pesa's known
 * ones, else the words of the reason, else a plain failure.
 */
export function mpesaFailureOf(code: string | null | undefined, reason: string | null | undefined): MpesaFailure {
  const known = code !== null && code !== undefined ? BY_CODE[String(code).trim()] : undefined;
  if (known) return known;
  const text = reason ?? '';
  for (const [pattern, failure] of BY_TEXT) if (pattern.test(text)) return failure;
  return 'failed';
}

/** The message the waiting screen shows: a known failure's words, else the provider's reason. */
export function mpesaFailureMessage(code: string | null | undefined, reason: string | null | undefined): string {
  const failure = mpesaFailureOf(code, reason);
  if (failure !== 'failed') return MPESA_FAILURE_MESSAGES[failure];
  const text = (reason ?? '').trim();
  return text ? `The M-Pesa payment did not go through: ${text.replace(/\.$/, '')}.` : MPESA_FAILURE_MESSAGES.failed;
}

export const PAYMENT_STATES = ['pending', 'paid', 'failed'] as const;

/** One payment as its owner sees it (`GET /api/payments/{reference}`, and the prompt's reply). */
export const paymentViewSchema = z.object({
  reference: z.string(),
  order_id: z.number(),
  /** `mpesa_prompt` for the M-Pesa prompt, `checkout` for the hosted page, `manual` when the shop recorded it */
  kind: z.enum(['mpesa_prompt', 'checkout', 'manual']),
  provider: z.string(),
  status: z.enum(PAYMENT_STATES),
  amount: z.number(),
  /** the phone the prompt went to, as the shopper typed it nationally (0712 345 678); null for others */
  phone: z.string().nullable(),
  /** when the phone stops showing the prompt (the waiting screen's countdown) */
  prompt_expires_at: z.string().nullable(),
  failure: z
    .object({
      reason: z.enum(MPESA_FAILURES),
      message: z.string(),
    })
    .nullable(),
  order_status: z.string(),
  payment_status: z.string(),
  /** sandbox only: the simulated phone, where a tester accepts or refuses the prompt */
  simulator_url: z.string().nullable(),
});
export type PaymentView = z.infer<typeof paymentViewSchema>;

export const PROMPT_SENT = 'Check your phone and enter your M-Pesa PIN.';
export const mpesaPromptReplySchema = z.object({
  message: z.string(),
  payment: paymentViewSchema,
});
export type MpesaPromptReply = z.infer<typeof mpesaPromptReplySchema>;

export const PROMPT_NOT_SENT = 'We could not send the M-Pesa prompt. Please try again, or pay another way.';
export const tooManyPrompts = (n: number) => `This order has already had ${n} M-Pesa prompts. Please pay another way.`;
export const PROMPT_AMOUNT_TOO_SMALL = 'This order total is too small for an M-Pesa prompt. Please pay another way.';
