import { z } from 'zod';
import { PRODUCT_CONDITIONS } from './constants';

/** Largest quantity one cart line may hold; keeps sums far from integer overflow. */
export const MAX_CART_QUANTITY = 999;
/** Largest id either database can hold in an `integer` column. */
const MAX_ID = 2_147_483_647;

// Form posts and query strings carry numbers as text; accept "2" as well as 2.
const numericText = (value: unknown) =>
  typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;

const wholeNumberMessage = (label: string) => `The ${label} must be a whole number.`;

/** A positive database id, in a path or a body. */
export const idSchema = (label = 'id') =>
  z.preprocess(
    numericText,
    z
      .number({ error: wholeNumberMessage(label) })
      .int({ error: wholeNumberMessage(label) })
      .min(1, { error: `The ${label} is invalid.` })
      .max(MAX_ID, { error: `The ${label} is invalid.` }),
  );

export const cartQuantitySchema = z.preprocess(
  numericText,
  z
    .number({ error: wholeNumberMessage('quantity') })
    .int({ error: wholeNumberMessage('quantity') })
    .min(1, { error: 'The quantity must be at least 1.' })
    .max(MAX_CART_QUANTITY, { error: `The quantity may not be greater than ${MAX_CART_QUANTITY}.` }),
);

/** `POST /cart/add` */
export const addToCartBodySchema = z.object({
  product_id: idSchema('product id'),
  quantity: cartQuantitySchema.default(1),
});
export type AddToCartBody = z.input<typeof addToCartBodySchema>;
/** The body as the server reads it, numbers as numbers: what the web app sends. */
export type AddToCartValues = z.output<typeof addToCartBodySchema>;

/** `PATCH /cart/{itemId}` */
export const updateCartItemBodySchema = z.object({ quantity: cartQuantitySchema });
export type UpdateCartItemBody = z.input<typeof updateCartItemBodySchema>;
export type UpdateCartItemValues = z.output<typeof updateCartItemBodySchema>;

/** The short product form a cart line carries; `price` is in Ksh. */
export const cartProductSchema = z.object({
  id: z.number(),
  name: z.string(),
  price: z.number(),
  image_url: z.string().nullable(),
  stock_quantity: z.number(),
});
export type CartProduct = z.infer<typeof cartProductSchema>;

export const cartItemSchema = z.object({
  id: z.number(),
  product_id: z.number(),
  quantity: z.number(),
  /** price × quantity, in Ksh (an agreed offer price counts for one unit) */
  line_total: z.number(),
  product: cartProductSchema,
  /** the customer's accepted price offer on this item, while it holds it (docs/product.md, Make an offer) */
  offer: z.object({ id: z.number(), agreed_price: z.number(), hold_until: z.string() }).nullable().optional(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** `GET /cart`: the lines twice (`cart_items` and `cartItems`, clients read either). */
export const cartSchema = z.object({
  cart_items: z.array(cartItemSchema),
  cartItems: z.array(cartItemSchema),
  /** Σ line_total, in Ksh, before offers and delivery */
  subtotal: z.number(),
  /** Σ quantity, for the navbar badge */
  item_count: z.number(),
});
export type Cart = z.infer<typeof cartSchema>;

/** `POST /cart/add` (201 for a new line, 200 when an existing line grew) and `PATCH /cart/{itemId}`. */
export const cartItemReplySchema = z.object({
  message: z.string(),
  cart_item: cartItemSchema,
  cart_count: z.number(),
});
export type CartItemReply = z.infer<typeof cartItemReplySchema>;

/** `DELETE /cart/remove/{itemId}` and `DELETE /cart/clear` */
export const cartMessageReplySchema = z.object({ message: z.string(), cart_count: z.number() });
export type CartMessageReply = z.infer<typeof cartMessageReplySchema>;

/** `POST /wishlist` */
export const addToWishlistBodySchema = z.object({ product_id: idSchema('product id') });
export type AddToWishlistBody = z.input<typeof addToWishlistBodySchema>;

/** The full product a wishlist entry shows (the catalogue's product form; price in Ksh). */
export const wishlistProductSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  stock_quantity: z.number(),
  image_url: z.string().nullable(),
  images: z.array(
    z.object({
      id: z.number(),
      image_url: z.string(),
      srcset: z.string(),
      width: z.number().nullable(),
      height: z.number().nullable(),
    }),
  ),
  categories: z.array(z.object({ id: z.number(), name: z.string() })),
  average_rating: z.number(),
  review_count: z.number(),
  size: z.string().nullable(),
  brand: z.string().nullable(),
  condition: z.enum(PRODUCT_CONDITIONS).nullable(),
  color: z.string().nullable(),
  is_featured: z.boolean(),
  is_trending: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WishlistProduct = z.infer<typeof wishlistProductSchema>;

export const wishlistEntrySchema = z.object({
  id: z.number(),
  product_id: z.number(),
  product: wishlistProductSchema,
  created_at: z.string(),
});
export type WishlistEntry = z.infer<typeof wishlistEntrySchema>;

/** `GET /wishlist`, newest first */
export const wishlistSchema = z.array(wishlistEntrySchema);

export const wishlistAddReplySchema = wishlistEntrySchema.extend({ message: z.string() });
export type WishlistAddReply = z.infer<typeof wishlistAddReplySchema>;

export const wishlistMessageReplySchema = z.object({ message: z.string() });

export const CART_MESSAGES = {
  added: 'Added to cart',
  updated: 'Cart updated',
  removed: 'Removed from cart',
  cleared: 'Cart cleared',
  itemNotFound: 'Cart item not found.',
  productNotFound: 'Product not found.',
  outOfStock: (name: string) => `"${name}" is out of stock.`,
} as const;

export const WISHLIST_MESSAGES = {
  added: 'Added to your wishlist!',
  removed: 'Removed from wishlist',
  alreadyPresent: 'Product already in wishlist',
  entryNotFound: 'Wishlist item not found.',
} as const;
