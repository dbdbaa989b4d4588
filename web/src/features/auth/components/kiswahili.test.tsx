import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LanguageProvider, loadLanguage } from '@/i18n';
import { signOut } from '@/lib/auth-storage';
import { mockApi, renderWithProviders, signInAs } from '@/lib/testing';
import AccountAlertsRoute from '@/app/routes/account-alerts';
import UserMenu from '@/app/user-menu';
import { LoginForm } from './login-form';
import MyAccountModal from './my-account-modal';

// The account's screens as a shopper reading Kiswahili sees them.
const inSwahili = (ui: ReactElement) => renderWithProviders(<LanguageProvider language="sw">{ui}</LanguageProvider>);

beforeAll(() => loadLanguage('sw'));
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

describe('account screens in Kiswahili', () => {
  it('the login form: its labels, buttons and link, and what it says when the sign-in fails', async () => {
    mockApi({ 'POST /api/login': { status: 500, body: {} } });
    inSwahili(<LoginForm onSignedIn={() => {}} />);
    const form = screen.getByRole('form', { name: 'Ingia' });
    expect(within(form).getByLabelText('Barua pepe')).toHaveAttribute('type', 'email');
    expect(within(form).getByLabelText('Nenosiri')).toHaveAttribute('type', 'password');
    expect(within(form).getByRole('button', { name: 'Onyesha nenosiri' })).toHaveTextContent('Onyesha');
    expect(within(form).getByRole('link', { name: 'Umesahau nenosiri lako?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Barua pepe'), 'amina@example.com');
    await user.type(screen.getByLabelText('Nenosiri'), 'a long enough pass');
    await user.click(within(form).getByRole('button', { name: 'Ingia' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Imeshindikana kuingia');
  });

  it('My Account: the details, the signed-in browsers and the buttons', async () => {
    signInAs({ name: 'Achieng', email: 'achieng@example.com' });
    mockApi({
      'GET /api/user/sessions': {
        sessions: [
          {
            id: 1,
            browser: 'Chrome on Android',
            signed_in_with: 'password',
            created_at: '2026-11-01T10:00:00.000Z',
            last_used_at: '2026-11-22T10:00:00.000Z',
            current: true,
          },
        ],
      },
    });
    inSwahili(<MyAccountModal show onHide={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Akaunti yangu' })).toBeInTheDocument();
    expect(screen.getByText('Jina')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Vifaa ulivyoingia' });
    expect(within(list).getByText('Kivinjari hiki')).toBeInTheDocument();
    expect(within(list).getByText(/^Ilitumika mwisho /)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Toka kwingine kote' })).toBeDisabled();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Futa akaunti' }));
    expect(screen.getByText('Ufute akaunti yako?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ndiyo, futa akaunti yangu' })).toBeInTheDocument();
  });

  it('the account menu', async () => {
    signInAs({ name: 'Baraka' });
    inSwahili(<UserMenu name="Baraka" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Menyu ya akaunti ya Baraka' }));
    expect(screen.getByRole('button', { name: 'Akaunti yangu' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Arifa na utafutaji uliohifadhiwa' })).toHaveAttribute(
      'href',
      '/account/alerts',
    );
    expect(screen.getByRole('button', { name: 'Toka' })).toBeInTheDocument();
  });

  it('the alerts page asks a signed-out visitor to sign in, in Kiswahili', () => {
    inSwahili(<AccountAlertsRoute />);
    expect(screen.getByRole('heading', { name: 'Arifa' })).toBeInTheDocument();
    expect(screen.getByText('Tafadhali ingia ili uone arifa zako.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ingia' })).toBeInTheDocument();
  });
});
