import { QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { productReply } from '@/lib/testing';
import { cartKeys, useCartCount, useCartQuantities, type Cart } from './get-cart';
import { useWishlistCount, useWishlistProductIds, wishlistKeys, type WishlistEntry } from './get-wishlist';

function Badge() {
  return <p>{`cart ${useCartCount()}, wishlist ${useWishlistCount()}`}</p>;
}

function Buttons({ id }: { id: number }) {
  const inCart = useCartQuantities().has(id);
  const wished = useWishlistProductIds().has(id);
  return <p>{`#${id}: ${inCart ? 'in cart' : 'not in cart'}, ${wished ? 'wished' : 'not wished'}`}</p>;
}

describe('ShopperLists', () => {
  it('gives every part of the page the one cart and wishlist query, and a change reaches them all', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    const dress = productReply({ id: 7, name: 'Kitenge dress' });
    // a visitor's lists, as a page the server drew starts (nothing fetched yet)
    client.setQueryData<Cart>(cartKeys.mine(null), { cart_items: [] });
    client.setQueryData<WishlistEntry[]>(wishlistKeys.mine(null), []);
    render(
      <AppProvider client={client}>
        <Badge />
        <Buttons id={7} />
        <Buttons id={8} />
      </AppProvider>,
    );
    expect(await screen.findByText('cart 0, wishlist 0')).toBeInTheDocument();
    expect(client.getQueryCache().find({ queryKey: cartKeys.mine(null) })?.observers).toHaveLength(1);
    expect(client.getQueryCache().find({ queryKey: wishlistKeys.mine(null) })?.observers).toHaveLength(1);

    act(() => {
      client.setQueryData<Cart>(cartKeys.mine(null), { cart_items: [{ id: 7, quantity: 1, product: dress }] });
      client.setQueryData<WishlistEntry[]>(wishlistKeys.mine(null), [{ id: 7, product_id: 7, product: dress }]);
    });
    expect(await screen.findByText('cart 1, wishlist 1')).toBeInTheDocument();
    expect(screen.getByText('#7: in cart, wished')).toBeInTheDocument();
    expect(screen.getByText('#8: not in cart, not wished')).toBeInTheDocument();
  });
});
