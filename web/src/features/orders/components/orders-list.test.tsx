import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signInAs } from '@/lib/testing';
import { orderFixture } from '../test-fixtures';
import { OrderProgress } from './order-progress';
import { OrdersList } from './orders-list';

afterEach(() => vi.unstubAllGlobals());

const orders = [
  orderFixture({ id: 1, order_status: 'delivered', total_amount: 500, created_at: '2026-01-05T10:00:00.000Z' }),
  orderFixture({ id: 2, order_status: 'shipped', total_amount: 3000, created_at: '2026-02-05T10:00:00.000Z' }),
  orderFixture({ id: 3, order_status: 'processing', total_amount: 1200, created_at: '2026-03-05T10:00:00.000Z' }),
];

function setup(reply: unknown = orders, path = '/orders') {
  signInAs();
  mockApi({ 'GET /api/orders': reply });
  const view = renderWithProviders(<OrdersList />, { path, route: '/orders' });
  return { ...view, user: userEvent.setup() };
}

const cardTitles = () => screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

describe('OrderProgress', () => {
  it.each([
    ['pending', 25],
    ['processing', 50],
    ['shipped', 75],
    ['delivered', 100],
    ['cancelled', 25],
  ])('%s is %i%%', (status, percent) => {
    render(<OrderProgress orderId={4} status={status} />);
    const bar = screen.getByRole('progressbar', { name: 'Order #4 progress' });
    expect(bar).toHaveAttribute('aria-valuenow', String(percent));
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
  });

  it('names the steps Placed, Paid, Shipped, Delivered and marks those reached', () => {
    const { unmount } = render(<OrderProgress orderId={4} status="pending" paymentStatus="paid" />);
    const done = () =>
      Array.from(document.querySelectorAll('.steps__step.is-done .steps__name')).map((el) => el.textContent);
    expect(screen.getByText('Placed')).toBeInTheDocument();
    expect(done()).toEqual(['Placed', 'Paid']);
    unmount();
    render(<OrderProgress orderId={5} status="shipped" />);
    expect(done()).toEqual(['Placed', 'Paid', 'Shipped']);
  });

  it('shows a cancelled order as Cancelled, without steps', () => {
    render(<OrderProgress orderId={6} status="cancelled" />);
    expect(screen.getByText('✕ Cancelled')).toBeInTheDocument();
    expect(screen.queryByText('Delivered')).toBeNull();
  });
});

describe('OrdersList', () => {
  it('shows cards newest first with progress, items, total and View Details', async () => {
    setup();
    expect(await screen.findByText('Order #3')).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Order #3', 'Order #2', 'Order #1']);
    const card = screen.getByRole('article', { name: 'Order #2' });
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');
    expect(within(card).getByText('Denim jacket')).toBeInTheDocument();
    expect(within(card).getByText('2 × Ksh 300')).toBeInTheDocument();
    expect(within(card).getByText('Ksh 3,000')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/orders/2');
  });

  it('filters by status and says when none match', async () => {
    const { user } = setup();
    await screen.findByText('Order #3');
    await user.click(screen.getByRole('button', { name: 'Shipped' }));
    expect(cardTitles()).toEqual(['Order #2']);
    expect(screen.getByRole('button', { name: 'Shipped' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Cancelled' }));
    expect(screen.getByText('No orders with status cancelled.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(cardTitles()).toHaveLength(3);
  });

  it('sorts by date or total', async () => {
    const { user } = setup();
    await screen.findByText('Order #3');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Oldest first');
    expect(cardTitles()).toEqual(['Order #1', 'Order #2', 'Order #3']);
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Total: High to Low');
    expect(cardTitles()).toEqual(['Order #2', 'Order #3', 'Order #1']);
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Total: Low to High');
    expect(cardTitles()).toEqual(['Order #1', 'Order #3', 'Order #2']);
  });

  it('reads the filter from the address', async () => {
    setup(orders, '/orders?status=delivered');
    expect(await screen.findByText('Order #1')).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Order #1']);
  });

  it('says when there are no orders at all', async () => {
    setup([]);
    expect(await screen.findByText('No orders found.')).toBeInTheDocument();
  });

  it('says when the orders cannot be loaded', async () => {
    setup({ status: 500, body: { message: 'Server Error' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load orders');
  });
});
