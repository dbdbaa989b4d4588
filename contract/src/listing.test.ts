import { describe, expect, it } from 'vitest';
import {
  defaultItemDescription,
  defaultItemName,
  isoToNairobi,
  nairobiToIso,
  publishFieldsSchema,
  savedSearchInputSchema,
  savedSearchLabel,
  singularCategory,
} from './listing';

describe('default item names', () => {
  it('builds a name from brand, colour and what the item is, size last', () => {
    expect(defaultItemName({ color: 'Blue', brand: "Levi's", category: 'Jackets', size: 'M' })).toBe(
      "Levi's blue jacket, size M",
    );
    expect(defaultItemName({ color: 'Blue', brand: "Levi's", category: 'Jackets & Coats', size: 'M' })).toBe(
      "Levi's blue jacket, size M",
    );
    expect(defaultItemName({ color: 'Red', category: 'Bags and Accessories' })).toBe('Red bag');
    expect(defaultItemName({ brand: 'adidas', category: 'Shoes', size: '42' })).toBe('Adidas shoe, size 42');
    expect(defaultItemName({ category: 'Dresses' })).toBe('Dress');
    expect(defaultItemName({ category: 'Jeans', size: '32' })).toBe('Jeans, size 32');
    expect(defaultItemName({})).toBe('Item');
  });

  it('describes the item with its condition and size', () => {
    expect(defaultItemDescription({ color: 'red', category: 'Skirts', condition: 'like new', size: 'S' })).toBe(
      'Red skirt. Condition: like new. Size S. One piece only.',
    );
    expect(defaultItemDescription({ brand: "Levi's", color: 'Blue', category: 'Jackets & Coats', size: 'M' })).toBe(
      "Levi's blue jacket. Size M. One piece only.",
    );
  });

  it('makes a category singular without mangling plural-only words', () => {
    expect(['Shoes', 'Blouses', 'Trousers', 'Kids', 'Bags & Accessories'].map(singularCategory)).toEqual([
      'shoe',
      'blouse',
      'trousers',
      'kid',
      'bags & accessory',
    ]);
  });
});

describe('Nairobi time', () => {
  it('turns a Nairobi date and time into UTC and back (UTC+3, no daylight saving)', () => {
    expect(nairobiToIso('2026-11-28', '10:00')).toBe('2026-11-28T07:00:00.000Z');
    expect(nairobiToIso('2026-07-01', '00:30')).toBe('2026-06-30T21:30:00.000Z');
    expect(isoToNairobi('2026-06-30T21:30:00.000Z')).toEqual({ date: '2026-07-01', time: '00:30' });
    expect(nairobiToIso('28/11/2026', '10:00')).toBeNull();
    expect(nairobiToIso('2026-11-28', '')).toBeNull();
  });

  it('reads publish_at with its offset and refuses what is not a date-time', () => {
    expect(publishFieldsSchema.parse({ publish_at: '2026-11-28T10:00:00+03:00' }).publish_at).toBe(
      '2026-11-28T07:00:00.000Z',
    );
    expect(publishFieldsSchema.safeParse({ publish_at: 'tomorrow' }).success).toBe(false);
    expect(publishFieldsSchema.parse({ status: ' Draft ', publish_at: '' })).toEqual({ status: 'draft' });
  });
});

describe('saved searches', () => {
  it('needs at least one criterion and keeps prices in cents', () => {
    expect(savedSearchInputSchema.safeParse({}).success).toBe(false);
    expect(savedSearchInputSchema.parse({ max_price: 1499.5, q: '  denim   jacket ' })).toEqual({
      category_id: null,
      q: 'denim jacket',
      size: null,
      max_price: 149950,
    });
  });

  it('says what a search looks for', () => {
    expect(savedSearchLabel({ category: { name: 'Jackets' }, q: 'denim', size: 'M', max_price: 1500 })).toBe(
      '“denim” · Jackets · size M · up to Ksh 1,500',
    );
  });
});
