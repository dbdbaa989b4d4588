import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signInAs } from '@/lib/testing';
import { ReviewForm } from './review-form';

afterEach(() => vi.unstubAllGlobals());

const review = {
  id: 4,
  product_id: 10,
  rating: 3,
  review_text: 'Nice',
  created_at: '2026-03-01T00:00:00Z',
  user: { name: 'W' },
};

function setup(api: Parameters<typeof mockApi>[0]) {
  signInAs();
  const server = mockApi(api);
  renderWithProviders(<ReviewForm productId={10} productName="Denim jacket" />);
  return { server, user: userEvent.setup() };
}

describe('ReviewForm', () => {
  it('writes a new review with rating 5 by default', async () => {
    let mine: (typeof review)[] = [];
    const { server, user } = setup({
      'GET /api/reviews': () => mine,
      'POST /api/reviews': () => {
        mine = [{ ...review, rating: 5, review_text: 'Fits well' }];
        return { status: 201, body: mine[0] };
      },
    });
    const stars = await screen.findByRole('group', { name: 'Rating' });
    expect(within(stars).getAllByRole('radio')).toHaveLength(5);
    expect(within(stars).getByRole('radio', { name: '5 stars: Excellent' })).toBeChecked();
    await user.type(screen.getByLabelText('Your review'), 'Fits well');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText('Review saved!')).toBeInTheDocument();
    expect(server.callsTo('POST /api/reviews')[0].body).toEqual({
      product_id: 10,
      rating: 5,
      review_text: 'Fits well',
    });
    expect(server.callsTo('GET /api/reviews')[0].url.searchParams.get('product_id')).toBe('10');
    expect(await screen.findByRole('button', { name: 'Update Review' })).toBeInTheDocument();
    expect(screen.getByText('Review saved!')).toBeInTheDocument();
  });

  it('updates and deletes one’s own review', async () => {
    let mine = [review];
    const { server, user } = setup({
      'GET /api/reviews': () => mine,
      'PUT /api/reviews/4': () => {
        mine = [{ ...review, rating: 4 }];
        return mine[0];
      },
      'DELETE /api/reviews/4': () => {
        mine = [];
        return { message: 'Review deleted' };
      },
    });
    expect(await screen.findByLabelText('Your review')).toHaveValue('Nice');
    expect(screen.getByRole('radio', { name: '3 stars: Good' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: '4 stars: Very good' }));
    expect(screen.getByRole('radio', { name: '4 stars: Very good' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Update Review' }));
    expect(await screen.findByText('Review saved!')).toBeInTheDocument();
    expect(server.callsTo('PUT /api/reviews/4')[0].body).toEqual({ product_id: 10, rating: 4, review_text: 'Nice' });

    await user.click(screen.getByRole('button', { name: 'Delete Review' }));
    expect(await screen.findByText('Review deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Your review')).toHaveValue(''));
  });

  it('says when a delete fails', async () => {
    const { user } = setup({ 'GET /api/reviews': [review], 'DELETE /api/reviews/4': { status: 500, body: {} } });
    await user.click(await screen.findByRole('button', { name: 'Delete Review' }));
    expect(await screen.findByText('Delete failed')).toBeInTheDocument();
  });

  it('limits the text to 1000 characters', async () => {
    setup({ 'GET /api/reviews': [] });
    expect(await screen.findByLabelText('Your review')).toHaveAttribute('maxlength', '1000');
  });
});
