import { z } from 'zod';
import { messageSchema } from './errors';

/**
 * Request and reply shapes of the accounts calls (register, sign-in, profile, sessions, the security
 * log) and of GET /config, shared by the server's routes, the web app and the OpenAPI document
 * (docs/product.md section 7).
 */

const required = (field: string) => ({ error: `The ${field} field is required.`, abort: true });

export const nameField = z
  .string()
  .trim()
  .min(1, required('name'))
  .max(255, 'The name field must not be greater than 255 characters.');
export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, required('email'))
  .max(255, { error: 'The email field must not be greater than 255 characters.', abort: true })
  .email('The email field must be a valid email address.')
  // the reserved .invalid domain never receives mail; the shop uses it for customers known only by phone
  .refine((e) => !/\.invalid$/.test(e), 'The email field must be a valid email address.');
export const newPassword = z
  .string()
  .min(8, 'The password field must be at least 8 characters.')
  .max(255, 'The password field must not be greater than 255 characters.');
export const anyPassword = z.string().min(1, required('password')).max(1000);

const PASSWORD_MISMATCH = 'The password field confirmation does not match.';

export const userSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    is_admin: z.boolean(),
    email_verified: z.boolean(),
    pending_email: z
      .string()
      .nullable()
      .describe('A new address waiting for its verification link; `email` stays in use until then'),
    phone_verified: z
      .boolean()
      .optional()
      .describe('Whether the customer verified a phone by an SMS code (GET /user, when the shop sends texts)'),
    language: z
      .enum(['en', 'sw'])
      .optional()
      .describe("The customer's language for e-mails, texts and messages: en (English) or sw (Kiswahili)"),
  })
  .meta({ id: 'User' });
export const validationErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export const signedInSchema = z.object({ token: z.string(), user: userSchema, message: z.string() });

export const registerBody = z
  .object({
    name: nameField,
    email: emailField,
    password: newPassword,
    password_confirmation: z.string({ error: 'The password confirmation field is required.' }),
  })
  .refine((b) => b.password === b.password_confirmation, { path: ['password'], message: PASSWORD_MISMATCH });

export const resetBody = z
  .object({
    token: z.string().min(1, required('token')).max(200),
    email: emailField,
    password: newPassword,
    password_confirmation: z.string({ error: 'The password confirmation field is required.' }),
  })
  .refine((b) => b.password === b.password_confirmation, { path: ['password'], message: PASSWORD_MISMATCH });

const optionalText = z.string().max(1000).nullish();
export const profileBody = z
  .object({
    name: nameField,
    email: emailField,
    current_password: optionalText,
    password: optionalText,
    password_confirmation: optionalText,
  })
  .superRefine((b, ctx) => {
    if (!b.password) return;
    if (b.password.length < 8) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: 'The password field must be at least 8 characters.',
      });
    } else if (b.password !== (b.password_confirmation ?? '')) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_MISMATCH });
    }
  });

export const sessionSchema = z.object({
  id: z.number().int(),
  browser: z.string().describe('e.g. "Chrome on Android", from the User-Agent of the sign-in'),
  signed_in_with: z.string().nullable().describe('password, google, register or reset'),
  created_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean().describe('the session making this call'),
});

export const securityEventSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  actor_id: z.number().int().nullable(),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  created_at: z.string(),
});

export const pagingQuery = z.object({
  page: z.coerce
    .number('The page must be a number.')
    .int('The page must be a whole number.')
    .min(1, 'The page must be at least 1.')
    .max(100_000, 'The page may not be greater than 100000.')
    .default(1),
  per_page: z.coerce
    .number('The per page value must be a number.')
    .int('The per page value must be a whole number.')
    .min(1, 'The per page value must be at least 1.')
    .max(100, 'The per page value may not be greater than 100.')
    .default(50),
});

/**
 * Claim links (docs/product.md section 13): a customer the shop created from a phone number alone
 * gets a one-time link by SMS and takes the account over by giving an e-mail address and a password.
 */
export const CLAIM_MESSAGES = {
  invalid: 'This link is not valid. Please ask the shop to send you a new one.',
  used: 'This link has already been used. Sign in with the e-mail address and password you chose.',
  expired: 'This link has expired. Please ask the shop to send you a new one.',
  hasEmail: 'This account already has an e-mail address: sign in with it, or use "Forgot password".',
  claimed: 'Your account is ready. Please check your email to verify your address.',
} as const;

/** `GET /account-claims/{token}`: whom a claim link is for. */
export const accountClaimViewSchema = z.object({
  name: z.string(),
  /** the phone the link was texted to, as Kenyans write it: 0712 345 678 */
  phone: z.string().nullable(),
  expires_at: z.string(),
});
export type AccountClaimView = z.infer<typeof accountClaimViewSchema>;

/** `POST /account-claims/{token}`: the e-mail address and password the customer chooses. */
export const accountClaimBody = z
  .object({
    email: emailField,
    password: newPassword,
    password_confirmation: z.string({ error: 'The password confirmation field is required.' }),
  })
  .refine((b) => b.password === b.password_confirmation, { path: ['password'], message: PASSWORD_MISMATCH });
export type AccountClaimBody = z.input<typeof accountClaimBody>;

export const loginBody = z.object({ email: emailField, password: anyPassword });
export const emailBody = z.object({ email: emailField });
export const emailTokenQuery = z.object({ token: z.string().max(200).optional() });
export const googleTokenBody = z.object({ token: z.string().min(1, required('token')).max(10_000) });
export const deleteAccountBody = z.object({ current_password: z.string().max(1000).nullish() }).nullish();

export const profileUpdatedSchema = z.object({ user: userSchema, message: z.string() });
export const sessionListSchema = z.object({ sessions: z.array(sessionSchema) });
export const sessionsRevokedSchema = z.object({ message: z.string(), revoked: z.number().int() });
export const securityLogSchema = z.object({
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string(), is_admin: z.boolean() }),
  events: z.array(securityEventSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});

/** GET /config: what the web app needs to know at run time. */
export const publicConfigSchema = z.object({
  google_client_id: z.string().nullable(),
  google_enabled: z.boolean(),
  shop_name: z.string(),
  payment_provider: z.string(),
  pusher_key: z.string().nullable().describe('app key of the Pusher endpoint at /app/{key}; null when off'),
  shop_email: z.string(),
  shop_address: z.string(),
  shop_phone: z.string(),
  /** digits only, ready for https://wa.me/{number} */
  shop_whatsapp: z.string(),
  shop_hours: z.string(),
  shop_returns_policy: z.string(),
});

export type User = z.infer<typeof userSchema>;
export { messageSchema };
export type MessageReply = z.infer<typeof messageSchema>;
export type ValidationErrorReply = z.infer<typeof validationErrorSchema>;
export type AuthReply = z.infer<typeof signedInSchema>;
export type RegisterInput = z.input<typeof registerBody>;
export type ResetPasswordInput = z.input<typeof resetBody>;
export type ProfileInput = z.input<typeof profileBody>;
export type AccountSession = z.infer<typeof sessionSchema>;
export type SessionList = z.infer<typeof sessionListSchema>;
export type ProfileUpdatedReply = z.infer<typeof profileUpdatedSchema>;
export type SessionsRevokedReply = z.infer<typeof sessionsRevokedSchema>;
export type SecurityEvent = z.infer<typeof securityEventSchema>;
export type LoginInput = z.input<typeof loginBody>;
export type SecurityLog = z.infer<typeof securityLogSchema>;
export type PublicConfigReply = z.infer<typeof publicConfigSchema>;
