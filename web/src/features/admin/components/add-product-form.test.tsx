import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { categories, product } from '../testing/fixtures';
import { deferredRoute, imageFile, stubFetch } from '../testing/fake-api';
import { renderScreen, signInAsAdmin } from '../testing/render';
import { AddProductForm } from './add-product-form';

beforeEach(() => signInAsAdmin());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Linen shirt');
  await user.type(screen.getByLabelText('Description'), 'White, size L');
  await user.type(screen.getByLabelText('Price (Ksh)'), '800');
  await user.type(screen.getByLabelText('Stock quantity'), '2');
  await user.selectOptions(await screen.findByLabelText('Categories'), ['1', '2']);
}

describe('Add New Product form', () => {
  it("sends the admin's token and the multipart form, then says so and clears", async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch({
      'GET /api/categories': { body: categories },
      'POST /api/products': { status: 201, body: product({ name: 'Linen shirt' }) },
    });
    const onAdded = vi.fn();
    renderScreen(<AddProductForm onAdded={onAdded} />);
    await screen.findByRole('option', { name: 'Dresses' });
    await fill(user);
    await user.upload(screen.getByLabelText('Images'), [imageFile('shirt.jpg')]);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    expect(await screen.findByText('Product added successfully!')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.headers.Authorization).toBe('Bearer admin-token');
    const form = post?.body as FormData;
    expect(form.get('name')).toBe('Linen shirt');
    expect(form.get('price')).toBe('800');
    expect(form.get('stock_quantity')).toBe('2');
    expect(form.getAll('categories[]')).toEqual(['1', '2']);
    expect((form.getAll('images[]') as File[]).map((f) => f.name)).toEqual(['shirt.jpg']);

    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Description')).toHaveValue('');
    expect(screen.getByLabelText('Price (Ksh)')).toHaveValue(null);
    expect(screen.getByLabelText('Categories')).toHaveValue([]);
    expect(onAdded).toHaveBeenCalled();
  });

  it('requires name, price and stock before sending anything', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch({ 'GET /api/categories': { body: categories } });
    renderScreen(<AddProductForm />);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(screen.getByLabelText('Name')).toBeInvalid();
    expect(screen.getByLabelText('Price (Ksh)')).toBeInvalid();
    expect(screen.getByLabelText('Stock quantity')).toBeInvalid();
    expect(screen.getByLabelText('Description')).toBeValid();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it.each([
    [
      { status: 422, body: { message: 'Please select at least one category.' } },
      'Error: Please select at least one category.',
    ],
    [{ status: 500, body: {} }, 'Error: Failed to add product'],
    [new TypeError('Failed to fetch'), 'Something went wrong!'],
  ])('shows what went wrong (%#)', async (reply, message) => {
    const user = userEvent.setup();
    stubFetch({ 'GET /api/categories': { body: categories }, 'POST /api/products': reply });
    renderScreen(<AddProductForm />);
    await screen.findByRole('option', { name: 'Dresses' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(screen.getByText(message)).toBeInTheDocument());
    expect(screen.getByLabelText('Name')).toHaveValue('Linen shirt');
  });

  it('clears its message after 3 s (SPEC.md section 9)', async () => {
    const user = userEvent.setup();
    const save = deferredRoute();
    stubFetch({ 'GET /api/categories': { body: categories }, 'POST /api/products': save.route });
    renderScreen(<AddProductForm />);
    await screen.findByRole('option', { name: 'Dresses' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    // The clock turns fake once the form is on its way, so the 3 s are counted exactly.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    save.respond(201, product({ name: 'Linen shirt' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('status')).toHaveTextContent('Product added successfully!');
    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(screen.getByText('Product added successfully!')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByText('Product added successfully!')).not.toBeInTheDocument();
  });

  it('refuses more than 4 images and keeps the previous choice', async () => {
    const user = userEvent.setup();
    stubFetch({ 'GET /api/categories': { body: categories } });
    renderScreen(<AddProductForm />);
    await user.upload(screen.getByLabelText('Images'), [imageFile('a.jpg'), imageFile('b.jpg')]);
    await user.upload(
      screen.getByLabelText('Images'),
      ['1', '2', '3', '4', '5'].map((n) => imageFile(`${n}.jpg`)),
    );
    expect(screen.getByText('You can only upload up to 4 images.').closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByText(/Chosen: a\.jpg, b\.jpg\./)).toBeInTheDocument();
  });
});
