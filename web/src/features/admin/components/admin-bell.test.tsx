import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, signInAsAdmin } from '../testing/render';
import { AdminBell } from './admin-bell';

const socketHandlers = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
vi.mock('@/lib/socket', () => ({
  useSocketEvent: (name: string, handler: (payload: unknown) => void) => socketHandlers.set(name, handler),
  useSocketReconnect: () => {},
}));

afterEach(() => {
  socketHandlers.clear();
  sessionStorage.clear();
});

describe('the shop owner’s bell', () => {
  it('rings for an order to be paid on delivery as for a paid one, each once, linking to the order', async () => {
    const user = userEvent.setup();
    signInAsAdmin();
    renderScreen(<AdminBell />);
    expect(screen.getByRole('button', { name: 'Shop alerts' })).toBeInTheDocument();

    const at = new Date().toISOString();
    act(() => {
      socketHandlers.get('order.paid')?.({ id: 41, status: 'processing', updated_at: at });
      socketHandlers.get('order.pay_on_delivery')?.({
        id: 42,
        status: 'processing',
        total_amount: 1200,
        updated_at: at,
      });
      // the same event again (a replay) is not news
      socketHandlers.get('order.pay_on_delivery')?.({
        id: 42,
        status: 'processing',
        total_amount: 1200,
        updated_at: at,
      });
    });
    await user.click(screen.getByRole('button', { name: 'Shop alerts (2 unread)' }));
    expect(
      screen.getByRole('link', { name: 'Order #42 to be paid on delivery (collect Ksh 1,200): ready to ship' }),
    ).toHaveAttribute('href', '/admin/orders/42');
    expect(screen.getByRole('link', { name: 'Order #41 was paid: ready to ship' })).toHaveAttribute(
      'href',
      '/admin/orders/41',
    );
  });
});
