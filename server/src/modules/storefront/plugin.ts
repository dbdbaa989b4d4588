import { LIMITS } from '@mtumba/contract/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  cookieLanguage,
  DEFAULT_LANGUAGE,
  isLanguage,
  languageCookie,
  LANGUAGES,
  type Language,
} from '../../lib/language.js';
import type { CatalogueSource } from '@mtumba/contract/storefront';
import { matchesEtag } from '../../lib/http.js';
import {
  catalogueSource,
  chooseEncoding,
  loadWebBuild,
  PageCache,
  pageCacheKey,
  pageBody,
  preparePage,
  UnrenderableQuery,
  type CachedPage,
  type WebBuild,
} from './pages.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** sends a page of the web app: server-rendered for the storefront, the app shell otherwise */
    sendWebPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  }
}

export interface StorefrontOptions {
  /** the built index.html (or a placeholder when the web app is not built) */
  shell: string;
  /** the server entry to render with, instead of the build's (tests) */
  entryFile?: string;
}

/** The catalogue cache's counters (as its plugin declares them on the instance). */
type CatalogueVersions = Awaited<ReturnType<FastifyInstance['catalogueCache']['readVersions']>>;

/** The languages pages are drawn in; English is the default. */
const PAGE_LANGUAGES = LANGUAGES;
type PageLanguage = Language;

/**
 * The language to draw a page in: `?lang=` when a link names one (a shared or hreflang link, which
 * also keeps the choice in the cookie), else the cookie the shopper's choice left, else English.
 */
function pageLanguage(request: FastifyRequest, reply: FastifyReply, secure: boolean): PageLanguage {
  const asked = (request.query as Record<string, unknown> | undefined)?.lang;
  if (isLanguage(asked)) {
    reply.header('set-cookie', languageCookie(asked, secure));
    return asked;
  }
  return cookieLanguage(request.headers.cookie) ?? DEFAULT_LANGUAGE;
}

/** A page's address in a language: English is the plain address, Kiswahili adds ?lang=sw. */
function languageUrl(url: string, language: PageLanguage): string {
  if (language === 'en') return url;
  return `${url}${url.includes('?') ? '&' : '?'}lang=${language}`;
}

/** A Vary header's value with `name` added to what the reply already varies by. */
const varyWith = (current: ReturnType<FastifyReply['getHeader']>, name: string) =>
  current ? `${String(current)}, ${name}` : name;

/** Sitemap protocol's limit for one file. */
const SITEMAP_MAX_URLS = 50_000;

const xmlEscape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/**
 * Server-rendered storefront pages, sitemap.xml and robots.txt (docs/architecture.md section 19).
 * Pages are drawn once per URL and kept (PageCache) as their brotli copy and an ETag (pageBody);
 * after a catalogue write a kept page is drawn again only when the data it shows has changed.
 */
export default fp<StorefrontOptions>(
  async (app, options) => {
    const { config } = app;
    const source = catalogueSource(app.db, config);
    const build: WebBuild = await loadWebBuild(config.webDistDir, options.shell, options.entryFile);
    app.addHook('onClose', async () => {
      await build.entry?.close?.();
    });
    const pages = new PageCache();

    // The app shell (screens the browser draws) says its language too: the app loads its catalogs by it.
    const shells: Record<PageLanguage, string> = {
      en: build.shell,
      sw: build.shell.replace('<html lang="en">', '<html lang="sw">'),
    };
    const sendShell = (reply: FastifyReply, language: PageLanguage) =>
      reply.status(200).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(shells[language]);

    // The categories change only with the catalogue's version: read once per version, not per page.
    let categories: { version: number; list: ReturnType<CatalogueSource['categories']> } | null = null;
    const sourceAt = (version: number): CatalogueSource => ({
      ...source,
      categories() {
        if (categories?.version !== version) {
          const list = source.categories();
          const kept = { version, list };
          categories = kept;
          list.catch(() => {
            if (categories === kept) categories = null;
          });
        }
        return categories.list;
      },
    });

    // Requests for a page being drawn wait for that drawing instead of starting their own.
    const rendering = new Map<string, Promise<CachedPage | null>>();
    const renderPage = (
      entry: NonNullable<WebBuild['entry']>,
      key: string,
      url: string,
      language: PageLanguage,
      version: number,
      versions: CatalogueVersions,
      demand: number,
    ) => {
      const id = `${version} ${key}`;
      let pending = rendering.get(id);
      if (!pending) {
        pending = (async (): Promise<CachedPage | null> => {
          const before = pages.previous(version, key);
          // Read before the data: a page's stamps never claim an arrival its data has not seen.
          const counters = await app.catalogueCache.categoryArrivals(versions.arrivals);
          const rendered = await entry.render(url, sourceAt(versions.catalogue), config.appUrl, {
            unchangedFrom: before?.dataKey,
            language,
          });
          if (!rendered) return null;
          const cache = app.catalogueCache;
          if ('unchanged' in rendered) {
            pages.renew(key, before!, version);
            before!.catalogue = versions.catalogue;
            before!.demand = demand;
            // the same data: the same categories
            const categories = before!.arrivals?.counters.map(([c]) => c);
            if (categories) before!.arrivals = cache.arrivalStamps(versions, categories, counters);
            return before!;
          }
          const page = await preparePage(rendered.status, build.document(rendered), rendered.dataKey, version);
          page.catalogue = versions.catalogue;
          page.demand = demand;
          page.shownStock = rendered.shownStock;
          if (rendered.arrivalsIn) page.arrivals = cache.arrivalStamps(versions, rendered.arrivalsIn, counters);
          pages.set(key, page);
          return page;
        })().finally(() => rendering.delete(id));
        rendering.set(id, pending);
      }
      return pending;
    };

    /** Pages being drawn again for a new demand while their kept copy goes out (one drawing each at a time). */
    const refreshing = new Set<string>();

    app.decorate('sendWebPage', async (request: FastifyRequest, reply: FastifyReply) => {
      const entry = build.entry;
      const language = pageLanguage(request, reply, config.appUrl.startsWith('https:'));
      if (!entry || request.method !== 'GET') return sendShell(reply, language);
      const versions = await app.catalogueCache.readVersions();
      const path = request.url.split('?')[0];
      // A page is kept by the sum of the versions of what it shows (each only grows, so the sum
      // does): the catalogue's and the stock's, and for the home page, whose trending row is
      // ranked by demand, the demand's too.
      const demand = path === '/' ? versions.demand : 0;
      const version = versions.catalogue + versions.stock + demand;
      const key = pageCacheKey(request, language);
      let page: CachedPage | null | undefined = pages.get(version, key);
      // A page that names the products it shows (a product page, a list, home): after a sale of
      // another product (only the stock version moved), it is still current if their stock is,
      // checked in one query.
      // A product page is current, too, after a drop in categories it does not belong to.
      const kept = page ? undefined : pages.previous(version, key);
      if (
        kept?.shownStock &&
        (kept.catalogue === versions.catalogue ||
          (await app.catalogueCache.onlyOtherArrivals(kept.arrivals, versions))) &&
        (await app.catalogueCache.stockUnchanged(kept.shownStock))
      ) {
        kept.catalogue = Math.max(kept.catalogue ?? 0, versions.catalogue);
        if (kept.demand === demand) {
          pages.renew(key, kept, version);
          if (kept.version === version) page = kept;
        } else {
          // Only the demand moved (an order placed: home's trending row may rank differently).
          // The kept page goes out at once and the page for the new demand is drawn meanwhile,
          // once for all the requests after it: a ranking a moment old is nothing a shopper can
          // tell, while reading it again held up home for every order of a sale. Prices, stock
          // and the catalogue are as current as ever.
          page = kept;
          if (!refreshing.has(key)) {
            refreshing.add(key);
            renderPage(entry, key, request.url, language, version, versions, demand)
              .catch((err: unknown) => request.log.error({ err }, 'server rendering failed'))
              .finally(() => refreshing.delete(key));
          }
        }
      }
      if (!page) {
        try {
          page = await renderPage(entry, key, request.url, language, version, versions, demand);
        } catch (err) {
          // The browser can still draw the page (and show the API's error): never a 500 for a page.
          if (!(err instanceof UnrenderableQuery)) request.log.error({ err }, 'server rendering failed');
          return sendShell(reply, language);
        }
        if (!page) return sendShell(reply, language);
      }
      reply
        .status(page.status)
        .header('Cache-Control', 'no-cache')
        .header('Vary', varyWith(reply.getHeader('vary'), 'Accept-Encoding, Cookie'))
        .header('ETag', page.etag)
        .type('text/html; charset=utf-8');
      if (page.status === 200 && matchesEtag(request.headers['if-none-match'], page.etag)) {
        return reply.code(304).send();
      }
      const encoding = chooseEncoding(request.headers['accept-encoding']);
      if (encoding) reply.header('Content-Encoding', encoding);
      return reply.send(await pageBody(page, encoding));
    });

    let sitemap: { version: number; xml: string } | null = null;
    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
      const version = await app.catalogueCache.readVersion();
      if (sitemap?.version !== version) {
        const base = config.appUrl;
        const urls = [`${base}/`, `${base}/products`, `${base}/offers`, `${base}/contact`, `${base}/terms`];
        for (const category of await source.categories()) {
          urls.push(`${base}/products/category/${(category as { id: number }).id}`);
        }
        // Every live product, sold ones too (their page says SoldOut), through the list the shop shows.
        for (let page = 1; urls.length < SITEMAP_MAX_URLS; page += 1) {
          const { products } = await source.products({ page, per_page: LIMITS.maxPerPage, sort: 'newest' });
          for (const product of products) urls.push(`${base}/products/${(product as { id: number }).id}`);
          if (products.length < LIMITS.maxPerPage) break;
        }
        // Every page in both languages, each naming the other (hreflang), within the file's limit.
        const body = urls
          .slice(0, SITEMAP_MAX_URLS / PAGE_LANGUAGES.length)
          .flatMap((u) => {
            const versions = PAGE_LANGUAGES.map((language) => ({ language, url: languageUrl(u, language) }));
            const links = versions
              .map((v) => `<xhtml:link rel="alternate" hreflang="${v.language}" href="${xmlEscape(v.url)}"/>`)
              .join('');
            return versions.map((v) => `  <url><loc>${xmlEscape(v.url)}</loc>${links}</url>`);
          })
          .join('\n');
        sitemap = {
          version,
          xml: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`,
        };
      }
      return reply.header('Cache-Control', 'no-cache').type('application/xml; charset=utf-8').send(sitemap.xml);
    });

    // Shopper-only and admin screens are left out; the API is not for crawling.
    const robots = [
      'User-agent: *',
      'Disallow: /api/',
      'Disallow: /cart',
      'Disallow: /checkout/',
      'Disallow: /orders',
      'Disallow: /wishlist',
      'Disallow: /admin/',
      'Disallow: /add-product',
      'Disallow: /pay/',
      'Disallow: /claim/',
      'Disallow: /payment/',
      'Disallow: /reset-password',
      'Disallow: /verify-email',
      '',
      `Sitemap: ${config.appUrl}/sitemap.xml`,
      '',
    ].join('\n');
    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply.header('Cache-Control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robots),
    );
  },
  { name: 'storefront', dependencies: ['db', 'catalogue-cache'] },
);
