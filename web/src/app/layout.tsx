import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';

/** The frame of every page: scroll to top on each path change, and the page content. */
export function AppLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <>
      <main id="main" className="container py-3">
        <Suspense fallback={<div className="text-center py-5" role="status" aria-label="Loading" />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
