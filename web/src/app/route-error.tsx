import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import messages from '@/i18n/catalogs/en/browse.json';
import { useT } from '@/i18n';

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
export function RouteError({ error }: { error: unknown }) {
  const t = useT(messages);
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
        {t('error.updating')}
      </p>
    );
  }
  return (
    <div className="container py-5 text-center" role="alert">
      <h1 className="h3">{t('error.title')}</h1>
      <p>{stale ? t('error.stale') : t('error.generic')}</p>
      <div className="d-flex gap-2 justify-content-center">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('error.reload')}
        </button>
        <a className="btn btn-outline-primary" href="/">
          {t('error.home')}
        </a>
      </div>
    </div>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** a new value (the next page's path) clears the error */
  resetKey: string;
}

/** Shows RouteError instead of a page that failed to load or render, until the path changes. */
export class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; key: string }> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A page failed', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
