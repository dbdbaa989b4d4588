import { z } from 'zod';
import { LIMITS } from './constants';

/** A product review as the API shows it (docs/product.md section 3). */
export const reviewSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  rating: z.number().int(),
  review_text: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  user: z.object({ name: z.string() }),
});
export type Review = z.infer<typeof reviewSchema>;

const numeric = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);

const ratingField = z.preprocess(
  numeric,
  z
    .number({
      error: (iss) =>
        iss.input === undefined || iss.input === null
          ? 'The rating field is required.'
          : 'The rating must be a number.',
    })
    .int('The rating must be a whole number.')
    .min(LIMITS.ratingMin, `The rating must be between ${LIMITS.ratingMin} and ${LIMITS.ratingMax}.`)
    .max(LIMITS.ratingMax, `The rating must be between ${LIMITS.ratingMin} and ${LIMITS.ratingMax}.`),
);

const reviewTextField = z
  .string({ error: 'The review text must be text.' })
  .trim()
  .max(LIMITS.reviewTextMax, `The review text may not be greater than ${LIMITS.reviewTextMax} characters.`)
  .nullish()
  .transform((v) => v ?? '');

const productIdField = z.preprocess(
  numeric,
  z
    .number({
      error: (iss) =>
        iss.input === undefined || iss.input === null
          ? 'The product id field is required.'
          : 'The product id must be a number.',
    })
    .int('The product id must be a whole number.')
    .min(1, 'The selected product is invalid.')
    .max(2_147_483_647, 'The selected product is invalid.'),
);

/** `POST /reviews`: a review of a product from one of the customer's delivered orders. */
export const reviewInputSchema = z.object({
  product_id: productIdField,
  rating: ratingField,
  review_text: reviewTextField,
});
export type ReviewInput = z.input<typeof reviewInputSchema>;
/** The review as the server reads it, numbers as numbers: what the web app sends. */
export type ReviewValues = z.output<typeof reviewInputSchema>;

/** `PUT /reviews/{id}`: the web app also sends product_id; it cannot move a review to another product. */
export const reviewUpdateSchema = z.object({
  product_id: productIdField.optional(),
  rating: ratingField,
  review_text: reviewTextField,
});
export type ReviewUpdate = z.input<typeof reviewUpdateSchema>;
