import { z } from 'zod';

/** Verifying a phone by a code sent in a text message (docs/product.md, "Text messages"). */

export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_MINUTES = 10;
export const PHONE_CODE_MAX_ATTEMPTS = 5;
/** a new code for the same account at most this often */
export const PHONE_CODE_RESEND_SECONDS = 60;

export const phoneCodeRequestSchema = z.object({
  phone: z
    .string('Enter your phone number.')
    .trim()
    .min(1, 'Enter your phone number.')
    .max(30, 'Enter a Kenyan mobile number, such as 0712 345 678.'),
});
export type PhoneCodeRequest = z.infer<typeof phoneCodeRequestSchema>;

export const phoneCodeConfirmSchema = z.object({
  code: z
    .string('Enter the code from the text message.')
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from the text message.'),
});
export type PhoneCodeConfirm = z.infer<typeof phoneCodeConfirmSchema>;

export const phoneStatusSchema = z.object({
  /** whether the shop sends text messages at all (no SMS screens otherwise) */
  sms_enabled: z.boolean(),
  /** the verified phone, as 0712 345 678, or null */
  phone: z.string().nullable(),
  phone_verified: z.boolean(),
  /** present (true) only in the development sandbox: no text is sent, the code comes in the reply */
  sms_sandbox: z.literal(true).optional(),
});
export type PhoneStatus = z.infer<typeof phoneStatusSchema>;

/** POST /user/phone/code's reply; `sandbox_code` only in the development sandbox (shown on screen). */
export const phoneCodeSentSchema = z.object({
  message: z.string(),
  sandbox_code: z.string().optional(),
});
export type PhoneCodeSent = z.infer<typeof phoneCodeSentSchema>;

export const PHONE_CODE_SHOWN = 'Test shop: no text message is sent. Your code is shown here instead.';
export const PHONE_CODE_SENT = 'We sent a code to your phone. Enter it to verify the number.';
export const PHONE_VERIFIED = 'Your phone number is verified.';
export const PHONE_CODE_WRONG = 'That code is not right. Check the text message and try again.';
export const PHONE_CODE_EXPIRED = 'That code has expired or was tried too often. Ask for a new code.';
export const SMS_DISABLED = 'Text messages are not set up in this shop.';
export const phoneCodeTooSoon = (seconds: number) =>
  `A code was just sent. You can ask for another in ${seconds} seconds.`;
