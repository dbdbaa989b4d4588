import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DiscountCodeJson } from '@mtumba/contract/discount-codes';
import { stubFetch } from '../testing/fake-api';
import { renderScreen, signInAsAdmin } from '../testing/render';
import { AdminDiscountCodesScreen } from './admin-discount-codes-screen';

beforeEach(() => {
  signInAsAdmin();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const karibu: DiscountCodeJson = {
  id: 4,
  code: 'KARIBU',
  kind: 'fixed',
  amount: 200,
  min_spend: 1500,
  first_order_only: false,
  starts_at: '2026-11-30T21:00:00.000Z',
  ends_at: '2026-12-31T20:59:59.000Z',
  max_uses: 50,
  max_uses_per_customer: 1,
  category_ids: [],
  is_active: true,
  uses: 12,
  label: 'KARIBU - Ksh 200 off',
};

describe('discount codes screen', () => {
  it('lists each code with its terms, dates and uses, and switches one off', async () => {
    const { calls } = stubFetch({
      'GET /api/admin/discount-codes': { body: [karibu] },
      'PUT /api/admin/discount-codes/4': ({ body }) => ({ body: { ...karibu, ...(body as object) } }),
    });
    renderScreen(<AdminDiscountCodesScreen />);
    const table = await screen.findByRole('table', { name: 'Discount codes' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('KARIBU');
    expect(row).toHaveTextContent('off, from');
    expect(row).toHaveTextContent('1 Dec – 31 Dec');
    expect(row).toHaveTextContent('12 of 50');
    expect(row).toHaveTextContent('1 per customer');
    expect(row).toHaveTextContent('Active');

    await userEvent.click(screen.getByRole('button', { name: 'Switch KARIBU off' }));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({
      code: 'KARIBU',
      kind: 'fixed',
      amount: 200,
      min_spend: 1500,
      max_uses: 50,
      max_uses_per_customer: 1,
      starts_at: karibu.starts_at,
      ends_at: karibu.ends_at,
      is_active: false,
    });
  });

  it("creates a code and shows the server's refusal next to its field", async () => {
    const { calls } = stubFetch({
      'GET /api/admin/discount-codes': { body: [] },
      'POST /api/admin/discount-codes': {
        status: 422,
        body: {
          message: 'A percentage must be a whole number from 1 to 100.',
          errors: { amount: ['A percentage must be a whole number from 1 to 100.'] },
        },
      },
    });
    renderScreen(<AdminDiscountCodesScreen />);
    expect(await screen.findByText('No discount codes yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New discount code' }));
    const form = screen.getByRole('form', { name: 'New discount code' });
    await userEvent.type(within(form).getByLabelText('Code'), 'save20');
    await userEvent.type(within(form).getByLabelText('Percentage (1 to 100)'), '120');
    await userEvent.type(within(form).getByLabelText('Ends after (empty: never)'), '2026-12-31');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('A percentage must be a whole number from 1 to 100.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      code: 'save20',
      kind: 'percent',
      amount: 120,
      max_uses_per_customer: 1,
      ends_at: '2026-12-31T23:59:59+03:00',
      is_active: true,
    });
  });
});
