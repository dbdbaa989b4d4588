import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  addNotification,
  clearReadNotifications,
  markAllNotificationsRead,
  NOTIFICATIONS_KEY,
  readNotifications,
} from '../notification-store';
import { NotificationBell } from './notification-bell';

const stored = () =>
  JSON.parse(localStorage.getItem(NOTIFICATIONS_KEY) ?? '[]') as { message: string; read: boolean }[];

function renderBell() {
  const view = render(
    <MemoryRouter>
      <NotificationBell />
    </MemoryRouter>,
  );
  return { ...view, user: userEvent.setup() };
}

describe('notification store', () => {
  it('keeps new notifications unread, newest first, once per id', () => {
    addNotification({ id: 'a', message: 'Order #1 status changed to Processing', timestamp: '2026-01-01T10:00:00Z' });
    addNotification({ id: 'b', message: 'Order #1 status changed to Shipped', timestamp: '2026-01-02T10:00:00Z' });
    addNotification({ id: 'b', message: 'Order #1 status changed to Shipped', timestamp: '2026-01-02T10:00:00Z' });
    expect(stored()).toEqual([
      expect.objectContaining({ id: 'b', read: false }),
      expect.objectContaining({ id: 'a', read: false }),
    ]);
  });

  it('marks all read, then clears only the read ones', () => {
    addNotification({ id: 'a', message: 'one', timestamp: '2026-01-01T10:00:00Z' });
    markAllNotificationsRead();
    addNotification({ id: 'b', message: 'two', timestamp: '2026-01-01T11:00:00Z' });
    clearReadNotifications();
    expect(readNotifications().map((n) => [n.id, n.read])).toEqual([['b', false]]);
  });

  it('survives damaged storage', () => {
    localStorage.setItem(NOTIFICATIONS_KEY, '{not json');
    expect(readNotifications()).toEqual([]);
    localStorage.setItem(
      NOTIFICATIONS_KEY,
      JSON.stringify([{ id: 1 }, { id: 'x', message: 'm', timestamp: 't', read: true }]),
    );
    expect(readNotifications()).toHaveLength(1);
  });
});

describe('NotificationBell', () => {
  it('says there are no notifications', async () => {
    const { user } = renderBell();
    expect(screen.queryByTestId('notification-badge')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications')).toBeInTheDocument();
  });

  it('counts unread ones; opening marks all read, closing clears them', async () => {
    addNotification({ id: 'a', message: 'Order #3 status changed to Processing', timestamp: '2026-01-01T10:00:00Z' });
    addNotification({
      id: 'b',
      message: 'Order #3 status changed to Shipped',
      timestamp: '2026-01-02T10:00:00Z',
      orderId: 3,
    });
    const { user } = renderBell();
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('2');

    await user.click(screen.getByRole('button', { name: 'Notifications (2 unread)' }));
    expect(await screen.findByText('Order #3 status changed to Processing')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Order #3 status changed to Shipped' })).toHaveAttribute(
      'href',
      '/orders/3',
    );
    expect(screen.queryByTestId('notification-badge')).toBeNull();
    expect(stored().every((n) => n.read)).toBe(true);

    // One arriving while the bell is open stays for next time, unread.
    act(() =>
      addNotification({ id: 'c', message: 'Order #3 status changed to Delivered', timestamp: '2026-01-03T10:00:00Z' }),
    );
    expect(await screen.findByText('Order #3 status changed to Delivered')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(stored()).toEqual([expect.objectContaining({ id: 'c', read: false })]));
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('1');
  });

  it('shows what is in local storage after a reload', async () => {
    localStorage.setItem(
      NOTIFICATIONS_KEY,
      JSON.stringify([
        { id: 'z', message: 'Order #9 status changed to Delivered', timestamp: '2026-01-01T10:00:00Z', read: false },
      ]),
    );
    const first = renderBell();
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('1');
    first.unmount();

    const { user } = renderBell();
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('1');
    await user.click(screen.getByRole('button', { name: 'Notifications (1 unread)' }));
    expect(await screen.findByText('Order #9 status changed to Delivered')).toBeInTheDocument();
  });
});
