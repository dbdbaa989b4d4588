import { dehydrate, QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { startTransition } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProvider, AuthSync } from './provider';
import { writeGuestCart } from '@/lib/guest-store';
import { productReply } from '@/lib/testing';
import { cartKeys, useCartCount, useCartQuantities, type Cart } from '@/lib/api/get-cart';
import { useWishlistCount, useWishlistProductIds, wishlistKeys, type WishlistEntry } from '@/lib/api/get-wishlist';

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

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  localStorage.clear();
});

/** How often the product buttons were drawn. */
let draws = 0;
function CountedButtons({ id }: { id: number }) {
  draws++;
  const inCart = useCartQuantities().has(id);
  return (
    <p>{`#${id}: ${inCart ? 'in cart' : 'not in cart'}, ${useWishlistProductIds().has(id) ? 'wished' : 'not wished'}`}</p>
  );
}

/**
 * Draws the page as the server does (no browser storage: nothing known of the visitor's lists),
 * then hydrates it from the server's dehydrated state as main.tsx does.
 */
async function serverDrawThenHydrate(): Promise<{ drawn: Element; recoverableErrors: unknown[] }> {
  const page = (client?: QueryClient, state?: ReturnType<typeof dehydrate>) => (
    <AppProvider client={client} initialData={state} serverDrawn>
      <Badge />
      <CountedButtons id={7} />
    </AppProvider>
  );
  // as the server does before its first page: the frame's lazy part is loaded, so nothing suspends
  await AuthSync.preload();
  const serverClient = new QueryClient();
  const stored = localStorage.getItem('guest_cart');
  localStorage.removeItem('guest_cart');
  const container = document.createElement('div');
  container.innerHTML = renderToString(page(serverClient));
  if (stored) localStorage.setItem('guest_cart', stored);
  document.body.appendChild(container);
  const drawn = container.querySelector('p')!;
  const recoverableErrors: unknown[] = [];
  draws = 0;
  await act(async () => {
    startTransition(() => {
      root = hydrateRoot(container, page(undefined, dehydrate(serverClient)), {
        onRecoverableError: (error) => recoverableErrors.push(error),
      });
    });
  });
  // the lists' first reads (the browser's storage) answer, and the query tells its readers, in
  // a turn of the event loop each
  for (let turn = 0; turn < 3; turn++) await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return { drawn, recoverableErrors };
}

describe('a visitor’s cart and wishlist on a page the server drew', () => {
  it('hydrates a visitor with empty lists as drawn, and draws nothing again', async () => {
    const { drawn, recoverableErrors } = await serverDrawThenHydrate();
    expect(screen.getByText('cart 0, wishlist 0')).toBeInTheDocument();
    expect(screen.getByText('#7: not in cart, not wished')).toBeInTheDocument();
    expect(drawn.isConnected).toBe(true);
    expect(recoverableErrors).toEqual([]);
    // a second draw would come in one task right after hydration, on a phone a long one
    expect(draws).toBe(1);
  });

  it('shows what a visitor keeps in the cart once the page is hydrated', async () => {
    const dress = productReply({ id: 7, name: 'Kitenge dress' });
    writeGuestCart([{ product_id: 7, quantity: 1, product: dress }]);
    const { drawn, recoverableErrors } = await serverDrawThenHydrate();
    await waitFor(() => expect(screen.getByText('cart 1, wishlist 0')).toBeInTheDocument());
    expect(screen.getByText('#7: in cart, not wished')).toBeInTheDocument();
    expect(drawn.isConnected).toBe(true);
    expect(recoverableErrors).toEqual([]);
  });
});
