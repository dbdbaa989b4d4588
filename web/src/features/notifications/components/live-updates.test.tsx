import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useOrders } from '@/lib/api/get-orders';
import { signOut } from '@/lib/auth-storage';
import { mockApi, renderWithProviders, signInAs } from '@/lib/testing';
import { readNotifications } from '../notification-store';
import { LiveUpdates } from './live-updates';

type Handler = (...args: unknown[]) => void;

// A stand-in for the Socket.IO client: records how it was opened and lets the test push events.
const fake = vi.hoisted(() => {
  const sockets: {
    options: Record<string, unknown>;
    any: Handler[];
    on: Record<string, Handler[]>;
    connected: boolean;
    disconnect: ReturnType<typeof vi.fn>;
  }[] = [];
  return { sockets };
});

vi.mock('socket.io-client', () => ({
  io: vi.fn((options: Record<string, unknown>) => {
    const socket = {
      options,
      any: [] as Handler[],
      on: {} as Record<string, Handler[]>,
      connected: true,
      disconnect: vi.fn(),
    };
    fake.sockets.push(socket);
    return {
      get connected() {
        return socket.connected;
      },
      onAny: (fn: Handler) => socket.any.push(fn),
      offAny: () => (socket.any = []),
      on: (event: string, fn: Handler) => (socket.on[event] ??= []).push(fn),
      connect: vi.fn(),
      disconnect: socket.disconnect,
    };
  }),
}));

/** Something on screen that shows the orders, as the orders page would. */
function OrdersProbe() {
  const { data } = useOrders();
  return <p>{data?.map((o) => `#${o.id} ${o.order_status}`).join(', ')}</p>;
}

const push = (event: string, payload: unknown) => {
  const socket = fake.sockets.at(-1)!;
  act(() => socket.any.forEach((fn) => fn(event, payload)));
};

beforeEach(() => {
  fake.sockets.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

describe('LiveUpdates', () => {
  it('connects with the token, stores the notification and refreshes the orders', async () => {
    signInAs({ id: 7 });
    let served = 0;
    mockApi({ 'GET /api/orders': () => [{ id: 12, order_status: served++ === 0 ? 'pending' : 'shipped' }] });
    const ordersUpdated = vi.fn();
    window.addEventListener('ordersUpdated', ordersUpdated);
    renderWithProviders(
      <>
        <LiveUpdates />
        <OrdersProbe />
      </>,
    );
    expect(await screen.findByText('#12 pending')).toBeInTheDocument();
    await waitFor(() => expect(fake.sockets).toHaveLength(1));
    expect(fake.sockets[0].options).toMatchObject({ path: '/socket.io', auth: { token: 'test-token' } });

    push('order.status.updated', { id: 12, status: 'shipped', updated_at: '2026-03-01T09:00:00.000Z' });

    expect(readNotifications()).toEqual([
      expect.objectContaining({ message: 'Order #12 status changed to Shipped', read: false, orderId: 12 }),
    ]);
    expect(ordersUpdated).toHaveBeenCalledOnce();
    expect(await screen.findByText('#12 shipped')).toBeInTheDocument();

    // The same event seen twice (another tab, a repeat) is one notification.
    push('order.status.updated', { id: 12, status: 'shipped', updated_at: '2026-03-01T09:00:00.000Z' });
    expect(readNotifications()).toHaveLength(1);
    window.removeEventListener('ordersUpdated', ordersUpdated);
  });

  it('a saved-search match becomes one unread notification linking to the product', async () => {
    signInAs({ id: 8 });
    mockApi({ 'GET /api/orders': [] });
    localStorage.removeItem('notifications');
    renderWithProviders(<LiveUpdates />);
    await waitFor(() => expect(fake.sockets).toHaveLength(1));
    const match = {
      saved_search_id: 3,
      product_id: 41,
      product_name: "Blue Levi's jacket, size M",
      matched_at: '2026-03-02T10:00:00.000Z',
    };
    push('saved_search.matched', match);
    push('saved_search.matched', match);
    expect(readNotifications()).toEqual([
      expect.objectContaining({
        message: "New match for your saved search: Blue Levi's jacket, size M",
        productId: 41,
        read: false,
      }),
    ]);
  });

  it('refetches orders after a reconnection and closes the socket on sign-out', async () => {
    signInAs({ id: 7 });
    const server = mockApi({ 'GET /api/orders': [] });
    renderWithProviders(
      <>
        <LiveUpdates />
        <OrdersProbe />
      </>,
    );
    await waitFor(() => expect(server.callsTo('GET /api/orders')).toHaveLength(1));
    await waitFor(() => expect(fake.sockets).toHaveLength(1));
    const socket = fake.sockets[0];

    act(() => socket.on.connect.forEach((fn) => fn()));
    expect(server.callsTo('GET /api/orders')).toHaveLength(1);
    act(() => socket.on.connect.forEach((fn) => fn()));
    await waitFor(() => expect(server.callsTo('GET /api/orders')).toHaveLength(2));

    act(() => signOut());
    await waitFor(() => expect(socket.disconnect).toHaveBeenCalled());
  });
});
