import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import './discovery.css';
import type { DehydratedState } from '@tanstack/react-query';
import { startTransition, StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { Footer } from './app/layout';
import { ReplayEarlyInput, takeEarlyInput } from './app/early-input';
import { AppRoutes, preloadStorefrontScreen } from './app/router';
import { LanguageProvider, loadLanguage } from './i18n';
import { pageLanguage } from './i18n/language';

const container = document.getElementById('root')!;
// A storefront page rendered by the server (src/entry-server.tsx) carries the data it was drawn
// from: the Query cache starts with it and React hydrates the HTML instead of drawing it again.
const stateScript = document.getElementById('app-state');
const initialData = stateScript ? (JSON.parse(stateScript.textContent ?? '{}') as DehydratedState) : undefined;

const hydrating = Boolean(initialData && container.firstElementChild);
// The language the server drew the page in (<html lang>): its catalogs load before React draws.
const language = pageLanguage();
const app = (extra?: ReactNode) => (
  <StrictMode>
    <LanguageProvider language={language}>
      <AppProvider initialData={initialData} serverDrawn={hydrating}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        {extra}
      </AppProvider>
    </LanguageProvider>
  </StrictMode>
);

if (hydrating) {
  // Hydrate only once the page's screen and the footer are loaded: nothing may suspend meanwhile
  // (app/lazy-screen.ts). A chunk that fails to load does not stop hydration: that part suspends
  // and retries (or shows the error screen) as any lazy part would. As a transition, React hydrates
  // in slices of a few milliseconds and lets the browser answer a tap in between.
  // Taps and choices made before now (the loader held them) are made again once it has hydrated.
  void Promise.allSettled([
    preloadStorefrontScreen(window.location.pathname),
    Footer.preload(),
    loadLanguage(language),
  ]).then(() => {
    const early = takeEarlyInput();
    startTransition(() => {
      hydrateRoot(container, app(<ReplayEarlyInput input={early} />));
    });
  });
} else {
  // English needs nothing loaded; a Kiswahili page that cannot fetch its catalogs shows English.
  void loadLanguage(language)
    .catch(() => undefined)
    .then(() => createRoot(container).render(app()));
}

// The installed app (docs/architecture.md section 21): the service worker is registered once the
// page has loaded and the browser is idle, from a lazy chunk, so the first download is unchanged.
// Only in a production build (never under the Vite dev server or the tests).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const start = () => void import('./lib/offline/register').then((m) => m.startOfflineSupport());
  const whenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(start, { timeout: 5000 }) : setTimeout(start, 1000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
