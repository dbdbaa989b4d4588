import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signInAs } from '@/lib/testing';
import { orderFixture } from '../test-fixtures';
import { OrderDetail } from './order-detail';

afterEach(() => vi.unstubAllGlobals());

function setup(
  api: Parameters<typeof mockApi>[0],
  renderItemExtra?: Parameters<typeof OrderDetail>[0]['renderItemExtra'],
) {
  signInAs();
  const server = mockApi(api);
  renderWithProviders(<OrderDetail orderId={8} renderItemExtra={renderItemExtra} />);
  return { server, user: userEvent.setup() };
}

describe('OrderDetail', () => {
  it('shows progress, shipping details, items with thumbnails, amounts and history', async () => {
    setup({
      'GET /api/orders/8': orderFixture({
        order_status: 'shipped',
        payment_status: 'paid',
        history: [
          {
            from_status: null,
            to_status: 'pending',
            actor: 'customer',
            note: null,
            move: null,
            created_at: '2026-03-01T09:00:00.000Z',
          },
          {
            from_status: 'pending',
            to_status: 'pending',
            actor: 'customer',
            note: 'Pay on delivery chosen.',
            move: null,
            created_at: '2026-03-01T09:01:00.000Z',
          },
          {
            from_status: 'pending',
            to_status: 'processing',
            actor: 'payment',
            note: null,
            move: null,
            created_at: '2026-03-01T09:05:00.000Z',
          },
          {
            from_status: 'processing',
            to_status: 'shipped',
            actor: 'admin',
            note: null,
            move: null,
            created_at: '2026-03-02T09:00:00.000Z',
          },
        ],
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Order #8' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');
    expect(screen.getByText('CBD Delivery')).toBeInTheDocument();
    expect(screen.getByText('+254712345678')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Denim jacket' })).toHaveAttribute('src', '/uploads/a-640.webp');
    expect(screen.getByTestId('order-total')).toHaveTextContent('Ksh 1,840');
    expect(screen.getByText('Processing → Shipped')).toBeInTheDocument();
    // A change that kept the status reads as the status, never "Pending → Pending".
    expect(screen.queryByText('Pending → Pending')).toBeNull();
    expect(screen.getByText('Pay on delivery chosen.').closest('li')).toHaveTextContent(/^Pending by you/);
    // Shipped orders can no longer be cancelled.
    expect(screen.queryByRole('button', { name: 'Request Cancel' })).toBeNull();
  });

  it('asks for confirmation, then sends the cancellation request', async () => {
    let requested: string | null = null;
    const { server, user } = setup({
      'GET /api/orders/8': () =>
        orderFixture({
          order_status: 'processing',
          payment_status: 'paid',
          cancel_requested_at: requested,
          cancel_request_open: requested !== null,
        }),
      'POST /api/orders/8/request-cancel': () => {
        requested = '2026-03-02T10:00:00.000Z';
        return { message: "Your cancellation request was sent. We'll update you shortly." };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Request Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request cancellation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep Order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('POST /api/orders/8/request-cancel')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Request Cancel' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Request Cancel' }));
    expect(
      await screen.findByText("Your cancellation request was sent. We'll update you shortly."),
    ).toBeInTheDocument();
    expect(await screen.findByText(/Cancellation requested/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request Cancel' })).toBeNull();
  });

  it('closes the confirmation with Escape', async () => {
    const { user } = setup({
      'GET /api/orders/8': orderFixture({ order_status: 'processing', payment_status: 'paid' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Request Cancel' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a refused cancellation', async () => {
    const { user } = setup({
      'GET /api/orders/8': orderFixture({ order_status: 'processing', payment_status: 'paid' }),
      'POST /api/orders/8/request-cancel': {
        status: 422,
        body: { message: 'Only pending or processing orders can be cancelled.' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Request Cancel' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Request Cancel' }));
    expect(await screen.findByText('Only pending or processing orders can be cancelled.')).toBeInTheDocument();
  });

  it('renders the extra content per item (the review form of a delivered order)', async () => {
    setup({ 'GET /api/orders/8': orderFixture({ order_status: 'delivered' }) }, (item, order) =>
      order.order_status === 'delivered' ? <p>Review {item.product.name}</p> : null,
    );
    expect(await screen.findByText('Review Denim jacket')).toBeInTheDocument();
    expect(screen.getByText('Review Wool scarf')).toBeInTheDocument();
  });

  it('says when the order does not exist or cannot be loaded', async () => {
    setup({ 'GET /api/orders/8': { status: 404, body: { message: 'Order not found.' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Order not found.');
  });

  it('says when loading fails', async () => {
    setup({ 'GET /api/orders/8': { status: 500, body: {} } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load order details');
  });
});
