import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { chooseEncoding, loadWebBuild, PageCache, pageBody, preparePage } from './pages.js';

// How a drawn page loads the app: the shell (index.html as Vite builds it) loads the entry at once;
// a drawn page loads it through the loader, after its first paint, with the route's chunks.
const shell = `<!doctype html>
<html lang="en">
  <head>
    <title>Mtumba</title>
    <!--app-head-->
    <script type="module" crossorigin src="/assets/index-A1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-B2.js">
    <link rel="stylesheet" crossorigin href="/assets/index-C3.css">
  </head>
  <body>
    <div id="root"><!--app-html--></div>
  </body>
</html>`;

const manifest = (withLoader: boolean) => ({
  'index.html': { file: 'assets/index-A1.js', isEntry: true, imports: ['_react-B2.js'] },
  '_react-B2.js': { file: 'assets/react-B2.js' },
  ...(withLoader ? { 'src/boot.ts': { file: 'assets/boot-D4.js', isEntry: true } } : {}),
  'src/app/routes/product.tsx': { file: 'assets/product-E5.js', imports: ['_react-B2.js', '_gallery-F6.js'] },
  '_gallery-F6.js': { file: 'assets/gallery-F6.js' },
  'src/app/footer.tsx': { file: 'assets/footer-G7.js' },
});

const page = {
  status: 200,
  head: '<title>Linen shirt</title>',
  html: '<h1>Linen shirt</h1>',
  state: '{}',
  routeModule: 'src/app/routes/product.tsx',
};

let dir = '';
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

async function documentWith(withLoader: boolean): Promise<string> {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mtumba-pages-'));
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest(withLoader)));
  const build = await loadWebBuild(dir, shell, path.join(dir, 'no-server-entry.js'));
  return build.document(page);
}

const matches = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]);

describe('a drawn page loads the app after its first paint', () => {
  it('names the entry, its chunks and the route’s on the loader’s tag, and loads no module itself', async () => {
    const html = await documentWith(true);
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    const loader =
      /<script src="\/assets\/boot-D4\.js" defer data-entry="([^"]*)" data-preload="([^"]*)"><\/script>/.exec(html);
    expect(loader?.[1]).toBe('/assets/index-A1.js');
    expect(loader?.[2]?.split(' ')).toEqual([
      '/assets/react-B2.js',
      '/assets/product-E5.js',
      '/assets/gallery-F6.js',
      '/assets/footer-G7.js',
    ]);
    // the stylesheet still comes before the first paint, and the page is there without any script
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-C3.css">');
    expect(html).toContain('<div id="root"><h1>Linen shirt</h1></div>');
  });

  it('without a loader in the build, loads the entry at once and preloads the route’s chunks', async () => {
    const html = await documentWith(false);
    expect(matches(html, /<script type="module" crossorigin src="([^"]+)">/g)).toEqual(['/assets/index-A1.js']);
    expect(matches(html, /<link rel="modulepreload" crossorigin href="([^"]+)">/g).sort()).toEqual([
      '/assets/footer-G7.js',
      '/assets/gallery-F6.js',
      '/assets/product-E5.js',
      '/assets/react-B2.js',
    ]);
  });
});

const kept = (version: number, html = '<p>page</p>') => ({
  status: 200,
  br: Buffer.from(html),
  etag: 'W/"x"',
  dataKey: 'k',
  version,
  drawnAt: Date.now(),
});

describe('the page cache', () => {
  it('keeps the pages in use when many others pass through (least recently used go first)', () => {
    const cache = new PageCache({ maxEntries: 300 });
    const hot = Array.from({ length: 200 }, (_, i) => `/products/${i}`);
    for (const url of hot) cache.set(url, kept(1));
    // a crawler reads 10,000 other pages while shoppers keep coming back to the 200
    for (let cold = 0; cold < 10_000; cold += 1) {
      cache.set(`/products/${10_000 + cold}`, kept(1));
      if (cold % 50 === 49) for (const url of hot) expect(cache.get(1, url), url).toBeDefined();
    }
    for (const url of hot) expect(cache.get(1, url), url).toBeDefined();
    expect(cache.size).toBe(300);
  });

  it('holds its bytes under the bound', () => {
    const cache = new PageCache({ maxBytes: 64 * 1024 });
    for (let i = 0; i < 100; i += 1) cache.set(`/p/${i}`, kept(1, 'x'.repeat(1500)));
    expect(cache.size).toBeLessThan(30);
    expect(cache.get(1, '/p/99')).toBeDefined();
  });

  it('sends a page only for its version; an older one is offered for renewal, then sent for the new version', () => {
    const cache = new PageCache();
    const page = kept(4);
    cache.set('/products/1', page);
    expect(cache.get(5, '/products/1')).toBeUndefined();
    expect(cache.previous(5, '/products/1')).toBe(page);
    cache.renew('/products/1', page, 5);
    expect(cache.get(5, '/products/1')).toBe(page);
    // a page drawn for an older version never replaces a newer one
    cache.set('/products/1', kept(3));
    expect(cache.get(5, '/products/1')).toBe(page);
  });

  it('draws a page again after its time, even with unchanged data', () => {
    const cache = new PageCache({ ttlMs: 1000 });
    cache.set('/', { ...kept(1), drawnAt: Date.now() - 2000 });
    expect(cache.get(1, '/')).toBeUndefined();
    expect(cache.previous(2, '/')).toBeUndefined();
  });
});

describe('which compressed copy a browser gets', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('gzip;q=0')).toBeNull();
  });
});

describe('a kept page’s bytes', () => {
  it('makes its gzip copy once, for every client without brotli after the first', async () => {
    const html = `<!doctype html><h1>Linen shirt</h1>${'<p>Pure linen, worn twice.</p>'.repeat(200)}`;
    const prepared = await preparePage(200, html, undefined, 1);
    const first = pageBody(prepared, 'gzip');
    const second = pageBody(prepared, 'gzip');
    expect(second).toBe(first);
    expect(gunzipSync(await first).toString('utf8')).toBe(html);
    expect(pageBody(prepared, 'gzip')).toBe(first);
    expect((pageBody(prepared, null) as Buffer).toString('utf8')).toBe(html);
  });

  it('does not keep a gzip copy that could not be made: the next client gets one made again', async () => {
    const prepared = await preparePage(200, '<h1>Linen shirt</h1>', undefined, 1);
    const sound = prepared.br;
    prepared.br = Buffer.from('not brotli at all');
    await expect(pageBody(prepared, 'gzip')).rejects.toThrow();
    expect(prepared.gzip).toBeUndefined();
    prepared.br = sound;
    expect(gunzipSync(await pageBody(prepared, 'gzip')).toString('utf8')).toBe('<h1>Linen shirt</h1>');
  });
});
