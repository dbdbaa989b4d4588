import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, brotliDecompressSync, constants as zlibConstants, gzip } from 'node:zlib';
import { LIMITS } from '@mtumba/contract/constants';
import { productListQuerySchema } from '@mtumba/contract/product';
import type { CatalogueSource, RenderedPage, StorefrontEntry } from '@mtumba/contract/storefront';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { publicConfigReply } from '../accounts/public-config.js';
import { catalogService } from '../catalog/service.js';
import { reviewService } from '../reviews/service.js';
import { renderThread, type RenderThread } from './render-thread.js';

/**
 * Server rendering of the storefront (docs/architecture.md section 19): the web build's server
 * entry draws the page from data read here, in-process, through the catalogue services the API
 * uses; this file gives it that data and puts its output into the built index.html.
 */

/** A list query the API would refuse (422): the page is left to the browser, which shows the error. */
export class UnrenderableQuery extends Error {}

const asQuery = (params: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(params)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );

export function catalogueSource(db: Db, config: Config): CatalogueSource {
  const catalog = catalogService(db, { uploadDir: config.uploadDir });
  const reviews = reviewService(db);
  return {
    categories: () => catalog.listCategories(),
    async products(params) {
      const parsed = productListQuerySchema.safeParse(asQuery(params));
      if (!parsed.success) throw new UnrenderableQuery(parsed.error.message);
      const page = await catalog.listProducts(parsed.data);
      return { products: page.products, total: page.total };
    },
    async featured() {
      const query = productListQuerySchema.parse({ featured: 'true', per_page: String(LIMITS.featuredCount) });
      return (await catalog.listProductsUncounted(query)).slice(0, LIMITS.featuredCount);
    },
    trending: () => catalog.trending(),
    async productPage(id) {
      // The reviews are read alongside and dropped when the product turns out not to be shown.
      const [loaded, shownReviews] = await Promise.all([
        catalog.productWithRelated(id),
        reviews.ofShownProduct(id, 100),
      ]);
      return loaded && { ...loaded, reviews: shownReviews };
    },
    config: async () => publicConfigReply(config),
  };
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The built web app as the server renders it: template, client manifest and server entry. */
export interface WebBuild {
  /** the app shell for client-rendered screens (index.html as built) */
  shell: string;
  /** the server entry: on its own thread when built (`renderThread`), in-process for the sources */
  entry: (StorefrontEntry & Partial<Pick<RenderThread, 'close'>>) | null;
  /** a rendered page as a whole document */
  document(page: RenderedPage): string;
}

const DEFAULT_TITLE = /<title>[^<]*<\/title>\s*/;
const DEFAULT_DESCRIPTION = /<meta name="description"[^>]*>\s*/;

/**
 * Reads the build in `distDir`. `entryFile` overrides where the server entry is (tests render
 * from the web sources); without one, and without a built entry, every page is the shell.
 */
export async function loadWebBuild(distDir: string, shell: string, entryFile?: string): Promise<WebBuild> {
  const file = entryFile ?? path.join(distDir, 'server', 'entry-server.js');
  // The built entry draws on a thread of its own; the web sources (the tests') are drawn here.
  const entry = !fs.existsSync(file)
    ? null
    : file.endsWith('.js')
      ? renderThread(file)
      : ((await import(pathToFileURL(file).href)) as StorefrontEntry);
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk & { isEntry?: boolean }> = fs.existsSync(manifestFile)
    ? JSON.parse(fs.readFileSync(manifestFile, 'utf8'))
    : {};

  // What index.html already loads: the entry and its static imports.
  const loaded = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const dep of chunk.imports ?? []) collect(dep, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collect(key, loaded);

  // The route's chunk and the footer's: the browser hydrates once both are in (web/src/main.tsx).
  const hydrationModules = (routeModule: string) => [routeModule, 'src/app/footer.tsx'];
  const routeChunks = new Map<string, string[]>();
  /** The chunks a page of `module` needs beyond the entry's, as paths. */
  const chunksFor = (module: string | null): string[] => {
    if (!module) return [];
    let chunks = routeChunks.get(module);
    if (chunks === undefined) {
      const files = new Set<string>();
      for (const m of hydrationModules(module)) collect(m, files);
      chunks = [...files].filter((f) => !loaded.has(f) && f.endsWith('.js')).map((f) => `/${f}`);
      routeChunks.set(module, chunks);
    }
    return chunks;
  };

  let template = shell.replace(DEFAULT_TITLE, '').replace(DEFAULT_DESCRIPTION, '');
  // A drawn page loads the app after its first paint, through the loader (web/src/boot.ts): the
  // shell's module script and preloads leave the head and are named on the loader's tag instead,
  // with the route's chunks. Without a loader in the build the page loads the app as the shell does.
  const boot = manifest['src/boot.ts']?.file;
  const entryScript = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
  const preloadLink = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
  const appEntry = entryScript.exec(template)?.[1];
  const appChunks = [...template.matchAll(preloadLink)].map((m) => m[1]!);
  const withLoader = boot !== undefined && appEntry !== undefined;
  if (withLoader) template = template.replace(entryScript, '').replace(preloadLink, '');
  // A page in Kiswahili also preloads the Kiswahili catalogs, which the app loads before hydrating.
  const pageChunks = (routeModule: string | null, language: string | undefined) => [
    ...chunksFor(routeModule),
    ...(language === 'sw' ? chunksFor('src/i18n/swahili.ts') : []),
  ];
  const scriptsFor = (routeModule: string | null, language?: string): string =>
    withLoader
      ? `<script src="/${boot}" defer data-entry="${appEntry}" data-preload="${[...appChunks, ...pageChunks(routeModule, language)].join(' ')}"></script>`
      : pageChunks(routeModule, language)
          .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)
          .join('');
  return {
    shell,
    entry,
    document(page) {
      return template
        .replace('<html lang="en">', `<html lang="${page.language === 'sw' ? 'sw' : 'en'}" data-ssr>`)
        .replace('<!--app-head-->', `${page.head}\n    ${scriptsFor(page.routeModule, page.language)}`)
        .replace(
          '<div id="root"><!--app-html--></div>',
          `<div id="root">${page.html}</div><script id="app-state" type="application/json">${page.state}</script>`,
        );
    },
  };
}

/** What a page only some arrivals can change was drawn from (the catalogue cache's stamps). */
type ArrivalStamps = NonNullable<Parameters<FastifyInstance['catalogueCache']['onlyOtherArrivals']>[0]>;

/** A drawn page as it is sent: the document's bytes, compressed once, with its ETag. */
export interface CachedPage {
  status: number;
  /** the document, brotli-compressed: what nearly every browser asks for, and all that is kept of it */
  br: Buffer;
  /** its gzip copy, made the first time a client that has no brotli asks */
  gzip?: Promise<Buffer>;
  etag: string;
  /** the entry's key of the data the page was drawn from (RenderedPage.dataKey) */
  dataKey: string | undefined;
  /** the catalogue version the page was last found current for */
  version: number;
  /** when it was drawn: kept at most `ttlMs` from then, however often it is found current */
  drawnAt: number;
  /** the catalogue and demand versions it shows, and its products' stock (RenderedPage.shownStock) */
  catalogue?: number;
  demand?: number;
  shownStock?: [id: number, stock: number][];
  /**
   * For a page that only some arrivals can change (RenderedPage.arrivalsIn): the catalogue version
   * it shows less the arrivals, and the arrivals counter of each of those categories, as of its data
   */
  arrivals?: ArrivalStamps;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
const brotliDecompressAsync = promisify(brotliDecompress);

/**
 * A page ready to send: brotli-compressed in the thread pool (not on the event loop) once per
 * drawing, at a middle level, which for a page of 30–70 KB is one or two milliseconds. Only the
 * compressed copy is kept, a fifth of the document's bytes: a client that takes no brotli (rare)
 * gets the document unpacked from it (`pageBody`).
 */
export async function preparePage(
  status: number,
  html: string,
  dataKey: string | undefined,
  version: number,
): Promise<CachedPage> {
  const body = Buffer.from(html, 'utf8');
  const br = await brotliAsync(body, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
      // a 256 KB window (pages are smaller): the default 4 MB is allocated per compression
      [zlibConstants.BROTLI_PARAM_LGWIN]: 18,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
    },
  });
  return {
    status,
    br,
    etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`,
    dataKey,
    version,
    drawnAt: Date.now(),
  };
}

/**
 * A kept page's bytes in the encoding chosen for the client (`chooseEncoding`): the brotli copy,
 * a gzip copy made once from it when first asked for, or the document unpacked.
 */
export function pageBody(page: CachedPage, encoding: 'br' | 'gzip' | null): Buffer | Promise<Buffer> {
  if (encoding === 'br') return page.br;
  if (encoding === 'gzip') {
    if (!page.gzip) {
      const made = brotliDecompressAsync(page.br).then((body) => gzipAsync(body, { level: 6, memLevel: 8 }));
      page.gzip = made;
      // a failure is not kept: the next client asking tries again
      made.catch(() => {
        if (page.gzip === made) page.gzip = undefined;
      });
    }
    return page.gzip;
  }
  return brotliDecompressSync(page.br);
}

export { chooseEncoding } from '../../lib/http.js';

/**
 * The key a page is kept under. Everything a drawn page varies by is in it: the language it is
 * drawn in, and the path and query (the storefront shows nothing personal).
 */
export function pageCacheKey(request: { url: string }, language: string): string {
  return `${language} ${request.url}`;
}

export interface PageCacheOptions {
  /** most pages kept */
  maxEntries?: number;
  /** most bytes kept (the brotli copies, with room for gzip copies) */
  maxBytes?: number;
  /** a page is drawn again after this long even if its data did not change (pages may read the clock) */
  ttlMs?: number;
}

// The brotli copy, and room for a gzip copy should a client ask for one (about a tenth more).
const sizeOf = (page: CachedPage) => Math.ceil(page.br.length * 2.1) + 512;

/**
 * Drawn pages by key (pageCacheKey), each for the catalogue version it was last found current
 * for (the version the API's reply cache uses, raised by the database on every catalogue write,
 * migration 0020): a page is sent only for that version, so a sold item is never shown for sale.
 * A page of an older version is kept as well: when the data it was drawn from has not changed
 * (its `dataKey`), it is found current for the new version without being drawn again (`renew`).
 * Least recently used pages go first when the cache is full. Nothing personal is in these pages.
 */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly ttlMs: number;

  constructor(options: PageCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 2000;
    this.maxBytes = options.maxBytes ?? 48 * 1024 * 1024;
    this.ttlMs = options.ttlMs ?? 60_000;
  }

  /** The page for `version`, when it is kept and current. */
  get(version: number, key: string): CachedPage | undefined {
    const hit = this.fresh(key);
    if (hit?.version !== version) return undefined;
    // most recently used last: a Map iterates in insertion order
    this.pages.delete(key);
    this.pages.set(key, hit);
    return hit;
  }

  /** A page of an older version, within its time, that may still be current (see `renew`). */
  previous(version: number, key: string): CachedPage | undefined {
    const kept = this.fresh(key);
    return kept && kept.version < version ? kept : undefined;
  }

  /** The kept page was found to show what `version` shows: it is sent for that version now. */
  renew(key: string, page: CachedPage, version: number): void {
    if (this.pages.get(key) !== page || version < page.version) return;
    page.version = version;
  }

  set(key: string, page: CachedPage): void {
    const old = this.pages.get(key);
    if (old && old.version > page.version) return;
    if (old) this.remove(key, old);
    const bytes = sizeOf(page);
    if (bytes > this.maxBytes / 16) return;
    this.pages.set(key, page);
    this.bytes += bytes;
    for (const [oldestKey, oldest] of this.pages) {
      if (this.pages.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.remove(oldestKey, oldest);
    }
  }

  get size(): number {
    return this.pages.size;
  }

  private fresh(key: string): CachedPage | undefined {
    const kept = this.pages.get(key);
    if (kept && Date.now() - kept.drawnAt > this.ttlMs) {
      this.remove(key, kept);
      return undefined;
    }
    return kept;
  }

  private remove(key: string, page: CachedPage): void {
    this.pages.delete(key);
    this.bytes -= sizeOf(page);
  }
}
