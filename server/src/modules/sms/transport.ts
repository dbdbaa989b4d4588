import { z } from 'zod';

export interface AfricasTalkingOptions {
  apiKey: string;
  username: string;
  senderId?: string;
  url: string;
  timeoutMs?: number;
}

/** A message that could not be sent; `permanent` ones are not tried again (an invalid number). */
export class SmsError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'SmsError';
  }
}

const reply = z.object({
  SMSMessageData: z.object({
    Message: z.string().optional(),
    Recipients: z.array(
      z.object({
        number: z.string().optional(),
        status: z.string().optional(),
        statusCode: z.coerce.number(),
        messageId: z.string().optional(),
      }),
    ),
  }),
});

/** Africa's Talking status codes that no retry will fix (invalid number, blacklisted, rejected). */
const PERMANENT = new Set([401, 402, 403, 404, 405, 406, 407, 409]);

export type SendSms = (to: string, message: string) => Promise<{ messageId: string | null }>;

/**
 * Sends one text message through Africa's Talking: a form body (username, to, message, from) with
 * the `apiKey` header; status code 101 in the reply means sent.
 */
export function africasTalking(options: AfricasTalkingOptions): SendSms {
  return async (to, message) => {
    const form = new URLSearchParams({ username: options.username, to, message });
    if (options.senderId) form.set('from', options.senderId);
    let response: Response;
    try {
      response = await fetch(options.url, {
        method: 'POST',
        headers: {
          apiKey: options.apiKey,
          Accept: 'application/json',
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
    } catch (err) {
      throw new SmsError(`Africa's Talking could not be reached: ${String(err)}`, false);
    }
    const text = await response.text();
    if (!response.ok) throw new SmsError(`Africa's Talking answered ${response.status}: ${text.slice(0, 200)}`, false);
    let parsed;
    try {
      parsed = reply.safeParse(JSON.parse(text));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) throw new SmsError(`Africa's Talking reply is not readable: ${text.slice(0, 200)}`, false);
    const recipient = parsed.data.SMSMessageData.Recipients[0];
    if (!recipient) {
      throw new SmsError(`Not sent: ${parsed.data.SMSMessageData.Message ?? 'no recipient accepted'}`, true);
    }
    if (recipient.statusCode !== 101) {
      throw new SmsError(
        `Not sent (${recipient.statusCode} ${recipient.status ?? ''})`.trim(),
        PERMANENT.has(recipient.statusCode),
      );
    }
    return { messageId: recipient.messageId ?? null };
  };
}
