import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signInAs } from '@/lib/testing';
import { PhoneVerification } from './phone-verification';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PhoneVerification', () => {
  it('shows nothing when the shop sends no text messages', async () => {
    signInAs();
    const api = mockApi({ 'GET /api/user/phone': { sms_enabled: false, phone: null, phone_verified: false } });
    renderWithProviders(<PhoneVerification enabled />);
    await vi.waitFor(() => expect(api.callsTo('GET /api/user/phone')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Verify phone' })).toBeNull();
  });

  it('sends a code by SMS and verifies the phone with it, showing the server’s messages', async () => {
    signInAs();
    const api = mockApi({
      'GET /api/user/phone': { sms_enabled: true, phone: null, phone_verified: false },
      'POST /api/user/phone/code': { message: 'We sent a code to your phone. Enter it to verify the number.' },
      'POST /api/user/phone/verify': ({ body }: { body: unknown }) =>
        (body as { code: string }).code === '123456'
          ? {
              message: 'Your phone number is verified.',
              sms_enabled: true,
              phone: '0712 345 678',
              phone_verified: true,
            }
          : {
              status: 422,
              body: { message: 'That code is not right.', errors: { code: ['That code is not right.'] } },
            },
    });
    renderWithProviders(<PhoneVerification enabled />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Verify phone' }));
    await user.type(screen.getByLabelText('Mobile number'), '0712 345 678');
    await user.click(screen.getByRole('button', { name: 'Send code by SMS' }));
    expect(api.callsTo('POST /api/user/phone/code')[0].body).toEqual({ phone: '0712 345 678' });
    expect(await screen.findByText('We sent a code to your phone. Enter it to verify the number.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Code from the text message'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right.');

    await user.clear(screen.getByLabelText('Code from the text message'));
    await user.type(screen.getByLabelText('Code from the text message'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(screen.getByText(/0712 345 678/)).toBeInTheDocument();
  });
});
