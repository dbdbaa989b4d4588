import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../testing/fake-api';
import { renderScreen, signInAsAdmin } from '../testing/render';
import { AdminOffersBadge } from './admin-offers-badge';

const socketHandlers = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
vi.mock('@/lib/socket', () => ({
  useSocketEvent: (name: string, handler: (payload: unknown) => void) => socketHandlers.set(name, handler),
  useSocketReconnect: () => {},
}));

afterEach(() => {
  vi.unstubAllGlobals();
  socketHandlers.clear();
});

describe('the waiting-offers badge in the admin bar', () => {
  it('goes down as offers are answered elsewhere, and disappears at none', async () => {
    signInAsAdmin();
    let waiting = 2;
    const { calls } = stubFetch({
      'GET /api/admin/offers': () => ({ body: { data: [], waiting, total: 0, page: 1, per_page: 20 } }),
    });
    renderScreen(<AdminOffersBadge />);
    expect(await screen.findByTestId('offers-badge')).toHaveTextContent('2');
    expect(screen.getByText('(2 waiting for an answer)')).toBeInTheDocument();
    expect(calls[0]!.url.searchParams.get('status')).toBe('waiting');

    waiting = 1;
    socketHandlers.get('offer.changed')?.({ id: 4, status: 'accepted' });
    await waitFor(() => expect(screen.getByTestId('offers-badge')).toHaveTextContent('1'));

    waiting = 0;
    socketHandlers.get('offer.changed')?.({ id: 5, status: 'declined' });
    await waitFor(() => expect(screen.queryByTestId('offers-badge')).not.toBeInTheDocument());
    expect(screen.queryByText(/waiting for an answer/)).not.toBeInTheDocument();
  });
});
