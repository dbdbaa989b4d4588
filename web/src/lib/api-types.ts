/** Shapes of the API replies the web app reads (docs/product.md sections 3 and 7). Prices are Ksh numbers. */

export interface Category {
  id: number;
  name: string;
}

export interface ProductImage {
  id: number;
  image_url: string;
  /** "url 320w, url 640w, url 1280w" when the server made several widths */
  srcset?: string | null;
  width?: number | null;
  height?: number | null;
}

export interface Product {
  id: number;
  name: string;
  description: string | null;
  price: number;
  /** the price before a reduction (null or absent when the item is not reduced) */
  compare_at_price?: number | null;
  stock_quantity: number;
  image_url: string | null;
  images?: ProductImage[];
  categories?: Category[];
  average_rating?: number | null;
  review_count?: number;
  size?: string | null;
  brand?: string | null;
  condition?: string | null;
  color?: string | null;
  /** takes price offers (docs/product.md, Make an offer) */
  negotiable?: boolean;
  /** none on the shelf, held for a customer's accepted offer: shown as "Reserved" */
  reserved?: boolean;
  created_at?: string;
}

/** Search results, related products and cart lines carry only these. */
export type ProductSummary = Pick<Product, 'id' | 'name' | 'price' | 'image_url'> &
  Partial<Pick<Product, 'stock_quantity' | 'images'>>;

export interface Review {
  id: number;
  product_id: number;
  rating: number;
  review_text: string | null;
  created_at: string;
  user?: { name: string } | null;
}

export interface User {
  id: number;
  name: string;
  email: string;
  is_admin: boolean;
  email_verified?: boolean;
  /** a new address waiting for its verification link; `email` stays in use until then */
  pending_email?: string | null;
}

/** A signed-in browser of the account (GET /user/sessions). */
export interface AccountSession {
  id: number;
  browser: string;
  signed_in_with: string | null;
  created_at: string;
  last_used_at: string;
  current: boolean;
}

export interface AuthReply {
  token: string;
  user: User;
  message?: string;
}

export interface MessageReply {
  message: string;
}
