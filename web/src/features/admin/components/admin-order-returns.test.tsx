import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderReturnsJson, ReturnJson } from '@mtumba/contract/returns';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminOrderDetail } from '../testing/fixtures';
import { stubFetch } from '../testing/fake-api';
import { renderScreen, signInAsAdmin } from '../testing/render';
import { AdminOrderReturns } from './admin-order-returns';

beforeEach(() => signInAsAdmin());
afterEach(() => vi.unstubAllGlobals());

const approved: ReturnJson = {
  id: 4,
  order_id: 7,
  kind: 'refused',
  status: 'approved',
  reason: null,
  note: 'Buyer refused at the gate',
  shop_note: null,
  refunded: 0,
  refundable: 0,
  items: [
    {
      id: 11,
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

const view = (returns: ReturnJson[]): { body: OrderReturnsJson } => ({
  body: { can_request: false, window_ends_at: null, returnable_items: [], returns },
});

describe('the returns card on the admin order page', () => {
  it('records a refused parcel of a shipped order', async () => {
    const { calls } = stubFetch({
      'GET /api/admin/orders/7/returns': view([]),
      'POST /api/admin/orders/7/delivery-failed': {
        body: { message: 'Delivery recorded as failed; the items are expected back.', return: approved },
      },
    });
    renderScreen(<AdminOrderReturns order={adminOrderDetail({ order_status: 'shipped' })} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/note \(optional\)/), 'Buyer refused at the gate');
    await user.click(screen.getByRole('button', { name: 'Refused at the door' }));
    expect(await screen.findByText('Delivery recorded as failed; the items are expected back.')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent?.body).toEqual({ kind: 'refused', note: 'Buyer refused at the gate' });
  });

  it('writes an item off with the chosen reason', async () => {
    const { calls } = stubFetch({
      'GET /api/admin/orders/7/returns': view([approved]),
      'POST /api/admin/returns/4/receive': { body: { message: 'Items received.', return: approved } },
    });
    renderScreen(<AdminOrderReturns order={adminOrderDetail({ order_status: 'cancelled' })} />);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Receive Denim jacket' });
    await user.selectOptions(within(form).getByLabelText('Outcome'), 'Write off');
    await user.selectOptions(within(form).getByLabelText('Why'), 'Lost on the way back');
    await user.click(within(form).getByRole('button', { name: 'Receive' }));
    expect(await screen.findByText('Items received.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      items: [{ id: 11, outcome: 'write_off', reason: 'lost_in_transit' }],
    });
  });
});
