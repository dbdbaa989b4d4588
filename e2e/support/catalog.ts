import type { Locator, Page } from '@playwright/test';
import { call, shopUrl, type Product } from './api';

/** Ksh text on screen ("Ksh 1,250" or "Ksh 99.50") → a number. */
export function kshToNumber(text: string): number {
  const match = /Ksh\s*([\d,]+(?:\.\d+)?)/.exec(text);
  if (!match) throw new Error(`no Ksh amount in "${text}"`);
  return Number(match[1].replace(/,/g, ''));
}

/** The prices of the product cards in a grid, in the order shown. */
export async function cardPrices(grid: Locator): Promise<number[]> {
  // textContent, not innerText: cards out of sight are not rendered (content-visibility), and
  // innerText reads only what is rendered.
  const texts = await grid.locator('.product-card__price').allTextContents();
  return texts.map(kshToNumber);
}

export function isSorted(values: number[], direction: 'asc' | 'desc'): boolean {
  return values.every((v, i) => i === 0 || (direction === 'asc' ? values[i - 1] <= v : values[i - 1] >= v));
}

/** Every product of the shop as the API lists it now (the demo catalogue has fewer than 100). */
export function allProducts(): Promise<Product[]> {
  return call<Product[]>('GET', '/products?per_page=100');
}

/** How many products match a query string, from the API's X-Total-Count. */
export async function productCount(query: string): Promise<number> {
  const res = await fetch(`${shopUrl()}/api/products?${query}`);
  return Number(res.headers.get('x-total-count'));
}

/** A product card in a grid, found by the product's name. */
export function productCard(scope: Page | Locator, name: string): Locator {
  return scope.getByRole('article', { name, exact: true });
}
