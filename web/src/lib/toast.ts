import type { ToastOptions } from 'react-toastify';

/**
 * Toasts without react-toastify in the first download: the library (about 10 KB gzipped with its
 * styles) loads on first use or when the toast area mounts, whichever is first. A toast raised
 * before the area is mounted waits in react-toastify's queue and shows as soon as it is.
 */
type Kind = 'success' | 'error' | 'info' | 'warning';

const library = () => import('react-toastify');

function show(kind: Kind, message: string, options?: ToastOptions): void {
  void library().then(({ toast: t }) => {
    t[kind](message, options);
  });
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
};
