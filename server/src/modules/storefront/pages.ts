import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LIMITS } from '@mtumba/contract/constants';
import { productListQuerySchema } from '@mtumba/contract/product';
import type { CatalogueSource, RenderedPage, StorefrontEntry } from '@mtumba/contract/storefront';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { publicConfigReply } from '../accounts/public-config.js';
import { catalogService } from '../catalog/service.js';
import { reviewService } from '../reviews/service.js';

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
  const isNotFound = (err: unknown) => (err as { kind?: string } | null)?.kind === 'not_found';
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
      return (await catalog.listProducts(query)).products.slice(0, LIMITS.featuredCount);
    },
    trending: () => catalog.trending(),
    async product(id) {
      try {
        return await catalog.getProduct(id);
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    related: (id) => catalog.related(id),
    async reviews(id) {
      return (await reviews.ofProduct(id, 1, 100)).reviews;
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
  entry: StorefrontEntry | null;
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
  const entry = fs.existsSync(file) ? ((await import(pathToFileURL(file).href)) as StorefrontEntry) : null;
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

interface CachedPage {
  status: number;
  html: string;
  storedAt: number;
}

/**
 * Rendered pages by URL, for one catalogue version at a time (the version the API's reply cache
 * uses, raised by the database on every catalogue write, migration 0020): a write empties it, so
 * a sold item is never shown for sale. Nothing personal is in these pages.
 */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private version = -1;

  constructor(
    private readonly maxEntries = 500,
    private readonly ttlMs = 60_000,
  ) {}

  get(version: number, url: string): CachedPage | undefined {
    if (version !== this.version) return undefined;
    const hit = this.pages.get(url);
    if (hit && Date.now() - hit.storedAt > this.ttlMs) {
      this.pages.delete(url);
      return undefined;
    }
    return hit;
  }

  set(version: number, url: string, page: Omit<CachedPage, 'storedAt'>): void {
    if (version < this.version) return;
    if (version > this.version) {
      this.pages.clear();
      this.version = version;
    }
    this.pages.delete(url);
    this.pages.set(url, { ...page, storedAt: Date.now() });
    if (this.pages.size > this.maxEntries) this.pages.delete(this.pages.keys().next().value!);
  }

  get size(): number {
    return this.pages.size;
  }
}
