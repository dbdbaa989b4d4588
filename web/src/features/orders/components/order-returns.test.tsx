import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderReturnsJson, ReturnJson } from '@mtumba/contract/returns';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signInAs } from '@/lib/testing';
import OrderReturns from './order-returns';

afterEach(() => vi.unstubAllGlobals());

const requested: ReturnJson = {
  id: 3,
  order_id: 8,
  kind: 'customer_return',
  status: 'requested',
  reason: 'not_as_described',
  note: null,
  shop_note: null,
  refunded: 0,
  refundable: 0,
  items: [
    {
      id: 5,
      order_item_id: 1,
      product_id: 10,
      product_name: 'Denim jacket',
      quantity: 1,
      amount: 1500,
      outcome: null,
      write_off_reason: null,
      received_at: null,
    },
  ],
  photos: [],
  created_at: '2026-03-05T09:00:00.000Z',
  updated_at: '2026-03-05T09:00:00.000Z',
};

function view(over: Partial<OrderReturnsJson>): OrderReturnsJson {
  return {
    can_request: true,
    window_ends_at: '2026-03-12T09:00:00.000Z',
    returnable_items: [
      { id: 1, product_name: 'Denim jacket', quantity: 1 },
      { id: 2, product_name: 'Wool scarf', quantity: 2 },
    ],
    returns: [],
    ...over,
  };
}

describe('OrderReturns', () => {
  it('asks for a return of the chosen items with a reason, then shows it as requested', async () => {
    signInAs();
    let sent: unknown;
    const server = mockApi({
      'GET /api/orders/8/returns': () =>
        sent
          ? view({ returns: [requested], returnable_items: [{ id: 2, product_name: 'Wool scarf', quantity: 2 }] })
          : view({}),
      'POST /api/orders/8/returns': ({ body }: { body: unknown }) => {
        sent = body;
        return {
          status: 201,
          body: { message: 'Return requested. The shop will answer by e-mail.', return: requested },
        };
      },
    });
    renderWithProviders(<OrderReturns orderId={8} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Return an item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return an item' });
    await user.click(screen.getByRole('button', { name: 'Send return request' }));
    expect(await screen.findByText('Choose at least one item to return.')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Denim jacket × 1'));
    await user.selectOptions(screen.getByLabelText('Reason'), 'Not as described');
    await user.type(screen.getByLabelText('Note (optional)'), 'Torn collar');
    await user.click(screen.getByRole('button', { name: 'Send return request' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(server.callsTo('POST /api/orders/8/returns')[0]!.body).toEqual({
      items: [1],
      reason: 'not_as_described',
      note: 'Torn collar',
    });
    expect(await screen.findByText(/Requested: the shop will answer by e-mail/)).toBeInTheDocument();
  });

  it('offers no return outside the window and shows nothing when there is no return', async () => {
    signInAs();
    const server = mockApi({ 'GET /api/orders/8/returns': view({ can_request: false }) });
    renderWithProviders(<OrderReturns orderId={8} />);
    await waitFor(() => expect(server.callsTo('GET /api/orders/8/returns')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Return an item' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Returns' })).not.toBeInTheDocument();
  });
});
