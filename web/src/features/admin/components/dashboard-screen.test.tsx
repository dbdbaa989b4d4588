import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '@mtumba/contract/insights';
import { stubFetch, type FetchCall } from '../testing/fake-api';
import { renderScreen, signInAsAdmin } from '../testing/render';
import { DashboardScreen } from './dashboard-screen';

// The canvas chart has its own browser test (e2e/tests/dashboard.spec.ts); jsdom draws no canvas.
vi.mock('./revenue-chart', () => ({
  RevenueChart: ({ days }: { days: unknown[] }) => <div data-testid="revenue-chart">{days.length} days</div>,
}));

beforeEach(() => {
  signInAsAdmin();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The dashboard's own calls (the to-ship count asks separately). */
const dashboardCalls = (calls: FetchCall[]) => calls.filter((c) => c.url.pathname === '/api/admin/dashboard');

const dashboard: Dashboard = {
  range: { from: '2026-01-10', to: '2026-01-12', days: 3, time_zone: 'Africa/Nairobi' },
  totals: { revenue: 7250, refunded: 500, orders: 4, average_order_value: 1812.5, items_sold: 5 },
  by_day: [
    { date: '2026-01-10', revenue: 1500, orders: 1 },
    { date: '2026-01-11', revenue: 2500, orders: 1 },
    { date: '2026-01-12', revenue: 3250, orders: 2 },
  ],
  categories: [
    { id: 2, name: 'Jackets', listed: 3, sold: 2, sell_through: 0.667, median_days_to_sell: 0.7 },
    { id: null, name: 'Uncategorised', listed: 1, sold: 0, sell_through: 0, median_days_to_sell: null },
  ],
  top_categories: [{ id: 2, name: 'Jackets', revenue: 5500, items: 3 }],
  top_brands: [{ brand: "Levi's", revenue: 4500, items: 2 }],
  attention: {
    expiring_unpaid: {
      count: 12,
      orders: [
        {
          id: 41,
          customer: 'Wanjiru Kamau',
          amount: 800,
          at: '2026-01-12T09:10:00.000Z',
          order_status: 'pending',
          payment_status: 'unpaid',
        },
      ],
    },
    refunds_due: { count: 0, orders: [] },
    cancel_requests: { count: 0, orders: [] },
  },
};

describe('dashboard', () => {
  it('shows the figures, the tables and the orders needing attention for the chosen dates', async () => {
    const { calls } = stubFetch({ 'GET /api/admin/dashboard': { body: dashboard } });
    renderScreen(<DashboardScreen />, { route: '/admin?from=2026-01-10&to=2026-01-12', path: '/admin' });
    expect(await screen.findByTestId('figure-revenue')).toHaveTextContent('Ksh 7,250');
    expect(screen.getByText('after Ksh 500 refunded')).toBeInTheDocument();
    expect(screen.getByTestId('figure-orders')).toHaveTextContent('4');
    expect(screen.getByTestId('figure-average-order')).toHaveTextContent('Ksh 1,812.50');
    expect(screen.getByTestId('figure-items-sold')).toHaveTextContent('5');
    expect(dashboardCalls(calls)[0]!.url.searchParams.get('from')).toBe('2026-01-10');
    expect(dashboardCalls(calls)[0]!.url.searchParams.get('to')).toBe('2026-01-12');

    const sell = screen.getByRole('region', { name: 'Sell-through of the items listed in this period' });
    expect(within(sell).getByRole('row', { name: /Jackets 3 2 66.7% 0.7/ })).toBeInTheDocument();
    expect(within(sell).getByRole('row', { name: /Uncategorised 1 0 0% —/ })).toBeInTheDocument();

    const expiring = screen.getByRole('region', { name: 'Unpaid, about to expire' });
    expect(within(expiring).getByRole('link', { name: /Order #41/ })).toHaveAttribute('href', '/admin/orders/41');
    expect(within(expiring).getByText('and 11 more')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Refunds due' })).toHaveTextContent('No refund is due.');
  });

  it('asks for another period with the buttons', async () => {
    const { calls } = stubFetch({ 'GET /api/admin/dashboard': { body: dashboard } });
    renderScreen(<DashboardScreen />, { route: '/admin', path: '/admin' });
    await screen.findByTestId('figure-revenue');
    expect(dashboardCalls(calls)[0]!.url.searchParams.get('range')).toBe('30d');
    await userEvent.click(screen.getByRole('button', { name: '7 days' }));
    await vi.waitFor(() => expect(dashboardCalls(calls).at(-1)!.url.searchParams.get('range')).toBe('7d'));
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says how many orders wait to be shipped, with a link to To ship', async () => {
    stubFetch({
      'GET /api/admin/dashboard': { body: dashboard },
      'GET /api/admin/orders/to-ship': { body: [], headers: { 'X-Total-Count': '3' } },
    });
    renderScreen(<DashboardScreen />, { route: '/admin', path: '/admin' });
    expect(await screen.findByTestId('to-ship-count')).toHaveTextContent('3 orders to ship');
    expect(screen.getByRole('link', { name: 'Open To ship' })).toHaveAttribute('href', '/admin/to-ship');
  });

  it('says so when the figures cannot be loaded', async () => {
    stubFetch({ 'GET /api/admin/dashboard': { status: 500, body: { message: 'Something went wrong' } } });
    renderScreen(<DashboardScreen />, { route: '/admin', path: '/admin' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load data');
  });
});
