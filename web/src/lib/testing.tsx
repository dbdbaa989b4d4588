import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { vi } from 'vitest';
import type { Product, ProductImage } from '@mtumba/contract/product';
import { signIn, type StoredUser } from './auth-storage';

/** Test helpers (used only by *.test.tsx files): render with the app's providers, and a fake API. */

export interface RenderOptions {
  /** the URL to start at (default /) */
  path?: string;
  /** the route pattern the element is mounted at (default *), e.g. '/products/:id' */
  route?: string;
  /** more routes, e.g. the target of a redirect */
  routes?: RouteObject[];
  /** wrap the routes (e.g. in a layout element that renders <Outlet />) */
  layout?: ReactElement;
}

export function renderWithProviders(
  ui: ReactElement,
  options: RenderOptions = {},
): RenderResult & { queryClient: QueryClient; router: ReturnType<typeof createMemoryRouter> } {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  const children: RouteObject[] = [{ path: options.route ?? '*', element: ui }, ...(options.routes ?? [])];
  const routes: RouteObject[] = options.layout ? [{ element: options.layout, children }] : children;
  const router = createMemoryRouter(routes, { initialEntries: [options.path ?? '/'] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastContainer autoClose={false} />
    </QueryClientProvider>,
  );
  return { ...result, queryClient, router };
}

export function signInAs(user: Partial<StoredUser> = {}): StoredUser {
  const full: StoredUser = {
    id: 7,
    name: 'Wanjiku',
    email: 'wanjiku@example.com',
    is_admin: false,
    email_verified: true,
    ...user,
  };
  signIn('test-token', full);
  return full;
}

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };
type Handler = (request: { url: URL; method: string; body: unknown }) => Reply | unknown | Promise<unknown>;

/**
 * Stubs fetch with handlers keyed "METHOD /api/path" (no query string). A handler returns a
 * {status, body, headers} reply, or a plain value for a 200 JSON body (or a promise of either, to
 * hold a reply back). Unknown calls answer 404.
 */
export function mockApi(handlers: Record<string, Handler | Reply | unknown>) {
  const calls: { method: string; path: string; url: URL; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    calls.push({ method, path: url.pathname, url, body });
    const key = `${method} ${url.pathname}`;
    if (!(key in handlers)) return new Response(JSON.stringify({ message: 'Not found.' }), { status: 404 });
    const handler = handlers[key];
    const out = typeof handler === 'function' ? await (handler as Handler)({ url, method, body }) : handler;
    const reply: Reply =
      out && typeof out === 'object' && ('status' in out || 'headers' in out) ? (out as Reply) : { body: out };
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls,
    /** the calls made to one "METHOD /api/path" */
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}

/** A product reply as the API gives it (every field of the contract's shape), with `over` on top. */
export function productReply(over: Partial<Product> = {}): Product {
  return {
    id: 1,
    name: 'Item',
    description: '',
    price: 1000,
    compare_at_price: null,
    stock_quantity: 1,
    image_url: null,
    images: [],
    categories: [],
    average_rating: 0,
    review_count: 0,
    size: null,
    brand: null,
    condition: null,
    color: null,
    is_featured: false,
    is_trending: false,
    negotiable: false,
    reserved: false,
    created_at: '2026-01-05T09:00:00.000Z',
    updated_at: '2026-01-05T09:00:00.000Z',
    ...over,
  };
}

/** One stored photo of a product reply. */
export function imageReply(id: number, imageUrl: string, srcset = imageUrl): ProductImage {
  return { id, image_url: imageUrl, srcset, width: 640, height: 800 };
}
