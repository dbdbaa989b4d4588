/// <reference lib="webworker" />
// The service worker (docs/architecture.md section 21): built by vite-plugin-pwa (injectManifest)
// into dist/sw.js, served at /sw.js with scope /. Workbox does the caching; this file says what is
// kept and what never is.
//   - precached: the app shell (index.html) and the storefront's JavaScript and CSS
//     (the list is the build's, chosen in web/scripts/precache.mjs: no admin chunks, no photos);
//   - storefront pages (/, /products…, /offers, /terms, /contact) and the catalogue's API replies:
//     the network first; when it fails, or is still silent after a few seconds on a weak signal,
//     the copy from the shopper's last visit, with a note saying it is offline and from when (the
//     network's answer still refreshes the copy when it comes);
//   - product photos: kept after the first view (their file names never change), bounded;
//   - everything else, and every request that is not a GET (cart, wishlist, checkout, orders,
//     sign-in, admin, payments): never kept. A page of those without a signal is an honest refusal.
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import type { WorkboxPlugin } from 'workbox-core/types';
import { offlineText, type OfflineText } from './lib/offline/messages';
import type { Language } from './i18n/language';
import { CACHED_AT_HEADER, offlineNoteHtml, SW_MESSAGE } from './lib/offline/note';
import { installPushHandlers } from './sw-push';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// Notifications: the order, offer and alert pushes the server sends (src/sw-push.ts).
installPushHandlers(self);

/** How long a page or list waits for the network before the kept copy is shown (weak signal). */
const NETWORK_TIMEOUT_SECONDS = 4;

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

cleanupOutdatedCaches();
// Only the files as listed: "/" is the server's drawn home page, never the precached shell.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });

/** Storefront pages the server draws (modules/storefront), readable offline. */
const STOREFRONT_PAGE = /^\/(products(\/category\/[^/]+|\/\d+)?|offers|terms|contact)?\/?$/;
/** The catalogue's public reads; the cart, wishlist, orders, reviews of one's own… are not here. */
const CATALOGUE_API = /^\/api\/(categories|config|products(\/(trending|facets|\d+(\/(related|reviews))?))?)$/;
/** Pages that show live stock, prices or the shopper's own data: never kept, refused offline. */
const REFUSALS: [RegExp, keyof OfflineText][] = [
  [/^\/(checkout|payment|pay)(\/|$)/, 'checkout'],
  [/^\/cart\/?$/, 'cart'],
  [/^\/wishlist\/?$/, 'wishlist'],
];

/**
 * The shopper's language, from the cookie the shop keeps it in (the worker sees no page; Chromium
 * gives workers the Cookie Store). English when it cannot tell.
 */
async function shopperLanguage(): Promise<Language> {
  const store = (self as unknown as { cookieStore?: { get(name: string): Promise<{ value: string } | null> } })
    .cookieStore;
  const cookie = await store?.get('mtumba_lang').catch(() => null);
  return cookie?.value === 'sw' ? 'sw' : 'en';
}

/** Link parameters that name where a visit came from (modules/sources): the same page either way. */
const TRACKING = /^(src|utm_[a-z]+|fbclid|gclid)$/;
function withoutTracking(url: URL): string {
  const copy = new URL(url);
  for (const key of [...copy.searchParams.keys()]) if (TRACKING.test(key)) copy.searchParams.delete(key);
  return copy.href;
}

/** Caches a reply only when it is a full 200, stamped with the time it was kept. */
const stampAndKeep: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200 || response.type === 'opaque') return null;
    const headers = new Headers(response.headers);
    headers.set(CACHED_AT_HEADER, String(Date.now()));
    return new Response(await response.blob(), { status: 200, statusText: response.statusText, headers });
  },
  cacheKeyWillBeUsed: async ({ request }) => withoutTracking(new URL(request.url)),
};

const keptAt = (response: Response) => Number(response.headers.get(CACHED_AT_HEADER)) || Date.now();

/** A kept page is shown with the offline note at the top (outside the app's root, so hydration is untouched). */
const notePages: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return cachedResponse;
    const html = await cachedResponse.text();
    const headers = new Headers(cachedResponse.headers);
    headers.delete('Content-Length');
    return new Response(
      html.replace(
        /<body([^>]*)>/,
        // in the language the kept page is in
        (body) => `${body}${offlineNoteHtml(keptAt(cachedResponse), /<html lang="sw"/.test(html) ? 'sw' : 'en')}`,
      ),
      {
        status: 200,
        headers,
      },
    );
  },
};

/** A kept catalogue reply: the page that asked is told, and shows the note itself (lib/offline/register.ts). */
const noteReplies: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse, event }) => {
    const clientId = (event as FetchEvent | undefined)?.clientId;
    if (cachedResponse && clientId) {
      const client = await self.clients.get(clientId);
      client?.postMessage({ type: SW_MESSAGE, cachedAt: keptAt(cachedResponse) });
    }
    return cachedResponse;
  },
};

const bounded = (maxEntries: number, days: number) =>
  new ExpirationPlugin({ maxEntries, maxAgeSeconds: days * 24 * 3600, purgeOnQuotaError: true });

const pages = new NetworkFirst({
  cacheName: 'mtumba-pages',
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [stampAndKeep, notePages, bounded(60, 14)],
});
const catalogue = new NetworkFirst({
  cacheName: 'mtumba-catalogue',
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [stampAndKeep, noteReplies, bounded(150, 14)],
});
const photos = new CacheFirst({
  cacheName: 'mtumba-photos',
  plugins: [stampAndKeep, bounded(200, 30)],
});
const live = new NetworkOnly();

/** A request the app asked to be answered live (fetch's `cache: 'no-store'`, e.g. stock before an add). */
const wantsLive = (request: Request) => request.cache === 'no-store' || request.cache === 'reload';

function offlinePage(message: string, language: Language, status = 503): Response {
  const text = offlineText(language);
  const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="theme-color" content="#7a3e1d"><title>${escape(text.offlineTitle)} — Mtumba</title></head>
<body style="font-family:system-ui,sans-serif;background:#fbf8f5;color:#1f1a17;max-width:36rem;margin:0 auto;padding:2rem 1rem">
<p style="font-size:1.375rem;font-weight:800;color:#7a3e1d;margin:0 0 1.5rem">Mtumba</p>
<h1 style="font-size:1.5rem">${escape(text.offlineTitle)}</h1>
<p role="alert" data-testid="offline-refusal" style="font-size:1.0625rem">${escape(message)}</p>
<p><a href="" style="color:#7a3e1d">${escape(text.tryAgain)}</a> · <a href="/" style="color:#7a3e1d">${escape(text.backHome)}</a></p>
</body></html>`;
  return new Response(html, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

// Pages: storefront ones are kept; any other is live, or refused with a reason without a signal.
registerRoute(
  new NavigationRoute(async (options) => {
    const { pathname } = options.url;
    if (STOREFRONT_PAGE.test(pathname) && !wantsLive(options.request)) {
      try {
        return await pages.handle(options);
      } catch {
        const language = await shopperLanguage();
        return offlinePage(offlineText(language).notSaved, language);
      }
    }
    try {
      return await live.handle(options);
    } catch {
      const refusal = REFUSALS.find(([pattern]) => pattern.test(pathname));
      const language = await shopperLanguage();
      const text = offlineText(language);
      return offlinePage(String(refusal ? text[refusal[1]] : text.account), language);
    }
  }),
);

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && CATALOGUE_API.test(url.pathname) && !wantsLive(request),
  catalogue,
);

registerRoute(({ url, sameOrigin }) => sameOrigin && /^\/(uploads|storage)\//.test(url.pathname), photos);

// Hashed build files not in the precache (a lazy chunk a page loaded): kept on first use, bounded.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: 'mtumba-assets', plugins: [bounded(80, 30)] }),
);
