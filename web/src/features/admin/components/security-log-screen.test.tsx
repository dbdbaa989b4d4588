import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../testing/fake-api';
import { renderScreen, signInAsAdmin } from '../testing/render';
import { SecurityLogScreen } from './security-log-screen';

beforeEach(() => {
  signInAsAdmin();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const log = {
  user: { id: 3, name: 'Achieng Otieno', email: 'achieng@example.test', is_admin: false },
  events: [
    {
      id: 12,
      kind: 'email_change_requested',
      actor_id: null,
      detail: { from: 'achieng@example.test', to: 'new@example.test' },
      ip: '203.0.113.9',
      created_at: '2026-11-22T10:00:00.000Z',
    },
    {
      id: 11,
      kind: 'sign_in_failed',
      actor_id: null,
      detail: {},
      ip: '203.0.113.9',
      created_at: '2026-11-22T09:00:00.000Z',
    },
    {
      id: 10,
      kind: 'admin_order_changed',
      actor_id: 1,
      detail: { order_id: 7 },
      ip: null,
      created_at: '2026-11-21T09:00:00.000Z',
    },
  ],
  total: 120,
  page: 2,
  per_page: 50,
};

describe('security log', () => {
  it("shows a customer's events in words, who did them, and pages through them", async () => {
    const { calls } = stubFetch({ 'GET /api/admin/users/3/security-events': { body: log } });
    renderScreen(<SecurityLogScreen userId="3" />, {
      route: '/admin/users/3/security?page=2',
      path: '/admin/users/:id/security',
    });
    const table = await screen.findByRole('table', { name: 'Security events' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('E-mail change asked for');
    expect(rows[1]).toHaveTextContent('to: new@example.test');
    expect(rows[2]).toHaveTextContent('Failed sign-in (wrong password)');
    expect(rows[2]).toHaveTextContent('203.0.113.9');
    expect(rows[3]).toHaveTextContent('Order changed by an admin (by admin #1)');
    expect(screen.getByText(/Achieng Otieno \(achieng@example.test\)/)).toBeInTheDocument();
    expect(calls[0]!.url.searchParams.get('page')).toBe('2');
    expect(screen.getByRole('navigation', { name: 'Security log pages' })).toBeInTheDocument();
  });

  it('says when the account does not exist', async () => {
    stubFetch({ 'GET /api/admin/users/9/security-events': { status: 404, body: { message: 'User not found.' } } });
    renderScreen(<SecurityLogScreen userId="9" />, {
      route: '/admin/users/9/security',
      path: '/admin/users/:id/security',
    });
    expect(await screen.findByText(/User not found\./)).toBeInTheDocument();
  });
});
