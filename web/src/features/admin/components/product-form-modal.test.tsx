import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { categories, product } from '../testing/fixtures';
import { FakeXhr, imageFile, stubObjectUrls } from '../testing/fake-api';
import { renderScreen, signInAsAdmin } from '../testing/render';
import { ProductFormModal } from './product-form-modal';

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() } }));

let urls: ReturnType<typeof stubObjectUrls>;

beforeEach(() => {
  FakeXhr.install();
  urls = stubObjectUrls();
  signInAsAdmin();
});
afterEach(() => vi.unstubAllGlobals());

function renderForm(props: Partial<Parameters<typeof ProductFormModal>[0]> = {}) {
  const onHide = vi.fn();
  const onSaved = vi.fn();
  const view = renderScreen(<ProductFormModal categories={categories} onHide={onHide} onSaved={onSaved} {...props} />);
  return { ...view, onHide, onSaved };
}

const previews = () =>
  within(screen.queryByRole('list', { name: 'Chosen images' }) ?? document.createElement('ul')).queryAllByRole('img');

async function fillRequired(user: ReturnType<typeof userEvent.setup>, { category = true } = {}) {
  await user.type(screen.getByLabelText('Name'), 'Wool coat');
  await user.type(screen.getByLabelText('Price (Ksh)'), '2499.50');
  await user.type(screen.getByLabelText('Stock quantity'), '1');
  if (category) await user.click(screen.getByLabelText('Jackets'));
}

describe('product form: required fields', () => {
  it('refuses an empty form with a message per required field and sends nothing', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Add product' }));

    expect(screen.getByText('The name field is required.')).toBeInTheDocument();
    expect(screen.getByText('The price field is required.')).toBeInTheDocument();
    expect(screen.getByText('The stock quantity field is required.')).toBeInTheDocument();
    expect(screen.getByText('Please select at least one category.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(FakeXhr.requests).toHaveLength(0);
  });

  it('needs at least one category even when everything else is filled in', async () => {
    const user = userEvent.setup();
    renderForm();
    await fillRequired(user, { category: false });
    await user.click(screen.getByRole('button', { name: 'Add product' }));

    expect(screen.getByText('Please select at least one category.')).toBeInTheDocument();
    expect(screen.queryByText('The name field is required.')).not.toBeInTheDocument();
    expect(FakeXhr.requests).toHaveLength(0);
  });

  it('refuses a price of zero and more than 2 decimals', async () => {
    const user = userEvent.setup();
    renderForm();
    await fillRequired(user);
    const price = screen.getByLabelText('Price (Ksh)');
    await user.clear(price);
    await user.type(price, '0');
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(screen.getByText('The price must be greater than 0.')).toBeInTheDocument();

    await user.clear(price);
    await user.type(price, '10.555');
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(screen.getByText('The price may have at most 2 decimal places.')).toBeInTheDocument();
    expect(FakeXhr.requests).toHaveLength(0);
  });
});

describe('product form: images', () => {
  it('keeps the first images that fit when more than 4 in total are chosen, and says so', async () => {
    const user = userEvent.setup();
    renderForm();
    const input = screen.getByLabelText('Choose images');
    await user.upload(input, [imageFile('a.jpg'), imageFile('b.jpg'), imageFile('c.jpg')]);
    expect(previews()).toHaveLength(3);

    await user.upload(input, [imageFile('d.jpg'), imageFile('e.jpg')]);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Only the first photo of the 2 chosen was kept: an item has at most 4 images.',
    );
    expect(previews().map((img) => img.getAttribute('alt'))).toEqual([
      'Image 1: a.jpg',
      'Image 2: b.jpg',
      'Image 3: c.jpg',
      'Image 4: d.jpg',
    ]);

    await user.upload(input, [imageFile('f.jpg')]);
    expect(screen.getByRole('alert')).toHaveTextContent('You can only upload up to 4 images.');
    expect(previews()).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Remove image 4' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the first 4 of 5 images chosen at once', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.upload(
      screen.getByLabelText('Choose images'),
      ['1', '2', '3', '4', '5'].map((n) => imageFile(`${n}.png`, 'image/png')),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Only the first 4 photos of the 5 chosen were kept: an item has at most 4 images.',
    );
    expect(previews().map((img) => img.getAttribute('alt'))).toEqual([
      'Image 1: 1.png',
      'Image 2: 2.png',
      'Image 3: 3.png',
      'Image 4: 4.png',
    ]);
    expect(urls.create).toHaveBeenCalledTimes(4);
  });

  it('only offers image files and refuses anything else that gets through', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderForm();
    const input = screen.getByLabelText('Choose images');
    expect(input).toHaveAttribute('accept', 'image/*');
    await user.upload(input, [imageFile('a.jpg'), new File(['%PDF'], 'invoice.pdf', { type: 'application/pdf' })]);
    expect(screen.getByRole('alert')).toHaveTextContent('Only image files are allowed.');
    expect(previews()).toHaveLength(0);
  });

  it('reorders and removes images, revoking the removed preview', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.upload(screen.getByLabelText('Choose images'), [
      imageFile('a.jpg'),
      imageFile('b.jpg'),
      imageFile('c.jpg'),
    ]);
    expect(screen.getByRole('button', { name: 'Move image 1 left' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move image 3 right' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move image 3 left' }));
    expect(previews().map((img) => img.getAttribute('src'))).toEqual([
      'blob:preview-1',
      'blob:preview-3',
      'blob:preview-2',
    ]);

    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(urls.revoked).toEqual(['blob:preview-1']);
    expect(previews().map((img) => img.getAttribute('alt'))).toEqual(['Image 1: c.jpg', 'Image 2: b.jpg']);
  });

  it('revokes every preview when the form closes', async () => {
    const user = userEvent.setup();
    const { unmount } = renderForm();
    await user.upload(screen.getByLabelText('Choose images'), [imageFile('a.jpg'), imageFile('b.jpg')]);
    unmount();
    expect(urls.revoked.sort()).toEqual(['blob:preview-1', 'blob:preview-2']);
  });
});

describe('product form: saving', () => {
  it('sends the multipart form with the token, images in the chosen order, and shows upload progress', async () => {
    const user = userEvent.setup();
    const { onSaved, onHide } = renderForm();
    await fillRequired(user);
    await user.selectOptions(screen.getByLabelText('Condition'), 'good');
    await user.click(screen.getByLabelText('Trending'));
    await user.upload(screen.getByLabelText('Choose images'), [imageFile('front.jpg'), imageFile('back.jpg')]);
    await user.click(screen.getByRole('button', { name: 'Move image 2 left' }));
    await user.click(screen.getByRole('button', { name: 'Add product' }));

    const xhr = FakeXhr.last();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/products');
    expect(xhr.headers.Authorization).toBe('Bearer admin-token');
    const form = xhr.formBody();
    expect(form.get('name')).toBe('Wool coat');
    expect(form.get('price')).toBe('2499.50');
    expect(form.get('stock_quantity')).toBe('1');
    expect(form.getAll('categories[]')).toEqual(['2']);
    expect(form.get('condition')).toBe('good');
    expect(form.get('is_featured')).toBe('0');
    expect(form.get('is_trending')).toBe('1');
    expect(form.has('_method')).toBe(false);
    expect((form.getAll('images[]') as File[]).map((f) => f.name)).toEqual(['back.jpg', 'front.jpg']);

    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    xhr.progress(50, 100);
    const overall = () => screen.getByRole('progressbar', { name: 'Uploading images…' });
    await waitFor(() => expect(overall()).toHaveAttribute('aria-valuenow', '50'));
    expect(overall()).toHaveTextContent('50%');
    // each photo shows its own part: two of the same size, sent in order
    expect(screen.getByRole('progressbar', { name: 'Image 1 upload' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('progressbar', { name: 'Image 2 upload' })).toHaveAttribute('aria-valuenow', '0');

    xhr.respond(201, product({ id: 11, name: 'Wool coat' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 11 })));
    expect(onHide).toHaveBeenCalled();
  });

  it('shows the server message and field errors when saving fails', async () => {
    const user = userEvent.setup();
    const { onSaved } = renderForm();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    FakeXhr.last().respond(422, {
      message: 'The selected categories are invalid.',
      errors: { categories: ['The selected categories are invalid.'] },
    });

    expect(await screen.findByText('Save failed: The selected categories are invalid.')).toBeInTheDocument();
    expect(screen.getAllByText('The selected categories are invalid.')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Add product' })).toBeEnabled();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('says "Save failed" when the network fails', async () => {
    const user = userEvent.setup();
    renderForm();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    FakeXhr.last().onerror?.();
    expect(await screen.findByText('Save failed')).toBeInTheDocument();
  });

  it('edits a product: shows its current images and keeps them when none are chosen', async () => {
    const user = userEvent.setup();
    const { onSaved } = renderForm({ product: product() });
    expect(screen.getByRole('heading', { name: 'Edit Product: Denim jacket' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Denim jacket');
    expect(screen.getByLabelText('Price (Ksh)')).toHaveValue(1500);
    expect(screen.getByLabelText('Jackets')).toBeChecked();
    expect(screen.getByLabelText('Featured (shown on the home page)')).toBeChecked();
    expect(await screen.findByRole('img', { name: 'Current image 1' })).toHaveAttribute('src', '/uploads/abc-640.webp');

    await user.clear(screen.getByLabelText('Stock quantity'));
    await user.type(screen.getByLabelText('Stock quantity'), '0');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const xhr = FakeXhr.last();
    expect(xhr.url).toBe('/api/products/10');
    expect(xhr.formBody().get('_method')).toBe('PUT');
    expect(xhr.formBody().get('stock_quantity')).toBe('0');
    // the stock the form loaded, so the server can refuse the edit if it moved meanwhile
    expect(xhr.formBody().get('expected_stock')).toBe('1');
    expect(xhr.formBody().getAll('images[]')).toEqual([]);
    xhr.respond(200, product({ stock_quantity: 0 }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('shows a stock change made meanwhile (409) and takes the stock as it is now', async () => {
    const user = userEvent.setup();
    const { onSaved } = renderForm({ product: product({ stock_quantity: 3 }) });
    await user.clear(screen.getByLabelText('Stock quantity'));
    await user.type(screen.getByLabelText('Stock quantity'), '5');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    FakeXhr.last().respond(409, { message: 'Stock changed while you were editing: now 2', current_stock: 2 });

    expect(await screen.findByRole('alert')).toHaveTextContent('Stock changed while you were editing: now 2');
    expect(screen.getByLabelText('Stock quantity')).toHaveValue(2);
    expect(onSaved).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(FakeXhr.last().formBody().get('expected_stock')).toBe('2');
  });

  it('clears a field’s error as soon as the field is changed', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(screen.getByText('The name field is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Kitenge shirt');
    expect(screen.queryByText('The name field is required.')).toBeNull();
    expect(screen.getByText('Please select at least one category.')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Dresses'));
    expect(screen.queryByText('Please select at least one category.')).toBeNull();
  });

  it('closes with Escape', async () => {
    const user = userEvent.setup();
    const { onHide } = renderForm();
    await user.click(screen.getByLabelText('Name'));
    await user.keyboard('{Escape}');
    expect(onHide).toHaveBeenCalledTimes(1);
  });

  it('Cancel stops an upload under way', async () => {
    const user = userEvent.setup();
    const { onHide } = renderForm();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(FakeXhr.last().aborted).toBe(true);
    expect(onHide).toHaveBeenCalledTimes(1);
  });
});
