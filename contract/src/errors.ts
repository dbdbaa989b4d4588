import { z } from 'zod';

/** Every error reply: `{ message, errors?: { field: [messages] } }` (Laravel's shape). */
export const apiErrorSchema = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    error: z.string().optional(),
  })
  .loose();
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** A reply that only says what happened: `{ message }`. */
export const messageSchema = z.object({ message: z.string() });
