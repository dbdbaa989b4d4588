// Server rendering of the public storefront (docs/architecture.md section 19). Built by Vite as
// the server entry (dist/server/entry-server.js) and called by the API process
// (server/src/modules/storefront): it gets the page's data in-process from `source`, puts it in a
// Query cache, renders the app to a string (renderApp) and hands back the HTML, the head
// tags and the cache (dehydrated) for the browser to hydrate from.
import { createHash } from 'node:crypto';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { matchRoutes, StaticRouter } from 'react-router';
import { LIMITS } from '@mtumba/contract/constants';
import { AppProvider, AuthSync } from './app/provider';
import { AppRoutes, preloadStorefrontScreen, routes } from './app/router';
import { routesFor } from './ssr/routes-for';
import { Footer } from './app/layout';
import { toPublicConfig, type PublicConfig } from './lib/api/get-config';
import { catalogKeys } from './lib/api/catalog-keys';
import type { ProductListParams, ProductPage } from './features/catalog/api/get-products';
import { productListParamsOf } from './features/catalog/hooks/use-product-list-params';
import type { Category } from '@mtumba/contract/product';
import { createQueryClient } from './lib/query-client';
import { LanguageProvider, loadLanguage } from './i18n';
import { isLanguage, type Language } from './i18n/language';
import type { CatalogueSource, RenderedPage, RenderOptions, UnchangedPage } from '@mtumba/contract/storefront';
import {
  breadcrumbLd,
  categoryName,
  headTags,
  organizationLd,
  pageText,
  productDescription,
  productLd,
  productPhoto,
  scriptJson,
  type PageMeta,
} from './ssr/seo';

type PageKind = 'home' | 'list' | 'product' | 'offers' | 'terms' | 'contact' | 'not-found';

const STATIC_PAGES: Record<string, { kind: PageKind; module: string }> = {
  '/': { kind: 'home', module: 'src/app/routes/home.tsx' },
  '/products': { kind: 'list', module: 'src/app/routes/products.tsx' },
  '/offers': { kind: 'offers', module: 'src/app/routes/offers.tsx' },
  '/terms': { kind: 'terms', module: 'src/app/routes/terms.tsx' },
  '/contact': { kind: 'contact', module: 'src/app/routes/contact.tsx' },
};

interface Page {
  kind: PageKind;
  module: string;
  categoryId?: string;
  productId?: number;
}

/** Which storefront page a path is; null for the screens that stay client-rendered (cart, account, admin...). */
export function storefrontPage(pathname: string): Page | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const fixed = STATIC_PAGES[path];
  if (fixed) return { ...fixed };
  let m = /^\/products\/category\/([^/]+)$/.exec(path);
  if (m) return { kind: 'list', module: 'src/app/routes/products.tsx', categoryId: decodeURIComponent(m[1]!) };
  m = /^\/products\/([^/]+)$/.exec(path);
  if (m) return { kind: 'product', module: 'src/app/routes/product-detail.tsx', productId: Number(m[1]) };
  const matches = matchRoutes(routes, path);
  const last = matches?.[matches.length - 1];
  if (!last || last.route.path === '*') return { kind: 'not-found', module: 'src/app/routes/not-found.tsx' };
  return null;
}

const notFoundError = (message: string) => ({ status: 404, body: { message }, message });

/** The product query in its 404 state, kept through dehydration: the page renders "Product not found." */
function setNotFound(client: QueryClient, id: number) {
  const query = client.getQueryCache().build(client, { queryKey: catalogKeys.product(id) });
  query.setState({
    status: 'error',
    fetchStatus: 'idle',
    error: notFoundError('Product not found.') as unknown as Error,
    errorUpdatedAt: Date.now(),
    errorUpdateCount: 1,
  });
}

const isNotFoundQuery = (q: Query) =>
  q.state.status === 'success' || (q.state.error as { status?: number } | null)?.status === 404;

/**
 * The page's status and the data it is drawn from, without the times the data was read: the
 * server keeps a page drawn from the same key instead of drawing it again (a catalogue write
 * elsewhere in the shop changes the catalogue's version, not this page).
 */
function dataKeyOf(client: QueryClient, status: number): string {
  const queries = client
    .getQueryCache()
    .getAll()
    .filter(isNotFoundQuery)
    .map((q) => [q.queryHash, q.state.status, q.state.data ?? null]);
  return createHash('sha1')
    .update(JSON.stringify([status, queries]))
    .digest('base64url');
}

function listMeta(
  language: Language,
  appUrl: string,
  params: ProductListParams,
  search: URLSearchParams,
  categories: Category[],
  page: ProductPage,
  categoryId: string | undefined,
): PageMeta | null {
  const name = categoryName(categories, categoryId);
  if (categoryId && !name) return null;
  const basePath = categoryId ? `/products/category/${categoryId}` : '/products';
  const pageNo = params.page ?? 1;
  const canonicalQuery = new URLSearchParams();
  if (pageNo > 1) canonicalQuery.set('page', String(pageNo));
  const path = `${basePath}${canonicalQuery.size ? `?${canonicalQuery}` : ''}`;
  const filtered = Boolean(params.q) || [...search.keys()].some((k) => k !== 'page');
  const text = (id: Parameters<typeof pageText>[1], values?: Parameters<typeof pageText>[2]) =>
    pageText(language, id, values);
  const heading = name ? name : text('list.all');
  const suffix = pageNo > 1 ? text('seo.pageSuffix', { page: pageNo }) : '';
  const title = params.q
    ? text('seo.search', { q: params.q })
    : pageNo > 1
      ? text('seo.listPage', { heading, page: pageNo })
      : text('list.title', { heading });
  const count = page.total;
  const description = params.q
    ? text('seo.searchText', { count, q: params.q })
    : name
      ? text('seo.categoryText', { name: name.toLowerCase(), count, suffix })
      : text('seo.listText', { count, suffix });
  const crumbs = [
    { name: text('seo.crumbHome'), path: '/' },
    { name: text('seo.crumbProducts'), path: '/products' },
  ];
  if (name && categoryId) crumbs.push({ name, path: basePath });
  return {
    title,
    description,
    path,
    image: page.products[0] ? productPhoto(page.products[0]) : null,
    index: !filtered,
    jsonLd: [breadcrumbLd(appUrl, crumbs)],
  };
}

// React puts a page's <title> (and image preloads) first when it renders no <head>: the title is
// replaced by the page's own head tags, the preloads go into the head.
const LEADING_HOISTABLES = /^(?:<title>[^<]*<\/title>|<link [^>]*>|<meta [^>]*>)+/;

/**
 * Renders the app to a string. Nothing suspends by then: the page's data is in the Query cache
 * and its screen and the frame's lazy parts are loaded (`render`, `frameLoaded`), so React's
 * string renderer draws it whole.
 *
 * Not React's streaming renderers: on Node 20 the Node one runs each page inside an
 * AsyncLocalStorage, and the first page drawn turns on async hooks for every promise the process
 * makes afterwards (an order, a cart, an API reply), which roughly doubles what a promise costs;
 * the web-streams one encodes every piece of the page to bytes on its own (a third more CPU for a
 * product page). The page is wanted whole anyway (it is kept and compressed).
 */
async function renderApp(
  client: QueryClient,
  url: URL,
  language: Language,
): Promise<{ html: string; hoisted: string }> {
  const draw = () =>
    renderToString(
      <StrictMode>
        <LanguageProvider language={language}>
          <AppProvider client={client} serverDrawn>
            <StaticRouter location={`${url.pathname}${url.search}`}>
              <AppRoutes table={routesFor(url.pathname)} />
            </StaticRouter>
          </AppProvider>
        </LanguageProvider>
      </StrictMode>,
    );
  await frameLoaded();
  let html = draw();
  // A lazy part that still suspended (one not loaded ahead) is in within milliseconds: draw again
  // rather than leave it to the browser.
  for (let tries = 0; html.includes(CLIENT_DRAWN_BOUNDARY) && tries < 3; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    html = draw();
  }
  // Still there: a part threw (React leaves it to the browser without a word). The page is not
  // kept half-drawn: the server sends the shell, as for any page it could not draw, and logs this.
  if (html.includes(CLIENT_DRAWN_BOUNDARY)) {
    throw new Error(`A part of ${url.pathname} could not be drawn on the server (it threw or kept suspending)`);
  }
  const leading = LEADING_HOISTABLES.exec(html)?.[0] ?? '';
  return { html: html.slice(leading.length), hoisted: leading.replace(/<title>[^<]*<\/title>/g, '') };
}

/** How React marks a part it left for the browser to draw. */
const CLIENT_DRAWN_BOUNDARY = '<!--$!-->';

let frame: Promise<void> | null = null;
/**
 * The lazy parts of the app's frame, loaded once per process before its first page: the footer
 * and the sign-in sync. A lazy part not yet loaded suspends, and the string renderer leaves it for
 * the browser to draw (`<!--$!-->`), unlike the page the browser hydrates.
 */
function frameLoaded(): Promise<void> {
  frame ??= Promise.all([Footer.preload(), AuthSync.preload()]).then(() => undefined);
  return frame;
}

/** The storefront screens (their modules) already loaded by this server. */
const loadedScreens = new Set<string>();

/**
 * The page for `url` (path and query), or null when the path is a client-rendered screen.
 * `appUrl` is the shop's public address (canonical links, cards); `options.language` the one to draw the
 * page in (the server chose it from ?lang=, the cookie or the account).
 */
export async function render(
  pathAndQuery: string,
  source: CatalogueSource,
  appUrl: string,
  options: RenderOptions = {},
): Promise<RenderedPage | UnchangedPage | null> {
  const url = new URL(pathAndQuery, `${appUrl}/`);
  const page = storefrontPage(url.pathname);
  if (!page) return null;
  const language: Language = isLanguage(options.language) ? options.language : 'en';
  await loadLanguage(language);

  const client = createQueryClient();
  // The page's screen is loaded before React renders it: it then renders in the first pass, inline.
  // Once loaded it stays loaded; finding its route again (React Router ranks the whole route
  // table each time) would cost every later page of that kind for nothing.
  const [categories, configReply] = await Promise.all([
    source.categories(),
    source.config(),
    loadedScreens.has(page.module)
      ? undefined
      : preloadStorefrontScreen(url.pathname).then(() => loadedScreens.add(page.module)),
  ]);
  const config: PublicConfig = toPublicConfig(configReply);
  client.setQueryData(catalogKeys.categories(), categories);
  client.setQueryData(['config'], config);
  const shopName = config.shop.name;
  const text = (id: Parameters<typeof pageText>[1], values?: Parameters<typeof pageText>[2]) =>
    pageText(language, id, values);
  const org = organizationLd(appUrl, config);
  let status = 200;
  let meta: PageMeta;
  let shownStock: RenderedPage['shownStock'];
  let arrivalsIn: RenderedPage['arrivalsIn'];

  switch (page.kind) {
    case 'home': {
      const [featured, trending, latest] = await Promise.all([
        source.featured(),
        source.trending(),
        source.products({ page: 1, sort: 'newest', per_page: LIMITS.pageSize }),
      ]);
      client.setQueryData(catalogKeys.featured(), featured);
      client.setQueryData(catalogKeys.trending(), trending);
      // Each row ranks a sold product lower or leaves it out, never brings one in: a sale of a
      // product the page does not show cannot change it.
      shownStock = [...featured, ...trending, ...latest.products].map((p) => [p.id, p.stock_quantity]);
      meta = {
        title: text('seo.home', { shop: shopName }),
        description: text('seo.homeText', { count: latest.total }),
        path: '/',
        image: featured[0] ? productPhoto(featured[0]) : latest.products[0] ? productPhoto(latest.products[0]) : null,
        jsonLd: [
          org,
          {
            '@context': 'https://schema.org',
            '@type': 'WebSite',
            name: shopName,
            url: `${appUrl}/`,
            potentialAction: {
              '@type': 'SearchAction',
              target: `${appUrl}/products?q={search_term_string}`,
              'query-input': 'required name=search_term_string',
            },
          },
        ],
      };
      break;
    }
    case 'list': {
      const params = productListParamsOf(url.searchParams, page.categoryId);
      const products = await source.products({ per_page: LIMITS.pageSize, ...params });
      client.setQueryData(catalogKeys.products(params), products);
      // Not filtered by stock: a sale of a product the page does not show changes neither its
      // products nor its total.
      shownStock = products.products.map((p) => [p.id, p.stock_quantity]);
      const listed = listMeta(language, appUrl, params, url.searchParams, categories, products, page.categoryId);
      if (listed) meta = listed;
      else {
        status = 404;
        meta = {
          title: text('seo.noCategory'),
          description: text('seo.noCategoryText'),
          path: url.pathname,
          index: false,
        };
      }
      break;
    }
    case 'product': {
      const id = page.productId!;
      const shown = Number.isInteger(id) && id > 0 ? await source.productPage(id) : null;
      if (!shown) {
        status = 404;
        if (Number.isInteger(id) && id > 0) setNotFound(client, id);
        meta = {
          title: text('detail.notFoundTitle'),
          description: text('seo.noProductText'),
          path: url.pathname,
          index: false,
        };
        break;
      }
      const { product, related, reviews } = shown;
      shownStock = [product, ...related].map((p) => [p.id, p.stock_quantity]);
      // Its related items come from its own categories: a product going on sale elsewhere leaves it as it is.
      arrivalsIn = (product.categories ?? []).map((c) => c.id);
      client.setQueryData(catalogKeys.product(id), product);
      client.setQueryData(catalogKeys.related(id), related);
      client.setQueryData(catalogKeys.reviews(id), reviews);
      const category = product.categories?.[0];
      meta = {
        title: `${product.name} — ${shopName}`,
        description: productDescription(product, language),
        path: `/products/${id}`,
        image: productPhoto(product),
        type: 'product',
        jsonLd: [
          productLd(appUrl, product, shopName),
          breadcrumbLd(appUrl, [
            { name: text('seo.crumbHome'), path: '/' },
            { name: text('seo.crumbProducts'), path: '/products' },
            ...(category ? [{ name: category.name, path: `/products/category/${category.id}` }] : []),
            { name: product.name, path: `/products/${id}` },
          ]),
          org,
        ],
      };
      break;
    }
    case 'offers':
      meta = {
        title: text('seo.offers', { shop: shopName }),
        description: text('seo.offersText'),
        path: '/offers',
      };
      break;
    case 'terms':
      meta = {
        title: text('seo.terms', { shop: shopName }),
        description: text('seo.termsText'),
        path: '/terms',
      };
      break;
    case 'contact':
      meta = {
        title: text('seo.contact', { shop: shopName }),
        description: text('seo.contactText', {
          shop: shopName,
          details: [
            config.shop.address,
            config.shop.phone,
            config.shop.hours ? text('seo.open', { hours: config.shop.hours }) : '',
          ]
            .filter(Boolean)
            .join(', '),
        }),
        path: '/contact',
        jsonLd: [org],
      };
      break;
    default:
      status = 404;
      meta = {
        title: text('seo.notFound', { shop: shopName }),
        description: text('nf.text'),
        path: url.pathname,
        index: false,
      };
  }

  const dataKey = dataKeyOf(client, status);
  if (options.unchangedFrom === dataKey) return { unchanged: true, dataKey };
  const { html, hoisted } = await renderApp(client, url, language);
  const state = scriptJson(dehydrate(client, { shouldDehydrateQuery: isNotFoundQuery }));
  return {
    status,
    head: `${headTags(meta, appUrl, shopName, language)}${hoisted ? `\n    ${hoisted}` : ''}`,
    html,
    state,
    routeModule: page.module,
    language,
    dataKey,
    shownStock,
    arrivalsIn,
  };
}
