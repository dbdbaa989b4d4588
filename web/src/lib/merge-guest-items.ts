import { getCart } from './api/get-cart';
import { ApiError, api } from './api-client';
import {
  readGuestCart,
  readGuestWishlist,
  writeGuestCart,
  writeGuestWishlist,
  type GuestCartLine,
  type GuestWishlistEntry,
} from './guest-store';

export interface MergeOutcome {
  /** guest lines now in the account's cart */
  addedToCart: number;
  /** items that were sold meanwhile: kept in the account's wishlist instead */
  soldOut: string[];
}

/** The quantity still free for this customer, from a 422 "out of stock" reply; undefined for other refusals. */
function stockFrom(err: unknown): number | undefined {
  if (!(err instanceof ApiError) || err.status !== 422) return undefined;
  const stock = err.body.stock_quantity;
  return typeof stock === 'number' ? stock : undefined;
}

async function addToWishlist(productId: number): Promise<void> {
  try {
    await api.post('/wishlist', { product_id: productId });
  } catch (err) {
    // already in the wishlist: that is where it should be
    if (!(err instanceof ApiError && err.status === 409)) throw err;
  }
}

/**
 * After a sign-in or a registration: the visitor's cart and wishlist from this browser go into
 * the account through the account's own calls (POST /cart/add, POST /wishlist). A line adds its
 * quantity to the account's, never beyond the stock (the server refuses more and says how many
 * there are); an item sold meanwhile goes to the wishlist rather than being lost. A line that
 * failed for any other reason (the network) stays in the browser for the next try.
 */
export async function mergeGuestItems(): Promise<MergeOutcome> {
  const outcome: MergeOutcome = { addedToCart: 0, soldOut: [] };
  const lines = readGuestCart();
  const entries = readGuestWishlist();
  if (lines.length === 0 && entries.length === 0) return outcome;

  const keptLines: GuestCartLine[] = [];
  if (lines.length > 0) {
    const inCart = new Map((await getCart()).cart_items.map((i) => [i.product.id, i.quantity]));
    for (const line of lines) {
      const already = inCart.get(line.product_id) ?? 0;
      try {
        try {
          await api.post('/cart/add', { product_id: line.product_id, quantity: line.quantity });
          outcome.addedToCart += 1;
        } catch (err) {
          const stock = stockFrom(err);
          if (stock === undefined) {
            // refused for good (a deleted product, a quantity over the limit): nothing to try again
            if (err instanceof ApiError && err.status < 500 && err.status !== 429) continue;
            throw err;
          }
          const room = stock - already;
          if (room > 0) {
            await api.post('/cart/add', { product_id: line.product_id, quantity: Math.min(room, line.quantity) });
            outcome.addedToCart += 1;
          } else if (already === 0) {
            // sold (or held for someone) since it was put in the cart: keep it where it can be found again
            await addToWishlist(line.product_id);
            outcome.soldOut.push(line.product.name);
          }
        }
      } catch {
        keptLines.push(line);
      }
    }
  }

  const keptEntries: GuestWishlistEntry[] = [];
  for (const entry of entries) {
    try {
      await addToWishlist(entry.product_id);
    } catch (err) {
      // a product deleted meanwhile is gone for good; anything else is tried again later
      if (!(err instanceof ApiError && (err.status === 404 || err.status === 422))) keptEntries.push(entry);
    }
  }

  // Written back from what is there now, so an item added in another tab meanwhile is not dropped.
  const doneLines = new Set(lines.map((l) => l.product_id).filter((id) => !keptLines.some((k) => k.product_id === id)));
  writeGuestCart(readGuestCart().filter((l) => !doneLines.has(l.product_id)));
  const doneEntries = new Set(
    entries.map((e) => e.product_id).filter((id) => !keptEntries.some((k) => k.product_id === id)),
  );
  writeGuestWishlist(readGuestWishlist().filter((e) => !doneEntries.has(e.product_id)));
  return outcome;
}
