import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { SignInDialogProvider } from '@/features/auth/components/sign-in-dialog-provider';
import { useAuth } from '@/lib/auth/use-auth';
import { actedOnAddress } from '@/lib/use-on-navigation';
import { lazyScreen } from './lazy-screen';
import { AppNavbar } from './navbar';
import messages from '@/i18n/catalogs/en/browse.json';
import { useT } from '@/i18n';

// Loaded ahead of hydration on a server-drawn page (see lazy-screen.ts).
export const Footer = lazyScreen(() => import('./footer'));
// Only a signed-in customer can need it: visitors do not download it.
const VerifyEmailBanner = lazy(() =>
  import('@/features/auth/components/verify-email-banner').then((m) => ({ default: m.VerifyEmailBanner })),
);

/** Screens that appear without the page fade (docs/product.md: Add New Product has no transition). */
const NO_FADE = new Set([paths.addProduct()]);

/** The frame of every page: navbar, verification banner, the page (fading in), footer. */
export function AppLayout() {
  const t = useT(messages);
  const { pathname, search } = useLocation();
  const { isSignedIn } = useAuth();
  const main = useRef<HTMLElement>(null);
  const firstPath = useRef(true);
  // When the page on screen was drawn (performance.now()).
  const drawnAt = useRef(0);
  // A new page of a list (?page=2) is a new screen too: start it at the top, not at the footer.
  const listPage = new URLSearchParams(search).get('page');

  useEffect(() => {
    // The first page is where the browser put it: a shopper who scrolled the server-drawn page
    // before the app took it over (a slow phone) stays where they are.
    if (firstPath.current) firstPath.current = false;
    else {
      window.scrollTo(0, 0);
      // After an in-app navigation, put keyboard and screen-reader focus at the start of the new
      // page, unless the shopper already tapped or typed somewhere while it was loading (say, the
      // account menu right after signing in): taking their focus would close what they opened.
      if (!actedOnAddress(drawnAt.current, pathname, search)) main.current?.focus({ preventScroll: true });
      // pages after the server-drawn first one fade in again
      document.documentElement.removeAttribute('data-ssr');
    }
    drawnAt.current = performance.now();
    // The query is read for that check only: a new search on the same list is not a new page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, listPage]);

  return (
    <SignInDialogProvider>
      <a href="#main" className="visually-hidden-focusable skip-link">
        {t('layout.skip')}
      </a>
      <AppNavbar />
      {isSignedIn && (
        <Suspense fallback={null}>
          <VerifyEmailBanner />
        </Suspense>
      )}
      <main id="main" ref={main} tabIndex={-1} className="container py-3 site-main">
        <Suspense fallback={<LoadingSpinner label={t('layout.loading')} />}>
          <div key={pathname} className={NO_FADE.has(pathname) ? undefined : 'page-fade'}>
            <Outlet />
          </div>
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </SignInDialogProvider>
  );
}
