import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { categories, product } from '../testing/fixtures';
import { FakeXhr, imageFile, stubFetch, stubObjectUrls } from '../testing/fake-api';
import { renderScreen, signInAsAdmin } from '../testing/render';
import { AddProductForm } from './add-product-form';

beforeEach(() => {
  FakeXhr.install();
  stubObjectUrls();
  signInAsAdmin();
  stubFetch({ 'GET /api/categories': { body: categories } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Linen shirt');
  await user.type(screen.getByLabelText('Description'), 'White, size L');
  await user.type(screen.getByLabelText('Price (Ksh)'), '800');
  await user.type(screen.getByLabelText('Stock quantity'), '2');
  await user.type(screen.getByLabelText('Size'), 'L');
  await user.type(screen.getByLabelText('Brand'), 'Zara');
  await user.selectOptions(screen.getByLabelText('Condition'), 'like new');
  await user.type(screen.getByLabelText('Colour'), 'White');
  await user.click(await screen.findByLabelText('Dresses'));
  await user.click(screen.getByLabelText('Jackets'));
}

describe('Add New Product form (the same form as the dialog)', () => {
  it("sends the admin's token and the multipart form with the thrift attributes, then says so and clears", async () => {
    const user = userEvent.setup();
    const onAdded = vi.fn();
    renderScreen(<AddProductForm onAdded={onAdded} />);
    await fill(user);
    await user.upload(screen.getByLabelText('Choose images'), [imageFile('shirt.jpg')]);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    const xhr = FakeXhr.last();
    expect(xhr.headers.Authorization).toBe('Bearer admin-token');
    const form = xhr.formBody();
    expect(form.get('name')).toBe('Linen shirt');
    expect(form.get('price')).toBe('800');
    expect(form.get('stock_quantity')).toBe('2');
    expect([form.get('size'), form.get('brand'), form.get('condition'), form.get('color')]).toEqual([
      'L',
      'Zara',
      'like new',
      'White',
    ]);
    expect(form.getAll('categories[]')).toEqual(['1', '2']);
    expect((form.getAll('images[]') as File[]).map((f) => f.name)).toEqual(['shirt.jpg']);
    expect(form.get('expected_stock')).toBeNull();
    xhr.respond(201, product({ name: 'Linen shirt' }));

    expect(await screen.findByText('Product added successfully!')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Price (Ksh)')).toHaveValue(null);
    expect(screen.getByLabelText('Dresses')).not.toBeChecked();
    expect(onAdded).toHaveBeenCalled();
  });

  it('sends the optional measurements (cm) and flaw notes', async () => {
    const user = userEvent.setup();
    renderScreen(<AddProductForm />);
    await fill(user);
    await user.type(screen.getByLabelText('Pit to pit'), '54');
    await user.type(screen.getByLabelText('Length'), '72.5');
    await user.type(screen.getByLabelText('Flaws (optional)'), 'Small mark on the cuff');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    const form = FakeXhr.last().formBody();
    expect(JSON.parse(String(form.get('measurements')))).toEqual({ pit_to_pit: '54', length: '72.5' });
    expect(form.get('flaws')).toBe('Small mark on the cuff');
  });

  it('offers the phone camera and touch-sized category chips', async () => {
    renderScreen(<AddProductForm />);
    const camera = screen.getByLabelText('Take photo');
    expect(camera).toHaveAttribute('accept', 'image/*');
    expect(camera).toHaveAttribute('capture', 'environment');
    expect((await screen.findByLabelText('Dresses')).closest('label')).toHaveClass('choice-chip');
  });

  it('requires name, price, stock and a category before sending anything', async () => {
    const user = userEvent.setup();
    renderScreen(<AddProductForm />);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Price (Ksh)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Stock quantity')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Please select at least one category.')).toBeInTheDocument();
    expect(screen.getByLabelText('Description')).not.toHaveAttribute('aria-invalid');
    expect(FakeXhr.requests).toHaveLength(0);
  });

  it('shows what went wrong and keeps what was typed', async () => {
    const user = userEvent.setup();
    renderScreen(<AddProductForm />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    FakeXhr.last().respond(500, {});
    expect(await screen.findByText('Save failed')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Linen shirt');
  });

  it('clears its message after 3 s (docs/product.md section 9)', async () => {
    const user = userEvent.setup();
    renderScreen(<AddProductForm />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    // The clock turns fake once the form is on its way, so the 3 s are counted exactly.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    FakeXhr.last().respond(201, product({ name: 'Linen shirt' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Product added successfully!')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(screen.getByText('Product added successfully!')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByText('Product added successfully!')).not.toBeInTheDocument();
  });
});
