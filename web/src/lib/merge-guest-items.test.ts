import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, productReply, signInAs } from '@/lib/testing';
import { mergeGuestItems } from './merge-guest-items';
import { readGuestCart, readGuestWishlist, writeGuestCart, writeGuestWishlist } from './guest-store';

afterEach(() => vi.unstubAllGlobals());

const line = (id: number, quantity: number, stock = 1) => ({
  product_id: id,
  quantity,
  product: { id, name: `Item ${id}`, price: 100, image_url: null, stock_quantity: stock },
});

const outOfStock = (name: string, stock: number) => ({
  status: 422,
  body: { message: `"${name}" is out of stock.`, errors: { quantity: ['x'] }, stock_quantity: stock },
});

describe('mergeGuestItems', () => {
  it('adds the browser’s cart and wishlist to the account, never beyond the stock, losing no item', async () => {
    signInAs();
    writeGuestCart([line(1, 1), line(2, 3, 5), line(3, 1), line(4, 2, 2)]);
    writeGuestWishlist([{ product_id: 8, product: productReply({ id: 8 }) }]);
    const server = mockApi({
      // the account already holds item 1 (one of a kind) and one of item 4 (two in stock)
      'GET /api/cart': {
        cart_items: [
          { id: 50, quantity: 1, product: { id: 1, name: 'Item 1', price: 100, image_url: null, stock_quantity: 1 } },
          { id: 51, quantity: 1, product: { id: 4, name: 'Item 4', price: 100, image_url: null, stock_quantity: 2 } },
        ],
      },
      'POST /api/cart/add': ({ body }: { body: unknown }) => {
        const { product_id: id, quantity } = body as { product_id: number; quantity: number };
        if (id === 1) return outOfStock('Item 1', 1);
        if (id === 3) return outOfStock('Item 3', 0); // sold meanwhile
        if (id === 4 && quantity > 1) return outOfStock('Item 4', 2);
        return { status: 201, body: {} };
      },
      'POST /api/wishlist': ({ body }: { body: unknown }) =>
        (body as { product_id: number }).product_id === 8
          ? { status: 409, body: { message: 'Already in wishlist' } }
          : { status: 201, body: {} },
    });

    const outcome = await mergeGuestItems();

    const adds = server.callsTo('POST /api/cart/add').map((c) => c.body);
    expect(adds).toEqual([
      { product_id: 1, quantity: 1 },
      { product_id: 2, quantity: 3 },
      { product_id: 3, quantity: 1 },
      { product_id: 4, quantity: 2 },
      // only what the stock leaves beside the account's own unit
      { product_id: 4, quantity: 1 },
    ]);
    // the sold item is kept in the wishlist rather than lost
    expect(server.callsTo('POST /api/wishlist').map((c) => c.body)).toEqual([{ product_id: 3 }, { product_id: 8 }]);
    expect(outcome).toEqual({ addedToCart: 2, soldOut: ['Item 3'] });
    expect(readGuestCart()).toEqual([]);
    expect(readGuestWishlist()).toEqual([]);
  });

  it('keeps in the browser what could not be sent, for the next try', async () => {
    signInAs();
    writeGuestCart([line(1, 1), line(2, 1)]);
    mockApi({
      'GET /api/cart': { cart_items: [] },
      'POST /api/cart/add': ({ body }: { body: unknown }) =>
        (body as { product_id: number }).product_id === 2
          ? { status: 503, body: { message: 'Try later' } }
          : { status: 201, body: {} },
    });
    await mergeGuestItems();
    expect(readGuestCart().map((l) => l.product_id)).toEqual([2]);
  });
});
