import { centsToAmount } from '@mtumba/contract';
import { CART_MESSAGES, MAX_CART_QUANTITY, type Cart, type CartItem } from '@mtumba/contract/cart';
import { OFFER_MESSAGES, lineUnits } from '@mtumba/contract/price-offers';
import { now, type Db, type Executor } from '../../db/database.js';
import { DomainError, invalidField, notFound } from '../../lib/errors.js';
import { imageUrl } from '../catalog/images.js';
import { firstImageKeys } from '../catalog/product-view.js';
import { activeHoldsFor, type ActiveHold } from '../offers/holds.js';
import { cartRepository, type CartLineRow, type CartLineWithImage } from './repository.js';

function outOfStock(name: string, stockQuantity: number): DomainError {
  const message = CART_MESSAGES.outOfStock(name);
  return new DomainError('invalid', message, {
    errors: { quantity: [message] },
    extra: { stock_quantity: Math.max(0, stockQuantity) },
  });
}

function reservedForOther(name: string): DomainError {
  const message = `${name}: ${OFFER_MESSAGES.reserved}`;
  return new DomainError('invalid', message, { errors: { quantity: [message] }, extra: { stock_quantity: 0 } });
}

/** The line's total in cents: a held offer's agreed price covers one unit. */
function lineCents(row: CartLineRow, hold: ActiveHold | undefined): number {
  return lineUnits({ quantity: row.quantity, priceCents: row.price_cents, agreedCents: hold?.agreedCents }).reduce(
    (sum, u) => sum + u.unitPriceCents * u.quantity,
    0,
  );
}

function toCartItem(row: CartLineRow, imageKeys: Map<number, string>, hold?: ActiveHold): CartItem {
  const key = imageKeys.get(row.product_id);
  return {
    id: row.id,
    product_id: row.product_id,
    quantity: row.quantity,
    line_total: centsToAmount(lineCents(row, hold)),
    product: {
      id: row.product_id,
      name: row.name,
      price: centsToAmount(row.price_cents),
      image_url: key ? imageUrl(key) : null,
      // the unit the customer's own offer holds is theirs to buy
      stock_quantity: row.stock_quantity + (hold ? 1 : 0),
    },
    ...(hold
      ? { offer: { id: hold.offerId, agreed_price: centsToAmount(hold.agreedCents), hold_until: hold.holdUntil } }
      : {}),
  };
}

/** Puts an item whose offer was just accepted into the customer's cart (one unit), unless it is there. */
export async function putHeldItemInCart(db: Executor, userId: number, productId: number): Promise<void> {
  await cartRepository(db).insertIfAbsent(userId, productId, 1);
}

/**
 * Inside an order-placing transaction: the ordered units leave the customer's cart (a line ordered
 * in full goes, a line with more units keeps the rest), so a sold item never lingers there.
 */
export async function removeOrderedItems(
  trx: Executor,
  userId: number,
  lines: readonly { productId: number; quantity: number }[],
): Promise<void> {
  const ordered = new Map<number, number>();
  for (const l of lines) ordered.set(l.productId, (ordered.get(l.productId) ?? 0) + l.quantity);
  await cartRepository(trx).takeOut(userId, ordered, now());
}

export interface CartItemResult {
  item: CartItem;
  /** true when the product was not in the cart before */
  created: boolean;
  /** Σ quantity of the whole cart afterwards */
  cartCount: number;
}

/** The signed-in customer's cart. Lines of deleted products are kept but never shown or counted. */
export function cartService(db: Db) {
  /**
   * The customer's offer holds, read only when `anyHeld`: some product concerned has units held
   * for an offer at all (a hold of theirs always counts there).
   */
  function holdsFor(userId: number, anyHeld: boolean): Promise<Map<number, ActiveHold>> {
    return anyHeld ? activeHoldsFor(db, userId, now()) : Promise.resolve(new Map());
  }

  /** A line as the cart shows it, and the cart's count after the change. */
  async function lineAndCount(
    row: CartLineRow,
    holds: Map<number, ActiveHold>,
  ): Promise<{ item: CartItem; cartCount: number }> {
    const [keys, cartCount] = await Promise.all([
      firstImageKeys(db, [row.product_id]),
      cartRepository(db).countForUser(row.user_id),
    ]);
    return { item: toCartItem(row, keys, holds.get(row.product_id)), cartCount };
  }

  /**
   * The cart from its lines and their photos (one query, or part of the token check's:
   * `cartLinesAlongToken`), with the offer holds when a line's product has units held.
   */
  async function cartOf(userId: number, rows: readonly CartLineWithImage[]): Promise<Cart> {
    const holds = await holdsFor(
      userId,
      rows.some((r) => r.held_quantity > 0),
    );
    const keys = new Map<number, string>();
    for (const r of rows) if (r.image_key !== null) keys.set(r.product_id, r.image_key);
    const items = rows.map((r) => toCartItem(r, keys, holds.get(r.product_id)));
    const subtotalCents = rows.reduce((sum, r) => sum + lineCents(r, holds.get(r.product_id)), 0);
    return {
      cart_items: items,
      cartItems: items,
      subtotal: centsToAmount(subtotalCents),
      item_count: rows.reduce((sum, r) => sum + r.quantity, 0),
    };
  }

  return {
    async getCart(userId: number): Promise<Cart> {
      return cartOf(userId, await cartRepository(db).listWithImages(userId));
    },

    cartOf,

    /**
     * Adds `quantity` of a product, or grows the existing line. The line is unique per (user,
     * product): a concurrent first add lands on the insert's conflict and becomes an increase.
     * No transaction: each write is one statement that keeps its own condition (the insert skips
     * an existing line, the increase stays within the limit), and the stock check is what the
     * shop says to the shopper, checked again when they order. A transaction would hold one of
     * the pool's connections through every statement and the time between them.
     */
    async addItem(userId: number, productId: number, quantity: number): Promise<CartItemResult> {
      const repo = cartRepository(db);
      const product = await repo.findProduct(productId);
      if (!product) throw notFound(CART_MESSAGES.productNotFound);
      const holds = await holdsFor(userId, product.held_quantity > 0);
      const available = product.stock_quantity + (holds.has(productId) ? 1 : 0);
      if (available <= 0 && product.held_quantity > 0) throw reservedForOther(product.name);
      if (available <= 0 || quantity > available) {
        throw outOfStock(product.name, available);
      }
      const limit = Math.min(available, MAX_CART_QUANTITY);

      // A line removed between the insert and the update sends us round again; twice is plenty.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const insertedId = await repo.insertIfAbsent(userId, productId, quantity);
        const itemId = insertedId ?? (await repo.increase(userId, productId, quantity, limit));
        if (itemId !== undefined) {
          const row = await repo.findForUser(userId, itemId);
          if (!row) break;
          return { ...(await lineAndCount(row, holds)), created: insertedId !== undefined };
        }
        const existing = await repo.findByProduct(userId, productId);
        if (existing) {
          if (existing.quantity + quantity > available) {
            throw outOfStock(product.name, available);
          }
          throw invalidField('quantity', `The quantity may not be greater than ${MAX_CART_QUANTITY}.`);
        }
      }
      throw new DomainError('conflict', 'Your cart changed while adding. Please try again.');
    },

    /** Sets a line's quantity; like `addItem`, without a transaction (one write). */
    async setQuantity(userId: number, itemId: number, quantity: number): Promise<CartItemResult> {
      const repo = cartRepository(db);
      const line = await repo.findForUser(userId, itemId);
      if (!line) throw notFound(CART_MESSAGES.itemNotFound);
      const holds = await holdsFor(userId, line.held_quantity > 0);
      const available = line.stock_quantity + (holds.has(line.product_id) ? 1 : 0);
      if (available <= 0 && line.held_quantity > 0) throw reservedForOther(line.name);
      if (quantity > available) throw outOfStock(line.name, available);
      await repo.setQuantity(userId, itemId, quantity);
      return { ...(await lineAndCount({ ...line, quantity }, holds)), created: false };
    },

    /** Removes one of the customer's own lines (also one whose product has since been deleted). */
    async removeItem(userId: number, itemId: number): Promise<{ cartCount: number }> {
      const repo = cartRepository(db);
      if (!(await repo.remove(userId, itemId))) throw notFound(CART_MESSAGES.itemNotFound);
      return { cartCount: await repo.countForUser(userId) };
    },

    async clear(userId: number): Promise<{ removed: number }> {
      return { removed: await cartRepository(db).clear(userId) };
    },
  };
}
