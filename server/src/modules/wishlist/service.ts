import { WISHLIST_MESSAGES, type WishlistEntry } from '@mtumba/contract/cart';
import { isUniqueViolation, type Db } from '../../db/database.js';
import { conflict, notFound } from '../../lib/errors.js';
import { loadProducts } from '../catalog/product-view.js';
import { isLiveProduct, PRODUCT_NOT_FOUND } from '../catalog/service.js';
import { wishlistRepository, type WishlistRow } from './repository.js';

/** The signed-in customer's wishlist. Entries of deleted products stay stored but are not shown. */
export function wishlistService(db: Db) {
  async function withProducts(rows: WishlistRow[]): Promise<WishlistEntry[]> {
    const products = new Map(
      (
        await loadProducts(
          db,
          rows.map((r) => r.product_id),
        )
      ).map((p) => [p.id, p]),
    );
    return rows.flatMap((row) => {
      const product = products.get(row.product_id);
      return product ? [{ id: row.id, product_id: row.product_id, product, created_at: row.created_at }] : [];
    });
  }

  return {
    async list(userId: number): Promise<WishlistEntry[]> {
      return withProducts(await wishlistRepository(db).listForUser(userId));
    },

    async add(userId: number, productId: number): Promise<WishlistEntry> {
      const repo = wishlistRepository(db);
      if (!(await isLiveProduct(db, productId))) throw notFound(PRODUCT_NOT_FOUND);
      let row: WishlistRow | undefined;
      try {
        row = await repo.insertIfAbsent(userId, productId);
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(WISHLIST_MESSAGES.alreadyPresent);
        throw err;
      }
      if (!row) throw conflict(WISHLIST_MESSAGES.alreadyPresent);
      const [entry] = await withProducts([row]);
      // Deleted by an admin in the instant since the check above: answer as if it were already gone.
      if (!entry) throw notFound(PRODUCT_NOT_FOUND);
      return entry;
    },

    async remove(userId: number, entryId: number): Promise<void> {
      if (!(await wishlistRepository(db).remove(userId, entryId))) throw notFound(WISHLIST_MESSAGES.entryNotFound);
    },
  };
}
