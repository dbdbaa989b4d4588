import { z } from 'zod';

/** POST /newsletter/subscribe. */
export const subscribeBody = z.object({
  email: z
    .string({ error: 'The email field is required.' })
    .trim()
    .min(1, 'The email field is required.')
    .max(254, 'The email may not be greater than 254 characters.')
    .pipe(z.email('The email must be a valid email address.'))
    .transform((v) => v.toLowerCase()),
});
export type SubscribeBody = z.input<typeof subscribeBody>;
