import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signInAs } from '@/lib/testing';
import { PaymentConfirmation } from './payment-confirmation';

afterEach(() => vi.unstubAllGlobals());

const state = (payment_status: string, order_status = 'pending') => ({
  order_id: 31,
  order_status,
  payment_status,
  payment: { reference: 'ref-1', provider: 'sandbox', status: payment_status === 'paid' ? 'paid' : 'pending' },
});

describe('PaymentConfirmation', () => {
  it('polls while the payment is being confirmed, then shows it paid and refreshes the cart without clearing it', async () => {
    signInAs();
    const cartUpdated = vi.fn();
    window.addEventListener('cartUpdated', cartUpdated);
    const replies = [state('unpaid'), state('unpaid'), state('paid', 'processing')];
    const server = mockApi({
      'POST /api/payments/confirm': () => replies.shift() ?? state('paid', 'processing'),
      'GET /api/orders/31': { id: 31, total_amount: 1450, order_status: 'processing', payment_status: 'paid' },
      'DELETE /api/cart/clear': { message: 'Cart cleared' },
    });
    const { queryClient } = renderWithProviders(
      <PaymentConfirmation orderId={31} trackingId="INV-9" pollMs={20} maxWaitMs={10_000} />,
    );
    // a line the shopper added after placing the order: the order took only its own items
    queryClient.setQueryData(['cart', 7], { cart_items: [{ id: 5, quantity: 1 }] });

    expect(await screen.findByText('Confirming your payment…')).toBeInTheDocument();
    expect(server.callsTo('DELETE /api/cart/clear')).toHaveLength(0);

    expect(await screen.findByText('Payment successful')).toBeInTheDocument();
    expect(server.callsTo('POST /api/payments/confirm')).toHaveLength(3);
    expect(server.callsTo('POST /api/payments/confirm')[0].body).toEqual({ order_id: 31, tracking_id: 'INV-9' });
    expect(await screen.findByText('Ksh 1,450')).toBeInTheDocument();
    await waitFor(() => expect(cartUpdated).toHaveBeenCalled());
    expect(queryClient.getQueryState(['cart', 7])?.isInvalidated).toBe(true);
    expect(screen.getByRole('link', { name: 'View My Orders' })).toHaveAttribute('href', '/orders');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/products');

    // Polling stopped, the cart refreshed once and never cleared.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.callsTo('POST /api/payments/confirm')).toHaveLength(3);
    expect(cartUpdated).toHaveBeenCalledTimes(1);
    expect(server.callsTo('DELETE /api/cart/clear')).toHaveLength(0);
    window.removeEventListener('cartUpdated', cartUpdated);
  });

  it('stops waiting after a while and lets the shopper check again', async () => {
    signInAs();
    let paid = false;
    const server = mockApi({
      'POST /api/payments/confirm': () => (paid ? state('paid', 'processing') : state('unpaid')),
      'GET /api/orders/31': { id: 31, total_amount: 900 },
      'DELETE /api/cart/clear': {},
    });
    renderWithProviders(<PaymentConfirmation orderId={31} pollMs={20} maxWaitMs={120} />);

    expect(await screen.findByText('Still waiting for your payment')).toBeInTheDocument();
    expect(server.callsTo('DELETE /api/cart/clear')).toHaveLength(0);

    paid = true;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('Payment successful')).toBeInTheDocument();
  });

  it('offers another try when the payment failed, without clearing the cart', async () => {
    signInAs();
    const server = mockApi({ 'POST /api/payments/confirm': state('failed'), 'DELETE /api/cart/clear': {} });
    renderWithProviders(<PaymentConfirmation orderId={31} pollMs={20} />);
    expect(await screen.findByText('Your payment did not go through. You can try again.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/checkout/31?payment=failed');
    expect(server.callsTo('DELETE /api/cart/clear')).toHaveLength(0);
  });

  it('stops at a cancelled order', async () => {
    signInAs();
    const server = mockApi({
      'POST /api/payments/confirm': state('unpaid', 'cancelled'),
      'DELETE /api/cart/clear': {},
    });
    renderWithProviders(<PaymentConfirmation orderId={31} pollMs={20} />);
    expect(await screen.findByText('Order cancelled')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.callsTo('POST /api/payments/confirm')).toHaveLength(1);
    expect(server.callsTo('DELETE /api/cart/clear')).toHaveLength(0);
  });

  it('says when the order is not the shopper’s', async () => {
    signInAs();
    mockApi({ 'POST /api/payments/confirm': { status: 404, body: { message: 'Order not found.' } } });
    renderWithProviders(<PaymentConfirmation orderId={99} />);
    expect(await screen.findByText('Order not found.')).toBeInTheDocument();
  });
});
