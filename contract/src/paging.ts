import { z } from 'zod';

/** `page` and `per_page` of the admin's order and offer lists: 20 a page unless asked. */
export const adminPagingFields = {
  page: z.coerce.number('The page must be a number.').int().min(1, 'The page must be at least 1.').default(1),
  per_page: z.coerce
    .number('The per page value must be a number.')
    .int()
    .min(1, 'The per page value must be at least 1.')
    .max(100, 'The per page value may not be greater than 100.')
    .default(20),
};
