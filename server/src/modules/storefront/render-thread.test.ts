import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import type { CatalogueSource, RenderedPage } from '@mtumba/contract/storefront';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { renderThread, type RenderThread } from './render-thread.js';

// A server entry as small as the contract allows: it draws what the catalogue gives it, and for a
// few paths fails the ways a real one could.
const ENTRY = `
import { threadId } from 'node:worker_threads';
export async function render(url, source, appUrl, options = {}) {
  if (url === '/throws') throw new Error('the gallery could not be drawn');
  if (url === '/stops') process.exit(3);
  if (url.startsWith('/products?')) await source.products({ page: 'x' });
  if (url === '/trending') await source.trending();
  if (url === '/unknown') await source.somethingElse();
  const [categories, shown] = await Promise.all([source.categories(), source.productPage(7)]);
  return {
    status: shown ? 200 : 404,
    head: '<title>' + appUrl + '</title>',
    html: '<h1>' + (shown ? shown.product.name : 'Not found') + '</h1><p>' + categories.length + ' categories, drawn on thread ' + threadId + '</p>',
    state: '{}',
    routeModule: 'src/app/routes/product-detail.tsx',
    language: options.language ?? 'en',
    dataKey: 'key-' + url,
  };
}
`;

class NotAPage extends Error {}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mtumba-render-thread-'));
const entryFile = path.join(dir, 'entry-server.mjs');
fs.writeFileSync(entryFile, ENTRY);
const brokenFile = path.join(dir, 'broken-entry.mjs');
fs.writeFileSync(brokenFile, `throw new Error('this build is broken');\n`);

const reads: string[] = [];
const source = {
  categories: async () => (reads.push('categories'), [{ id: 1, name: 'Dresses' }]),
  productPage: async (id: number) => (
    reads.push(`productPage ${id}`),
    { product: { id, name: 'Kitenge Maxi Dress' }, related: [], reviews: [] }
  ),
  products: async () => {
    reads.push('products');
    throw new NotAPage('page must be a number');
  },
  featured: async () => [],
  trending: () => {
    reads.push('trending');
    throw new NotAPage('trending is being counted');
  },
  config: async () => ({}),
} as unknown as CatalogueSource;

const threads: RenderThread[] = [];
const open = (file = entryFile) => {
  const thread = renderThread(file);
  threads.push(thread);
  return thread;
};

afterEach(() => {
  reads.length = 0;
});
afterAll(async () => {
  await Promise.all(threads.map((t) => t.close()));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the storefront drawing thread', () => {
  it('draws pages on a thread of its own, reading their data through the main thread', async () => {
    const thread = open();
    const pages = (await Promise.all(
      ['/products/7', '/products/7?lang=sw'].map((url) =>
        thread.render(url, source, 'https://shop.example', { language: 'sw' }),
      ),
    )) as RenderedPage[];
    for (const page of pages) {
      expect(page.status).toBe(200);
      expect(page.head).toBe('<title>https://shop.example</title>');
      expect(page.html).toMatch(/^<h1>Kitenge Maxi Dress<\/h1><p>1 categories, drawn on thread (\d+)<\/p>$/);
      expect(Number(/thread (\d+)/.exec(page.html)![1])).not.toBe(threadId);
      expect(page.language).toBe('sw');
    }
    expect(pages.map((p) => p.dataKey)).toEqual(['key-/products/7', 'key-/products/7?lang=sw']);
    expect(reads.sort()).toEqual(['categories', 'categories', 'productPage 7', 'productPage 7']);
  });

  it('fails a page with the very error its data read failed with', async () => {
    const thread = open();
    const failed = thread.render('/products?page=x', source, 'https://shop.example');
    await expect(failed).rejects.toBeInstanceOf(NotAPage);
    await expect(failed).rejects.toThrow('page must be a number');
    expect(reads).toEqual(['products']);
  });

  it('fails a page whose read threw at once, or asked for a read the catalogue does not have', async () => {
    const thread = open();
    await expect(thread.render('/trending', source, 'https://shop.example')).rejects.toBeInstanceOf(NotAPage);
    await expect(thread.render('/unknown', source, 'https://shop.example')).rejects.toThrow(
      'The catalogue has no somethingElse read.',
    );
    expect(reads).toEqual(['trending']);
    await expect(thread.render('/products/7', source, 'https://shop.example')).resolves.toMatchObject({ status: 200 });
  });

  it('fails a page the entry could not draw with the entry’s message, and draws the next', async () => {
    const thread = open();
    await expect(thread.render('/throws', source, 'https://shop.example')).rejects.toThrow(
      'the gallery could not be drawn',
    );
    await expect(thread.render('/products/7', source, 'https://shop.example')).resolves.toMatchObject({ status: 200 });
  });

  it('starts a new thread after one stopped, failing only the pages it was drawing', async () => {
    const thread = open();
    const before = (await thread.render('/products/7', source, 'https://shop.example')) as RenderedPage;
    await expect(thread.render('/stops', source, 'https://shop.example')).rejects.toThrow(
      "The storefront's drawing thread stopped (exit code 3).",
    );
    const after = (await thread.render('/products/7', source, 'https://shop.example')) as RenderedPage;
    expect(after.html).toContain('Kitenge Maxi Dress');
    expect(/thread (\d+)/.exec(after.html)![1]).not.toBe(/thread (\d+)/.exec(before.html)![1]);
  });

  it('draws again after it was closed, even while its first page was on its way', async () => {
    const thread = open();
    const first = thread.render('/products/7', source, 'https://shop.example');
    await thread.close();
    await expect(first).rejects.toThrow("The storefront's drawing thread stopped");
    await expect(thread.render('/products/7', source, 'https://shop.example')).resolves.toMatchObject({ status: 200 });
  });

  it('fails every page of an entry it cannot load, without starting a thread for each', async () => {
    const thread = open(brokenFile);
    await expect(thread.render('/products/7', source, 'https://shop.example')).rejects.toThrow('this build is broken');
    await expect(thread.render('/products/8', source, 'https://shop.example')).rejects.toThrow('this build is broken');
    expect(reads).toEqual([]);
  });
});
