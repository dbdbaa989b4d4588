import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportPreview } from '@mtumba/contract/insights';
import { stubFetch } from '../testing/fake-api';
import { renderScreen, signInAsAdmin } from '../testing/render';
import { ImportScreen } from './import-screen';

beforeEach(() => {
  signInAsAdmin();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const bad: ImportPreview = {
  ok: false,
  rows: 2,
  errors: [{ line: 3, name: 'Denim skirt', errors: ['The price must be a number.', 'Unknown category "Shoes".'] }],
  file_errors: [],
  new_categories: [],
  sample: [],
  unused_photos: [],
};
const good: ImportPreview = {
  ok: true,
  rows: 2,
  errors: [],
  file_errors: [],
  new_categories: ['Shoes'],
  sample: [
    {
      line: 2,
      name: 'Kitenge dress',
      price: 1500,
      stock: 1,
      categories: ['Dresses'],
      images: ['front.jpg'],
      status: 'published',
    },
    { line: 3, name: 'Denim skirt', price: 850, stock: 1, categories: ['Shoes'], images: [], status: 'draft' },
  ],
  unused_photos: [],
};

const csv = () => new File(['name,price,stock,categories\n'], 'bale.csv', { type: 'text/csv' });

describe('import items', () => {
  it('lists every bad row and offers no import until the file is clean', async () => {
    const { calls } = stubFetch({ 'POST /api/admin/products/import/preview': { body: bad } });
    renderScreen(<ImportScreen />, { route: '/admin/products/import', path: '/admin/products/import' });
    await userEvent.upload(screen.getByLabelText('CSV file'), csv());
    await userEvent.upload(screen.getByLabelText(/^Photos/), new File(['x'], 'front.jpg', { type: 'image/jpeg' }));
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));

    const problems = await screen.findByTestId('import-row-errors');
    expect(problems).toHaveTextContent('1 of 2 rows have problems. Nothing will be imported until they are fixed.');
    const row = within(problems).getByRole('row', { name: /Denim skirt/ });
    expect(row).toHaveTextContent('The price must be a number.');
    expect(row).toHaveTextContent('Unknown category "Shoes".');
    expect(screen.queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument();
    // the preview sends the photos' names, not the photos
    const sent = calls[0]!.body as FormData;
    expect(sent.getAll('photo_names')).toEqual(['front.jpg']);
    expect(sent.getAll('photos')).toEqual([]);
  });

  it('imports a clean file with its photos, creating the new categories when asked', async () => {
    const { calls } = stubFetch({
      'POST /api/admin/products/import/preview': { body: good },
      'POST /api/admin/products/import': {
        status: 201,
        body: { message: 'Imported 2 items.', created: 2, product_ids: [5, 6], new_categories: ['Shoes'] },
      },
    });
    renderScreen(<ImportScreen />, { route: '/admin/products/import', path: '/admin/products/import' });
    await userEvent.upload(screen.getByLabelText('CSV file'), csv());
    await userEvent.upload(screen.getByLabelText(/^Photos/), new File(['x'], 'front.jpg', { type: 'image/jpeg' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Create categories that do not exist yet' }));
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByTestId('import-ready')).toHaveTextContent('2 items are ready to import.');
    expect(screen.getByText('New categories: Shoes.')).toBeInTheDocument();
    // each item says whether it goes on sale or waits as a draft
    expect(screen.getByRole('row', { name: /Kitenge dress/ })).toHaveTextContent(/On sale$/);
    expect(screen.getByRole('row', { name: /Denim skirt/ })).toHaveTextContent(/Draft$/);
    expect(screen.getByText(/Items come in as/)).toHaveTextContent(
      'Items come in as drafts, out of the shop until you publish them in Manage Products, unless their status column says published (empty or draft is a draft).',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Import 2 items' }));
    const link = await screen.findByRole('link', { name: 'See them in Manage Products' });
    expect(link).toHaveAttribute('href', '/admin/products');
    expect(link.parentElement).toHaveTextContent('Imported 2 items. See them in Manage Products.');
    const written = calls.at(-1)!.body as FormData;
    expect(written.get('create_categories')).toBe('1');
    expect((written.getAll('photos')[0] as File).name).toBe('front.jpg');
    expect([...written.keys()].indexOf('file')).toBeLessThan([...written.keys()].indexOf('photos'));
  });

  it('shows the rows the server refused at import time', async () => {
    stubFetch({
      'POST /api/admin/products/import/preview': { body: good },
      'POST /api/admin/products/import': {
        status: 422,
        body: {
          message: 'The file has errors: nothing was imported. Fix the rows listed and try again.',
          preview: bad,
        },
      },
    });
    renderScreen(<ImportScreen />, { route: '/admin/products/import', path: '/admin/products/import' });
    await userEvent.upload(screen.getByLabelText('CSV file'), csv());
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Import 2 items' }));
    expect(await screen.findByTestId('import-row-errors')).toHaveTextContent('The price must be a number.');
  });
});
