import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, RouteErrorBoundary } from './route-error';

function renderFailingRoute(error: Error) {
  const Failing = () => {
    throw error;
  };
  render(
    <RouteErrorBoundary resetKey="/">
      <Failing />
    </RouteErrorBoundary>,
  );
}

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('route error screen', () => {
  it('recognises a page whose code is gone after a deploy', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/login-abc.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads once for a stale page, then offers a reload button instead of looping', () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    vi.spyOn(console, 'error').mockImplementation(() => {});

    renderFailingRoute(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));
    expect(reload).toHaveBeenCalledOnce();
    expect(screen.getByRole('status')).toHaveTextContent('The shop was updated');
  });

  it('does not reload again within a minute and explains what to do', () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    sessionStorage.setItem('mtumba:reloaded-for-update', String(Date.now()));

    renderFailingRoute(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Please reload the page.');
  });

  it('shows a friendly message for any other error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderFailingRoute(new Error('boom'));
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});
