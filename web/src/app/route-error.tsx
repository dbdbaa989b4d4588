import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';

const RELOADED_KEY = 'mtumba:reloaded-for-update';

/** A lazy page's code could not be fetched: after a deploy the old file names are gone. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
    message,
  );
}

/**
 * The screen for an error while loading or showing a page. A page whose code was replaced by a
 * new deploy reloads the app once (the browser then gets the new files); anything else shows a
 * friendly message with a way back.
 */
export function RouteError() {
  const error = useRouteError();
  const stale = isChunkLoadError(error);
  // Reload at most once a minute, so a chunk that is really missing cannot loop.
  const lastReload = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0);
  const alreadyReloaded = stale && Date.now() - lastReload < 60_000;

  useEffect(() => {
    if (stale && !alreadyReloaded) {
      sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
      window.location.reload();
    }
  }, [stale, alreadyReloaded]);

  if (stale && !alreadyReloaded) {
    return (
      <p role="status" className="container py-5 text-center">
        The shop was updated. Loading the new version…
      </p>
    );
  }
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="container py-5 text-center" role="alert">
      <h1 className="h3">{notFound ? 'Page not found' : 'Something went wrong'}</h1>
      <p>
        {stale
          ? 'The shop was updated while this page was open. Please reload the page.'
          : 'Sorry, this page could not be shown. Please try again.'}
      </p>
      <div className="d-flex gap-2 justify-content-center">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <a className="btn btn-outline-primary" href="/">
          Go to the home page
        </a>
      </div>
    </div>
  );
}
