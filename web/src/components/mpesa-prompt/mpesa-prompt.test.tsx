import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentView } from '@mtumba/contract/mpesa';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/lib/testing';
import { MpesaPrompt } from './mpesa-prompt';

afterEach(() => {
  window.sessionStorage.clear();
});

const view = (over: Partial<PaymentView> = {}): PaymentView => ({
  reference: 'MT-8-ABC',
  order_id: 8,
  kind: 'mpesa_prompt',
  provider: 'sandbox',
  status: 'pending',
  amount: 1350,
  phone: '0712 345 678',
  prompt_expires_at: new Date(Date.now() + 60_000).toISOString(),
  failure: null,
  order_status: 'pending',
  payment_status: 'pending',
  simulator_url: null,
  ...over,
});

function setup(props: Partial<Parameters<typeof MpesaPrompt>[0]> = {}) {
  const initiate = vi.fn(async () => view());
  const loadStatus = vi.fn(async () => view());
  const onPayAnotherWay = vi.fn();
  const onPaid = vi.fn();
  renderWithProviders(
    <MpesaPrompt
      orderId={8}
      amount={1350.45}
      defaultPhone="+254712345678"
      initiate={initiate}
      loadStatus={loadStatus}
      onPayAnotherWay={onPayAnotherWay}
      onPaid={onPaid}
      {...props}
    />,
  );
  return { initiate, loadStatus, onPayAnotherWay, onPaid, user: userEvent.setup() };
}

describe('MpesaPrompt', () => {
  it('offers the prompt for the whole-shilling amount to the order’s phone, then waits with a countdown', async () => {
    const { initiate, user } = setup();
    expect(screen.getByLabelText('M-Pesa phone number')).toHaveValue('0712 345 678');
    await user.click(screen.getByRole('button', { name: 'Pay Ksh 1,350 with M-Pesa' }));
    expect(initiate).toHaveBeenCalledWith('0712 345 678');
    expect(await screen.findByText('Check your phone and enter your M-Pesa PIN')).toBeInTheDocument();
    expect(screen.getByTestId('mpesa-countdown')).toHaveTextContent(/^[01]:\d\d$/);
    expect(screen.getByRole('button', { name: 'Resend prompt' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Pay another way' })).toBeEnabled();
    // outside the sandbox there is no simulated phone
    expect(screen.queryByRole('link', { name: 'Open the simulated phone' })).toBeNull();
  });

  it('shows the simulated phone in test mode, plainly labelled', async () => {
    const simulated = view({ simulator_url: 'http://localhost/pay/sandbox/phone/MT-8-ABC' });
    const { user } = setup({ initiate: vi.fn(async () => simulated), loadStatus: vi.fn(async () => simulated) });
    await user.click(screen.getByRole('button', { name: 'Pay Ksh 1,350 with M-Pesa' }));
    const link = await screen.findByRole('link', { name: 'Open the simulated phone' });
    expect(link).toHaveAttribute('href', 'http://localhost/pay/sandbox/phone/MT-8-ABC');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByText(/Test mode:/)).toBeInTheDocument();
  });

  it('shows the server’s message under the phone field when the number is refused', async () => {
    const message = 'Enter a Kenyan M-Pesa number, such as 0712 345 678 or +254 712 345 678.';
    const initiate = vi.fn(async () => {
      throw new ApiError(422, { message, errors: { phone: [message] } });
    });
    const { user } = setup({ initiate });
    const field = screen.getByLabelText('M-Pesa phone number');
    await user.clear(field);
    await user.type(field, '020 123 4567');
    await user.click(screen.getByRole('button', { name: 'Pay Ksh 1,350 with M-Pesa' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('gives a failed prompt its own message and resends it', async () => {
    const failed = view({
      status: 'failed',
      failure: { reason: 'timeout', message: 'The phone did not answer the M-Pesa prompt in time.' },
    });
    const loadStatus = vi.fn(async () => failed);
    const initiate = vi.fn(async () => view());
    const { user, onPayAnotherWay } = setup({ initiate, loadStatus });
    await user.click(screen.getByRole('button', { name: 'Pay Ksh 1,350 with M-Pesa' }));
    expect(await screen.findByText('The phone did not answer the M-Pesa prompt in time.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pay another way' }));
    expect(onPayAnotherWay).toHaveBeenCalled();

    loadStatus.mockResolvedValue(view({ reference: 'MT-8-DEF' }));
    initiate.mockResolvedValue(view({ reference: 'MT-8-DEF' }));
    await user.click(screen.getByRole('button', { name: 'Resend prompt' }));
    expect(initiate).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('Check your phone and enter your M-Pesa PIN')).toBeInTheDocument();
  });

  it('says the payment was received and tells the page once it is paid', async () => {
    const paid = view({ status: 'paid', payment_status: 'paid', order_status: 'processing' });
    const { user, onPaid } = setup({ loadStatus: vi.fn(async () => paid) });
    await user.click(screen.getByRole('button', { name: 'Pay Ksh 1,350 with M-Pesa' }));
    expect(await screen.findByText('Payment received.')).toBeInTheDocument();
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
  });
});
