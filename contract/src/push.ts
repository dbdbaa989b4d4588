import { z } from 'zod';

/** Web Push notifications on the shopper's or admin's phone (docs/product.md, "Notifications on this phone"). */

/** The longest endpoint address the shop keeps (real push services use a few hundred characters). */
export const PUSH_ENDPOINT_MAX = 2048;

const base64url = (what: string, min: number, max: number) =>
  z
    .string(`The subscription's ${what} key is missing.`)
    .trim()
    .regex(/^[A-Za-z0-9_-]+=*$/, `The subscription's ${what} key must be base64url.`)
    .min(min, `The subscription's ${what} key is too short.`)
    .max(max, `The subscription's ${what} key is too long.`);

/** The browser's PushSubscription as `JSON.stringify(subscription)` gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string('The subscription has no endpoint.')
    .trim()
    .max(PUSH_ENDPOINT_MAX, 'The subscription endpoint is too long.')
    .pipe(z.url({ protocol: /^https?$/, error: 'The subscription endpoint must be an http(s) address.' })),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      // a P-256 public key: 65 bytes, 87 characters of base64url
      p256dh: base64url('p256dh', 86, 90),
      // 16 random bytes: 22 characters of base64url
      auth: base64url('auth', 21, 26),
    },
    'The subscription has no keys.',
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({
  endpoint: z
    .string('Say which endpoint to remove.')
    .trim()
    .min(1, 'Say which endpoint to remove.')
    .max(PUSH_ENDPOINT_MAX),
});

/** GET /api/push/public-key: the VAPID key the browser subscribes with (`applicationServerKey`). */
export const pushPublicKeySchema = z.object({ public_key: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/** POST /api/push/subscriptions' reply. */
export const pushSubscribedSchema = z.object({ subscribed: z.literal(true), message: z.string() });

/** What a notification carries (the service worker shows it); kept well under the 4 KB push limit. */
export interface PushMessage {
  title: string;
  body: string;
  /** a path of the shop, opened when the notification is tapped */
  url: string;
  /** notifications with the same tag replace each other */
  tag: string;
}
