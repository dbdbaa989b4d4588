import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LanguageProvider, loadLanguage } from '@/i18n';
import { signOut } from '@/lib/auth-storage';
import { mockApi, renderWithProviders, signInAs } from '@/lib/testing';
import { ShopperAlertToggles } from './shopper-alert-toggles';

beforeAll(() => loadLanguage('sw'));
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

describe('alert switches in Kiswahili', () => {
  it('the alert switches and what they say once a choice is saved', async () => {
    signInAs();
    mockApi({
      'GET /api/user/alert-preferences': { wishlist_alerts: false, cart_reminders: false },
      'PUT /api/user/alert-preferences': { wishlist_alerts: false, cart_reminders: true },
    });
    renderWithProviders(
      <LanguageProvider language="sw">
        <ShopperAlertToggles />
      </LanguageProvider>,
    );
    const cart = await screen.findByLabelText('Nikumbushe mara moja kuhusu kikapu nikikiacha kwa siku moja');
    await vi.waitFor(() => expect(cart).toBeEnabled());
    await userEvent.setup().click(cart);
    expect(await screen.findByText('Utapokea ukumbusho kuhusu kikapu ukikiacha.')).toBeInTheDocument();
  });
});
