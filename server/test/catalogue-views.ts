import { randomBytes } from 'node:crypto';
import type { Db } from '../src/db/database.js';
import { insertCategory, insertProduct } from './catalog.js';

/** A GET as a shopper's browser makes it, against one instance: status and parsed JSON body. */
export type Fetch = (url: string) => Promise<{ status: number; body: unknown }>;

export interface ShownItem {
  id: number;
  name: string;
  categoryId: number;
}

/** A one-of-a-kind item in its own category, flagged trending, with a name nothing else has. */
export async function oneOfAKind(db: Db): Promise<ShownItem> {
  const word = `kikoi${randomBytes(4).toString('hex')}`;
  const categoryId = await insertCategory(db, `Category ${word}`);
  const name = `Striped ${word} wrap`;
  const id = await insertProduct(db, {
    name,
    stock_quantity: 1,
    categories: [categoryId],
    is_trending: true,
    images: [`${word}-image`],
  });
  return { id, name, categoryId };
}

/**
 * The stock every public catalogue view shows for the item: the first page of the listing, its
 * page, its category's page, search suggestions for its name, and trending products.
 */
export async function stockShown(get: Fetch, item: ShownItem): Promise<Record<string, number | 'missing'>> {
  const inList = async (url: string) => {
    const res = await get(url);
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    const found = (res.body as { id: number; stock_quantity: number }[]).find((p) => p.id === item.id);
    return found ? found.stock_quantity : 'missing';
  };
  const detail = await get(`/api/products/${item.id}`);
  if (detail.status !== 200) throw new Error(`the product page answered ${detail.status}`);
  return {
    list: await inList('/api/products?per_page=100'),
    detail: (detail.body as { stock_quantity: number }).stock_quantity,
    category: await inList(`/api/categories/${item.categoryId}/products`),
    search: await inList(`/api/products/search?q=${encodeURIComponent(item.name.split(' ')[1])}`),
    trending: await inList('/api/products/trending'),
  };
}

export const everywhere = (stock: number) => ({
  list: stock,
  detail: stock,
  category: stock,
  search: stock,
  trending: stock,
});
