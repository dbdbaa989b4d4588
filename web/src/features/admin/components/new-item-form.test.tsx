import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nairobiToIso } from '@mtumba/contract/listing';
import { categories, product } from '../testing/fixtures';
import { FakeXhr, imageFile, stubObjectUrls } from '../testing/fake-api';
import { renderScreen, signInAsAdmin } from '../testing/render';
import { NewItemForm } from './new-item-form';

beforeEach(() => {
  FakeXhr.install();
  stubObjectUrls();
  signInAsAdmin();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

// Many keystrokes per test: allow for a busy machine.
describe('New item (listing from a phone)', { timeout: 30_000 }, () => {
  it('fills a blank name and description from the attributes and saves a draft with its photo', async () => {
    const user = userEvent.setup();
    renderScreen(<NewItemForm categories={categories} />);
    const camera = screen.getByLabelText('Take photo');
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('multiple');
    await user.upload(camera, [imageFile('camera.jpg')]);
    await user.type(screen.getByLabelText('Price (Ksh)'), '1200');
    await user.click(screen.getByRole('checkbox', { name: 'Jackets' }));
    await user.click(screen.getByRole('radio', { name: 'M' }));
    await user.click(screen.getByRole('radio', { name: 'Like new' }));
    await user.type(screen.getByLabelText('Brand'), "Levi's");
    await user.type(screen.getByLabelText('Colour'), 'Blue');
    expect(screen.getByText("Left blank: “Levi's blue jacket, size M”.")).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Draft' }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    const form = FakeXhr.last().formBody();
    expect(form.get('name')).toBe("Levi's blue jacket, size M");
    expect(form.get('description')).toBe("Levi's blue jacket. Condition: like new. Size M. One piece only.");
    expect(form.get('negotiable')).toBe('0');
    expect([form.get('price'), form.get('stock_quantity'), form.get('status')]).toEqual(['1200', '1', 'draft']);
    expect(form.get('publish_at')).toBeNull();
    expect((form.getAll('images[]') as File[]).map((f) => f.name)).toEqual(['camera.jpg']);
    FakeXhr.last().respond(201, product({ id: 9, name: "Levi's blue jacket, size M", status: 'draft' }));
    expect(await screen.findByText('Saved as a draft:', { exact: false })).toBeInTheDocument();
  });

  it('"Save and add another" keeps category, size and "Takes offers"; a drop is sent in Nairobi time', async () => {
    const user = userEvent.setup();
    renderScreen(<NewItemForm categories={categories} />);
    await user.type(screen.getByLabelText('Price (Ksh)'), '500');
    await user.click(screen.getByRole('checkbox', { name: 'Dresses' }));
    await user.click(screen.getByRole('radio', { name: 'L' }));
    const offers = screen.getByRole('checkbox', { name: /Takes offers/ });
    expect(offers).not.toBeChecked();
    await user.click(offers);
    await user.click(screen.getByRole('radio', { name: 'Schedule drop' }));
    await user.clear(screen.getByLabelText('Date'));
    await user.type(screen.getByLabelText('Date'), '2030-11-30');
    await user.clear(screen.getByLabelText('Time'));
    await user.type(screen.getByLabelText('Time'), '10:00');
    await user.click(screen.getByRole('button', { name: 'Save and add another' }));

    const form = FakeXhr.last().formBody();
    expect(form.get('status')).toBe('scheduled');
    expect(form.get('publish_at')).toBe(nairobiToIso('2030-11-30', '10:00'));
    expect(form.get('negotiable')).toBe('1');
    FakeXhr.last().respond(201, product({ id: 10, status: 'scheduled', publish_at: '2030-11-30T07:00:00.000Z' }));
    expect(await screen.findByText(/Scheduled for/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Dresses' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'L' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Takes offers/ })).toBeChecked();
    expect(screen.getByLabelText('Price (Ksh)')).toHaveValue(null);
  });

  it('says what is missing before sending anything', async () => {
    const user = userEvent.setup();
    renderScreen(<NewItemForm categories={categories} />);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(screen.getByLabelText('Price (Ksh)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Please select at least one category.')).toBeInTheDocument();
    expect(FakeXhr.requests).toHaveLength(0);
  });
});
