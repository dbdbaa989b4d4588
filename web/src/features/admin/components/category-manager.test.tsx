import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { categories } from '../testing/fixtures';
import { stubFetch } from '../testing/fake-api';
import { renderScreen, signInAsAdmin } from '../testing/render';
import { CategoryManager } from './category-manager';

beforeEach(() => signInAsAdmin());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('category manager', () => {
  it('lists the categories, or says there are none', async () => {
    stubFetch({ 'GET /api/categories': { body: categories } });
    renderScreen(<CategoryManager />);
    const list = await screen.findByRole('list', { name: 'Categories' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Dresses'), expect.stringContaining('Jackets')]);
  });

  it("says 'No categories yet.' for an empty shop and 'Failed to load categories' when the call fails", async () => {
    stubFetch({ 'GET /api/categories': { body: [] } });
    const first = renderScreen(<CategoryManager />);
    expect(await screen.findByText('No categories yet.')).toBeInTheDocument();
    first.unmount();

    stubFetch({ 'GET /api/categories': { status: 500, body: { message: 'Something went wrong on our side.' } } });
    renderScreen(<CategoryManager />);
    expect(await screen.findByText('Failed to load categories')).toBeInTheDocument();
  });

  it('requires a name before creating, then creates and says so', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch({
      'GET /api/categories': { body: categories },
      'POST /api/categories': { status: 201, body: { id: 3, name: 'Shoes' } },
    });
    renderScreen(<CategoryManager />);
    await screen.findByRole('list', { name: 'Categories' });

    await user.type(screen.getByLabelText('New category name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    expect(screen.getByText('Category name required')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.clear(screen.getByLabelText('New category name'));
    await user.type(screen.getByLabelText('New category name'), ' Shoes ');
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Shoes' });
    expect(screen.getByLabelText('New category name')).toHaveValue('');
    expect(screen.queryByText('Category name required')).not.toBeInTheDocument();
  });

  it("shows 'Save failed' with the server's reason", async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET /api/categories': { body: categories },
      'POST /api/categories': {
        status: 422,
        body: { message: 'The name has already been taken.', errors: { name: ['The name has already been taken.'] } },
      },
    });
    renderScreen(<CategoryManager />);
    await screen.findByRole('list', { name: 'Categories' });
    await user.type(screen.getByLabelText('New category name'), 'Dresses');
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    const message = await screen.findByText('Save failed: The name has already been taken.');
    expect(message.closest('[role="alert"]')).not.toBeNull();
  });

  it('renames inline; Escape backs out of editing', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch({
      'GET /api/categories': { body: categories },
      'PUT /api/categories/2': { body: { id: 2, name: 'Coats' } },
    });
    const onChanged = vi.fn();
    renderScreen(<CategoryManager onChanged={onChanged} />);
    await user.click(await screen.findByRole('button', { name: 'Edit category Jackets' }));
    const input = screen.getByLabelText('New name for Jackets');
    expect(input).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByLabelText('New name for Jackets')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit category Jackets' }));
    await user.clear(screen.getByLabelText('New name for Jackets'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Category name required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('New name for Jackets'), 'Coats{Enter}');
    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Coats' });
    expect(onChanged).toHaveBeenCalled();
  });

  it('deletes only after confirmation, and says when it fails', async () => {
    const user = userEvent.setup();
    let deleteStatus = 200;
    const { calls } = stubFetch({
      'GET /api/categories': { body: categories },
      'DELETE /api/categories/1': () => ({
        status: deleteStatus,
        body: { message: deleteStatus === 200 ? 'Category deleted.' : 'Forbidden.' },
      }),
    });
    renderScreen(<CategoryManager />);
    await user.click(await screen.findByRole('button', { name: 'Delete category Dresses' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete category?' });
    expect(dialog).toHaveTextContent('Delete the category “Dresses”?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    deleteStatus = 403;
    await user.click(screen.getByRole('button', { name: 'Delete category Dresses' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByText('Delete failed: Forbidden.')).toBeInTheDocument());

    deleteStatus = 200;
    await user.click(screen.getByRole('button', { name: 'Delete category Dresses' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Category “Dresses” deleted.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(2);
  });

  it('clears its messages after 3 s', async () => {
    stubFetch({
      'GET /api/categories': { body: categories },
      'POST /api/categories': { status: 201, body: { id: 3, name: 'Shoes' } },
    });
    renderScreen(<CategoryManager />);
    await screen.findByRole('list', { name: 'Categories' });
    // From here the clock is fake, so the 3 s are counted exactly (fireEvent: no real waiting).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(screen.getByLabelText('New category name'), { target: { value: 'Shoes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add category' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Saved successfully')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(screen.getByText('Saved successfully')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByText('Saved successfully')).not.toBeInTheDocument();
  });
});
